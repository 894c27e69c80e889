/**
 * The cors knob: on (the default) the service routes answer any page's preflight and name it allowed;
 * off, the sandbox plays a service that allows no cross-origin calls, as a browser meets it: no
 * preflight answered, no Access-Control-* header on any answer, while a caller outside a browser (a
 * relay) is still served.
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { admin, sandboxSuite } from './harness';

const suite = sandboxSuite();
afterEach(() => suite.sandbox.configure({ cors: true }));

const PAGE = 'https://excel.officeapps.live.com';

/** A browser's preflight for POST /batch with the key, as the add-in sends it. */
const preflight = () =>
  suite.api.raw('/batch', {
    method: 'OPTIONS',
    headers: {
      origin: PAGE,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

const corsHeaders = (headers: Headers): string[] =>
  [...headers.keys()].filter((name) => name.startsWith('access-control-'));

test('on by default: the preflight is answered and every answer allows the page', async () => {
  const answer = await preflight();
  expect(answer.status).toBeLessThan(300);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  const get = await suite.api.raw('/industries', {
    headers: { origin: PAGE, authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  expect(get.headers.get('access-control-allow-origin')).toBe('*');
});

test('off: no preflight answered and no CORS header anywhere, but the service still serves a caller outside a browser', async () => {
  expect((await admin(suite.sandbox, 'POST', '/config', { cors: false })).status).toBe(200);
  const answer = await preflight();
  expect(answer.status).toBe(404);
  expect(corsHeaders(answer.headers)).toEqual([]);
  const get = await suite.api.raw('/industries', {
    headers: { origin: PAGE, authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  expect(get.status).toBe(200);
  expect(corsHeaders(get.headers)).toEqual([]);
  expect((await suite.api.get('/organizations?page=1')).status).toBe(200);
});

test('the knob takes true or false only, from the config route and the command line', async () => {
  const refused = await admin(suite.sandbox, 'POST', '/config', { cors: 'no' });
  expect(refused.status).toBe(422);
  expect(refused.text).toContain('cors must be true or false');
  const { parseCliArgs } = await import('../../tools/sandbox/server/cliArgs');
  expect(parseCliArgs(['--cors', 'false'])).toMatchObject({ kind: 'start', options: { cors: false } });
});
