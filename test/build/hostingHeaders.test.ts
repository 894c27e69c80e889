/**
 * The headers a static host sends with dist/, read from the files the production build writes for
 * common hosts (staticwebapp.config.json for Azure Static Web Apps, _headers for Netlify and
 * Cloudflare Pages) as each host applies them: functions.json and the bundles readable cross-origin
 * (Excel on the web fetches the metadata from its own frame, office-js#3970), the page's own policy
 * with office.js's frame allowed, and no frame-ancestors list that would leave out a host framing the
 * pane. docs/security.md shows the same headers.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { productionDist, removeTempDirs } from './dist';

const { contentSecurityPolicy, OFFICE_JS_FOLDER } = require('../../build/contentSecurity.js') as {
  contentSecurityPolicy: (serviceUrl: string) => string;
  OFFICE_JS_FOLDER: string;
};
const { hostingHeaders } = require('../../build/hosting.js') as {
  hostingHeaders: (serviceUrl: string) => Record<string, string>;
};

const DIST = productionDist();
afterAll(removeTempDirs);

/** What Excel loads from dist/: the runtime page, the metadata (and a language's), the bundles, an icon, the pages. */
const SERVED = [
  'taskpane.html',
  'functions.json',
  'functions-de.json',
  'runtime.js',
  'shared.js',
  'functions.js',
  'taskpane.js',
  'commands.js',
  'assets/icon-32.png',
  'help/functions.html',
  'assets/support.html',
  'assets/help.de.html',
];

/** Azure Static Web Apps: globalHeaders on every static file, then a matching route's own headers. */
function staticWebAppHeaders(file: string): Record<string, string> {
  const config = JSON.parse(readFileSync(join(DIST, 'staticwebapp.config.json'), 'utf8')) as {
    globalHeaders?: Record<string, string>;
    routes?: Array<{ route: string; headers?: Record<string, string> }>;
  };
  const routes = (config.routes ?? []).filter((route) => glob(route.route).test(`/${file}`));
  return Object.assign({}, config.globalHeaders, ...routes.map((route) => route.headers ?? {}));
}

/** Netlify's and Cloudflare Pages' _headers: every block whose path pattern matches adds its headers. */
function headersFileHeaders(file: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let applies = false;
  for (const line of readFileSync(join(DIST, '_headers'), 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      applies = glob(line.trim()).test(`/${file}`);
      continue;
    }
    const at = line.indexOf(':');
    if (applies) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** A host's path pattern (`/*`, `/help/*`) as a regular expression. */
function glob(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

/** The taskpane page's own policy, from its meta tag. */
function metaPolicy(): string {
  const html = readFileSync(join(DIST, 'taskpane.html'), 'utf8');
  return /<meta http-equiv="?Content-Security-Policy"? content="([^"]*)"/i.exec(html)?.[1] ?? '';
}

describe.each([
  ['Azure Static Web Apps (staticwebapp.config.json)', staticWebAppHeaders],
  ['Netlify and Cloudflare Pages (_headers)', headersFileHeaders],
])('%s', (_, headersFor) => {
  test.each(SERVED)('%s is readable from Excel on the web, under the page policy, never sniffed', (file) => {
    expect(readFileSync(join(DIST, file)).length).toBeGreaterThan(0); // the file is there to be served
    const headers = headersFor(file);
    expect(headers['Access-Control-Allow-Origin']).toBe('*');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Content-Security-Policy']).toBe(metaPolicy());
  });
});

test('the policy lets office.js open its trust-check frame and names no frame-ancestors', () => {
  const policy = metaPolicy();
  expect(policy).toBe(contentSecurityPolicy(''));
  expect(policy.split('; ')).toContain(`frame-src ${OFFICE_JS_FOLDER}`);
  expect(policy).not.toMatch(/frame-ancestors/);
  expect(staticWebAppHeaders('taskpane.html')).not.toHaveProperty('X-Frame-Options');
});

test('docs/security.md shows exactly those headers for a production build', () => {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'security.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Hosting dist/'));
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const expected = Object.entries(hostingHeaders('https://climate.example')).map(
    ([name, value]) => `${name}: ${value}`,
  );
  expect(block.trim().split('\n')).toEqual(expected);
});
