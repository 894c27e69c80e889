// The build's service URL checked by the runtime's own rule, and the page's Content-Security-Policy
// for a sandbox-default build (every loopback name the runtime accepts) and a production build (none).
import type webpack from 'webpack';
import {
  isLoopbackHost,
  LOOPBACK_HOSTNAMES,
  normalizeBaseUrl,
  SERVICE_LOOPBACK_HOSTNAMES,
} from '../../src/service/baseUrl';

type ConfigFactory = (env: Record<string, string>, argv: { mode: string }) => webpack.Configuration;
const configFactory = require('../../webpack.config.js') as ConfigFactory;

/** The policy the config hands the page template. */
function policyOf(env: Record<string, string>): Map<string, string[]> {
  const config = configFactory(env, { mode: 'production' });
  const page = config.plugins?.find(
    (plugin) => (plugin as { userOptions?: { filename?: string } }).userOptions?.filename === 'taskpane.html',
  );
  const policy = (page as unknown as { userOptions: { contentSecurityPolicy: string } }).userOptions
    .contentSecurityPolicy;
  return new Map(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

/** Whether a CSP source list lets the page connect to `url` (host-source with optional `:*`). */
function allows(sources: string[], url: string): boolean {
  const target = new URL(url);
  return sources.some((source) => {
    const match = /^(https?:)\/\/([^/]+?)(?::(\*|\d+))?$/.exec(source);
    if (!match) return false;
    const [, scheme, host, port] = match;
    const targetPort = target.port || (target.protocol === 'https:' ? '443' : '80');
    return (
      scheme === target.protocol &&
      host === target.hostname &&
      (port === '*' || (port ?? (scheme === 'https:' ? '443' : '80')) === targetPort)
    );
  });
}

let warn: jest.SpyInstance;
beforeEach(() => (warn = jest.spyOn(console, 'log').mockImplementation(() => undefined)));
afterEach(() => warn.mockRestore());

test.each([
  ['https://u:p@host.example/?q=1#f', /user name, password, query or fragment/],
  ['https://host.example/api?q=1', /query/],
  ['http://api.build-check.example', /must use https/],
  ['http://127.8.9.10:4010', /must use https/],
  ['ftp://host.example', /https/],
  ['not a url', /not a valid URL/],
])('the build refuses the service URL %s by the runtime rule, without repeating it', (value, message) => {
  expect(() => normalizeBaseUrl(value)).toThrow(message);
  let error: Error | null = null;
  try {
    configFactory({ serviceUrl: value }, { mode: 'production' });
  } catch (thrown) {
    error = thrown as Error;
  }
  expect(error?.message).toMatch(/^serviceUrl \/ CLIMATE_BASE_URL is refused: /);
  expect(error?.message).toMatch(message);
  expect(error?.message).not.toContain('u:p');
});

test('a sandbox-default build lets the page reach every loopback address the runtime accepts, on any port', () => {
  const connect = policyOf({}).get('connect-src')!;
  const accepted = ['http://127.0.0.1:4010', 'http://localhost:3001', 'https://localhost:8443', 'http://LOCALHOST:9'];
  for (const url of accepted) {
    expect(isLoopbackHost(new URL(normalizeBaseUrl(url)).hostname)).toBe(true);
    expect({ url, allowed: allows(connect, normalizeBaseUrl(url)) }).toEqual({ url, allowed: true });
  }
  for (const host of SERVICE_LOOPBACK_HOSTNAMES) expect(allows(connect, `http://${host}:12345`)).toBe(true);
  // No IPv6 literal: Chromium refuses one in a policy as an invalid source (and logs an error).
  expect(connect.filter((source) => source.includes('['))).toEqual([]);
  expect(allows(connect, 'http://evil.example:4010')).toBe(false);
});

test('a production build (serviceUrl set) reaches its service and never this computer', () => {
  const connect = policyOf({ serviceUrl: 'https://api.build-check.example/v1/' }).get('connect-src')!;
  expect(allows(connect, 'https://api.build-check.example/v1/batch')).toBe(true);
  for (const host of LOOPBACK_HOSTNAMES) {
    expect({ host, allowed: allows(connect, `http://${host}:4010`) }).toEqual({ host, allowed: false });
  }
  expect(connect.some((source) => /localhost|127\.0\.0\.1|\[::1\]/.test(source))).toBe(false);
});

test("script-src is this origin and office.js's hosted folder only", () => {
  expect(policyOf({}).get('script-src')).toEqual(["'self'", 'https://appsforoffice.microsoft.com/lib/1/hosted/']);
});
