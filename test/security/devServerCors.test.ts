/**
 * The https dev server (`npm start`) answers CORS for the bundles and their source maps only to
 * Office's origins: a web page elsewhere the developer visits cannot read the add-in's sources.
 */
import { readFileSync } from 'fs';
import { get } from 'https';
import { join } from 'path';
import { generateCertificates } from 'office-addin-dev-certs';
import { startDevServer, type RunningDevServer } from '../../tools/dev/devServer';
import { removeTempDirs, tempDir } from '../build/dist';

let server: RunningDevServer;
let ca: Buffer;

beforeAll(async () => {
  const dir = tempDir('certs');
  const paths = { ca: join(dir, 'ca.crt'), cert: join(dir, 'localhost.crt'), key: join(dir, 'localhost.key') };
  await generateCertificates(paths.ca, paths.cert, paths.key, 1);
  const [caFile, cert, key] = [paths.ca, paths.cert, paths.key].map((file) => readFileSync(file));
  ca = caFile;
  server = await startDevServer({ certificates: { ca, cert, key, caPath: paths.ca, trusted: false }, port: 0 });
  expect((await server.firstBuild).errors).toEqual([]);
}, 180_000);
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

/** The status and CORS headers of a GET sent with `origin`. */
function headersFor(path: string, origin: string) {
  return new Promise<{ status: number; allow: unknown; vary: unknown }>((resolve, reject) => {
    get(`${server.url}${path}`, { ca, headers: { origin } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          allow: response.headers['access-control-allow-origin'],
          vary: response.headers.vary,
        }),
      );
    }).on('error', reject);
  });
}

test.each(['/taskpane.js', '/taskpane.js.map', '/functions.json'])('%s: CORS for Office only', async (path) => {
  for (const origin of ['https://excel.officeapps.live.com', 'https://contoso.sharepoint.com']) {
    expect(await headersFor(path, origin)).toEqual({
      status: 200,
      allow: origin,
      vary: expect.stringMatching(/Origin/),
    });
  }
  for (const origin of ['https://evil.example', 'http://localhost:8080', 'https://officeapps.live.com.evil.example']) {
    expect({ origin, ...(await headersFor(path, origin)) }).toEqual({
      origin,
      status: 200,
      allow: undefined,
      vary: expect.stringMatching(/Origin/),
    });
  }
});
