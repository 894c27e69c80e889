// The built add-in as it ships: dist/ from `npm run build` (npm test builds before jest), plus
// builds of our own for the build-time flags and the Node-only guard.
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { createContext, runInContext } from 'vm';
import webpack from 'webpack';
import { buildProduction, productionDist, removeTempDirs, tempDir } from './dist';

type ConfigFactory = (env: Record<string, string>, argv: { mode: string }) => webpack.Configuration;
const configFactory = require('../../webpack.config.js') as ConfigFactory;

const DIST = productionDist();
afterAll(removeTempDirs);
const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';
const ENTRIES = ['functions.js', 'taskpane.js', 'commands.js'];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const bundles = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.js'));

/** The scripts of taskpane.html, in document order. */
function pageScripts(dir: string): string[] {
  return [...read(dir, 'taskpane.html').matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/g)].map((match) => match[1]);
}

describe('dist/ from npm run build', () => {
  test('taskpane.html is the shared-runtime page: office.js from the CDN first, then every bundle', () => {
    const scripts = pageScripts(DIST);
    expect(scripts[0]).toBe(OFFICE_JS_CDN);
    const local = scripts.slice(1);
    expect(local).toEqual(expect.arrayContaining(ENTRIES));
    // Every script the page loads exists, and every bundle is loaded by the page.
    expect([...local].sort()).toEqual(bundles(DIST).sort());
    // The webpack runtime (one per page, so the entries share module instances) comes first.
    expect(local[0]).toBe('runtime.js');
  });

  test('functions.json is generated from the JSDoc, without the namespace, and every function is associated', () => {
    const metadata = JSON.parse(read(DIST, 'functions.json')) as { functions: Array<{ id: string; name: string }> };
    expect(metadata.functions.length).toBeGreaterThan(0);
    const ids = metadata.functions.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const javascript = bundles(DIST)
      .map((file) => read(DIST, file))
      .join('\n');
    for (const { id, name } of metadata.functions) {
      expect(id).toMatch(/^[A-Z][A-Z0-9_.]*$/);
      expect(name).toBeTruthy();
      expect(`${id} ${name}`).not.toMatch(/CLIMATE\./); // the manifest's namespace prefixes them in Excel
      expect({
        id,
        associated: new RegExp(`associate\\(["']${id.replace(/\./g, '\\.')}["']`).test(javascript),
      }).toEqual({ id, associated: true });
    }
  });

  test("the bundles hold no Node-only code and none of the sandbox's own paths", () => {
    for (const file of bundles(DIST)) {
      const code = read(DIST, file);
      expect({
        file,
        nodeRequire:
          code.match(
            /require\(["'](node:)?(fs|path|http|https|net|tls|crypto|stream|zlib|child_process|os|worker_threads)["']\)/,
          )?.[0] ?? null,
      }).toEqual({ file, nodeRequire: null });
      expect({ file, nodeScheme: code.match(/["']node:[a-z_/]+["']/)?.[0] ?? null }).toEqual({
        file,
        nodeScheme: null,
      });
      expect({ file, server: code.match(/undici|fastify|__sandbox/)?.[0] ?? null }).toEqual({ file, server: null });
    }
  });

  test('the ribbon functions the manifests name are registered by the built commands bundle', async () => {
    const names = [...read(DIST, 'manifest.xml').matchAll(/<FunctionName>([^<]+)<\/FunctionName>/g)]
      .map((m) => m[1])
      .sort();
    expect(names).toEqual(['buildSummary', 'refreshAll', 'scoreSelection']);
    const unified = JSON.parse(read(DIST, 'manifest.json')) as {
      extensions: Array<{ runtimes: Array<{ actions: Array<{ id: string; type: string }> }> }>;
    };
    const actions = unified.extensions[0].runtimes.flatMap((runtime) => runtime.actions);
    expect(
      actions
        .filter((action) => action.type === 'executeFunction')
        .map((action) => action.id)
        .sort(),
    ).toEqual(names);
    // Run the page's scripts up to the commands bundle against a minimal Office object.
    const registered = new Map<string, unknown>();
    const Office = {
      onReady: (callback?: (info: object) => unknown) =>
        Promise.resolve(callback?.({ host: 'Excel', platform: 'OfficeOnline' })),
      actions: { associate: (name: string, action: unknown) => void registered.set(name, action) },
    };
    const context = createContext({ Office, console, setTimeout, clearTimeout });
    for (const script of pageScripts(DIST)
      .slice(1)
      .filter((file) => file !== 'functions.js' && file !== 'taskpane.js')) {
      runInContext(read(DIST, script), context, { filename: script });
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...registered.keys()].sort()).toEqual(names);
    for (const action of registered.values()) expect(typeof action).toBe('function');
  });

  test('copies the assets: icons and the provider logo', () => {
    expect(readdirSync(join(DIST, 'assets'))).toEqual(
      expect.arrayContaining(['icon-16.png', 'icon-32.png', 'icon-64.png', 'icon-80.png', 'logo-provider.png']),
    );
  });
});

describe('build-time settings', () => {
  const SERVICE = 'https://api.build-check.example';
  const ADDIN = 'https://addins.build-check.example/climate/';
  let out: string;
  beforeAll(() => {
    // The service URL by flag, the add-in URL by environment variable: both ways of giving them.
    out = buildProduction(tempDir('flags'), {
      flags: ['--env', `serviceUrl=${SERVICE}/`],
      env: { ADDIN_URL: ADDIN.slice(0, -1) },
    });
  });

  test('the service base URL is compiled into the bundles in place of process.env.CLIMATE_BASE_URL', () => {
    const code = bundles(out)
      .map((file) => read(out, file))
      .join('\n');
    expect(code).toContain(`"${SERVICE}"`);
    expect(code).not.toContain('CLIMATE_BASE_URL');
    // ...and only where it was asked for.
    expect(
      bundles(DIST)
        .map((file) => read(DIST, file))
        .join('\n'),
    ).not.toContain(SERVICE);
  });

  test("the page's Content-Security-Policy lets it call that service", () => {
    const meta = read(out, 'taskpane.html').match(
      /http-equiv=["']?Content-Security-Policy["']?\s+content=(?:"([^"]*)"|'([^']*)')/i,
    );
    const policy = meta?.[1] ?? meta?.[2] ?? '';
    expect(policy.split(';').find((directive) => directive.trim().startsWith('connect-src'))).toContain(SERVICE);
  });

  test.each(['manifest.xml', 'manifest.json'])('the production %s points at the add-in URL', (file) => {
    const manifest = read(out, file);
    expect(manifest).toContain(`"${ADDIN}taskpane.html"`);
    expect(manifest).toContain(`"${ADDIN}functions.json"`);
    expect(manifest).not.toContain('localhost');
  });

  test("the functions' help links point at the add-in URL's help page", () => {
    const { functions } = JSON.parse(read(out, 'functions.json')) as { functions: Array<{ helpUrl?: string }> };
    expect(functions.length).toBeGreaterThan(0);
    for (const { helpUrl } of functions) {
      expect({ helpUrl, onAddin: helpUrl?.startsWith(`${ADDIN}help/functions.html#`) }).toEqual({
        helpUrl,
        onAddin: true,
      });
    }
    expect(read(out, 'help/functions.html')).toContain('<h1>');
  });
});

test.each([
  [
    'service URL',
    'serviceUrl=http://api.build-check.example',
    /serviceUrl \/ CLIMATE_BASE_URL is refused: .*must use https/,
  ],
  ['add-in URL (even on loopback)', 'addinUrl=http://localhost:8080/', /addinUrl \/ ADDIN_URL must use https/],
])('a build-time %s that is not https is refused', (_, flag, message) => {
  expect(() => buildProduction(tempDir('http'), { flags: ['--env', flag] })).toThrow(message);
});

test.each([
  ['a query', 'https://addin.build-check.example/a?v=2', 'a query (?v=2)'],
  ['a fragment', 'https://addin.build-check.example/#top', 'a fragment (#top)'],
  ['a user and password', 'https://deploy:s3cret@addin.build-check.example/', 'a user or password'],
])('a build-time add-in URL with %s is refused: it would end up in the manifests', (_, addinUrl, part) => {
  // Before: "https://…/a?v=2/taskpane.html" (the page /a), "https://…/#top/taskpane.html" (the site's root),
  // and the password written into every manifest handed to users and to AppSource.
  expect(() => configFactory({ addinUrl }, { mode: 'production' })).toThrow(
    `addinUrl / ADDIN_URL must be the address of a folder, without ${part}`,
  );
  expect(() => configFactory({ addinUrl }, { mode: 'production' })).not.toThrow('s3cret');
});

test('a build-time add-in URL ending in a bare "?" or "#" is the folder it names', () => {
  const manifestBase = (addinUrl: string) => {
    const plugins = configFactory({ addinUrl }, { mode: 'production' }).plugins ?? [];
    return (plugins.find((plugin) => plugin?.constructor.name === 'ManifestsPlugin') as { base?: string })?.base;
  };
  expect(manifestBase('https://addin.build-check.example/app?')).toBe('https://addin.build-check.example/app/');
  expect(manifestBase('https://addin.build-check.example/app/#')).toBe('https://addin.build-check.example/app/');
});

test('the build fails when server-side packages are imported into a browser bundle', async () => {
  const config = configFactory({}, { mode: 'development' });
  config.entry = { functions: join(__dirname, 'fixtures', 'nodeOnlyEntry.ts') };
  config.output = { ...config.output, path: tempDir('guard') };
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config).run((error, result) => (error || !result ? reject(error) : resolve(result)));
  });
  const messages = stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message) ?? [];
  expect(messages).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^Node-only module in a browser bundle: \S*node_modules\/undici\/.* \(imported by test\/build\/fixtures\/nodeOnlyEntry\.ts\)/,
      ),
      expect.stringMatching(/^Node-only module in a browser bundle: \S*node_modules\/fastify\//),
    ]),
  );
});
