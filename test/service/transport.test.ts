/**
 * The client's HTTP behaviour against scripted loopback servers: what goes on the wire, where the key
 * may go, and the failures the sandbox has no knob for.
 */
import { ClimateClient } from '../../src/service/client';
import {
  MalformedResponseError,
  NetworkError,
  RateLimitError,
  ServerError,
  ServiceError,
} from '../../src/service/errors';
import { encodeBatch } from '../../src/service/batchCodec';
import { request } from '../../src/service/http';
import { nodeFetch } from '../../src/service/nodeFetch';
import { json, startScriptedServer, type ScriptedServer } from './scriptedServer';

const KEY = 'dc_production_' + 'ab'.repeat(32);
const org = { id: 1, name: 'Acme' };

const servers: ScriptedServer[] = [];
async function serve(answer: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const server = await startScriptedServer(answer);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const clientFor = (server: ScriptedServer, options: { apiKey?: string | null; timeoutMs?: number } = {}) =>
  new ClimateClient({ baseUrl: server.url + '/', apiKey: KEY, fetch: nodeFetch, ...options });

/** The rejection of a promise that must reject; also checks that no message ever carries the key. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
  expect(error.message).not.toContain(KEY);
  return error;
}

describe('what the client sends', () => {
  it('sends the key as a Bearer token, JSON for records and a form for batches', async () => {
    const batchAnswer = [{ status: 200, headers: {}, body: JSON.stringify(org) }];
    const server = await serve((req, res) =>
      req.url === '/batch' ? json(res, 200, batchAnswer) : json(res, 200, org),
    );
    const client = clientFor(server);
    await client.registerOrganization({ name: 'Acme', duns_number: '123456789' });
    await client.batch([{ url: '/organizations', method: 'POST', body: { name: 'Acme' } }]);
    const [register, batch] = server.received;
    expect(register).toMatchObject({ method: 'POST', url: '/organizations' });
    expect(register.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(register.headers['content-type']).toBe('application/json');
    expect(JSON.parse(register.body)).toEqual({ name: 'Acme', duns_number: '123456789' });
    expect(batch.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(batch.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(JSON.parse(new URLSearchParams(batch.body).get('requests') ?? '')).toEqual([
      { url: '/organizations', method: 'POST', body: { name: 'Acme' } },
    ]);
  });

  it('builds paths and queries under a base path; the team key only for projects; no key when null', async () => {
    const server = await serve((req, res) =>
      req.url?.endsWith('/projects') ? json(res, 201, { id: 3, name: 'P', api_key: 'new' }) : json(res, 200, []),
    );
    await new ClimateClient({ baseUrl: `${server.url}/api/`, apiKey: KEY, fetch: nodeFetch }).sbtiCompanies(
      { company_name: 'acme & co', sector: 'steel' },
      2,
    );
    await clientFor(server).createProject('P', 'team-key');
    await clientFor(server, { apiKey: null }).suppliers();
    expect(server.received.map((r) => r.url)).toEqual([
      '/api/sbti_companies?company_name=acme+%26+co&sector=steel&page=2',
      '/projects',
      '/v1/suppliers',
    ]);
    expect(server.received[1].headers.authorization).toBe('Bearer team-key');
    expect(server.received[2].headers.authorization).toBeUndefined();
  });

  it('uses the global fetch when none is given', async () => {
    const server = await serve((_req, res) => json(res, 200, org));
    const client = new ClimateClient({ baseUrl: server.url, apiKey: KEY });
    await expect(client.getOrganization(1)).resolves.toMatchObject({ id: 1, name: 'Acme' });
  });

  it('refuses a key that cannot go in a header, without quoting it', async () => {
    const server = await serve((_req, res) => json(res, 200, org));
    const error = await failure(clientFor(server, { apiKey: `${KEY}\nX-Evil: 1` }).getOrganization(1));
    expect(error.message).toMatch(/API key contains/);
    expect(server.received).toHaveLength(0);
  });
});

describe('the key stays with the base URL', () => {
  it('does not follow a redirect', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, org));
    const server = await serve((_req, res) => {
      res.writeHead(302, { Location: `${elsewhere.url}/organizations/1` });
      res.end();
    });
    const error = await failure(clientFor(server).getOrganization(1));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'http', status: 302 });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('sends only to a path under the base URL: any other target is refused before anything is sent', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, []));
    const server = await serve((_req, res) => json(res, 200, []));
    const config = { baseUrl: server.url + '/v1', apiKey: KEY, fetch: nodeFetch, timeoutMs: 5_000 };
    const refused: Array<[string, string]> = [
      [`${elsewhere.url}/industries`, 'is not a path under it'],
      [`//127.0.0.1:${new URL(elsewhere.url).port}/x`, 'is not a path under it'],
      ['industries', 'is not a path under it'],
      [`/\\127.0.0.1:${new URL(elsewhere.url).port}/x`, 'holds a backslash'],
      ['/industries\\..\\x', 'holds a backslash'],
      ['/../../x', 'holds a dot segment'],
      ['/industries/..', 'holds a dot segment'],
      ['/./industries', 'holds a dot segment'],
      ['/%2e%2e/x', 'holds a dot segment'],
      ['/%2E./x?page=1', 'holds a dot segment'],
      ['/.%2E/x', 'holds a dot segment'],
      ['/industries\r\nX-Injected: 1', 'holds a control character'],
      ['/industries\u0000', 'holds a control character'],
      ['/industries?q=\t', 'holds a control character'],
    ];
    for (const [target, problem] of refused) {
      const error = await failure(request(config, { method: 'GET', target }));
      expect(error.message).toBe(
        `A request goes only to a path under the service address: ${JSON.stringify(target)} ${problem}.`,
      );
      expect(() => encodeBatch([{ url: target, method: 'GET' }])).toThrow(error.message);
    }
    expect(elsewhere.received).toHaveLength(0);
    expect(server.received).toHaveLength(0);
    // Dots inside a segment and encoded slashes in a query are ordinary text.
    for (const target of ['/industries/search?q=a..b', '/v..2/x', '/industries?q=%2e%2e', '/sbti_companies?q=..']) {
      await request(config, { method: 'GET', target });
    }
    expect(server.received.map((req) => req.url.split('?')[0].slice(0, 3))).toEqual(['/v1', '/v1', '/v1', '/v1']);
  });
});

describe('pages by Link', () => {
  it('reads relative and absolute next and last links as paths under the base URL', async () => {
    const server = await serve((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      const links: Record<number, string> = {
        1: '</industries/search?q=st&page=2>; rel="next", </industries/search?q=st&page=3>; rel="last"',
        2: `<${server.url}/industries/search?q=st&page=3>; rel="next"`,
        3: '</industries/search?q=st&page=1>; rel="first"',
      };
      json(res, 200, [{ id: page, name: `Industry ${page}` }], { Link: links[page] });
    });
    const client = clientFor(server);
    const first = await client.searchIndustries('st');
    expect(first).toMatchObject({
      page: 1,
      next: '/industries/search?q=st&page=2',
      last: '/industries/search?q=st&page=3',
    });
    // An absolute link under the base URL is read as the path it names.
    expect((await client.searchIndustries('st', 2)).next).toBe('/industries/search?q=st&page=3');
  });
});

describe('failures', () => {
  it('a service that does not answer -> NetworkError after timeoutMs', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const error = await failure(clientFor(server, { timeoutMs: 200 }).getOrganization(1));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/did not answer within 0.2 s/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("the caller's abort rejects with the abort reason, not a service error", async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const pending = clientFor(server).registerOrganization({ name: 'Acme' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error).not.toBeInstanceOf(ServiceError);
    expect(error.name).toBe('AbortError');
  });

  it('a closed port -> NetworkError naming the cause', async () => {
    const server = await serve(() => undefined);
    const client = clientFor(server);
    await server.close();
    servers.length = 0;
    const error = await failure(client.listIndustries());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/Could not reach the service at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('a complete but truncated JSON body -> MalformedResponseError; a body cut mid-stream -> NetworkError', async () => {
    const server = await serve((req, res) => {
      const text = JSON.stringify(org);
      const complete = req.url === '/organizations/1';
      const sent = text.slice(0, 5);
      const length = String((complete ? sent : text).length);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': length });
      if (complete) res.end(sent);
      else res.write(sent, () => res.destroy());
    });
    const client = clientFor(server);
    expect(await failure(client.getOrganization(1))).toBeInstanceOf(MalformedResponseError);
    expect(await failure(client.getOrganization(2))).toBeInstanceOf(NetworkError);
  });

  it('503 and 429 with an HTTP-date Retry-After, HTML error pages', async () => {
    const server = await serve((req, res) => {
      const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
      const status = req.url === '/v1/suppliers' ? 503 : 429;
      res.writeHead(status, { 'Retry-After': inTenSeconds, 'Content-Type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
    });
    const client = clientFor(server);
    const unavailable = await failure(client.suppliers());
    expect(unavailable).toBeInstanceOf(ServerError);
    expect(unavailable).toMatchObject({ status: 503, message: 'The service failed (HTTP 503).' });
    const limited = (await failure(client.getOrganization(1))) as RateLimitError;
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.retryAfterMs).toBeGreaterThan(8_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(10_000);
  });
});
