/**
 * The relay (tools/relay) over real HTTP, between the add-in's client and the sandbox with CORS off:
 * every call the add-in makes gets through, pages are followed through the relay, and nothing but the
 * service's paths, methods and three request headers is forwarded; it writes nothing anywhere, so the
 * key is never logged. The Azure Static Web Apps function is the same relay.
 */
import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { ClimateClient } from '../../src/service/client';
import { nodeFetch } from '../../src/service/nodeFetch';
import {
  SANDBOX_PROJECT_KEY,
  SANDBOX_TEAM_KEY,
  startSandbox,
  type RunningSandbox,
} from '../../tools/sandbox/server/server';

interface RelayOptions {
  serviceUrl: string;
  prefix: string;
}
const { relayHandler } = require('../../tools/relay/relay.js') as {
  relayHandler: (options: RelayOptions) => (request: IncomingMessage, response: ServerResponse) => boolean;
};
/** The Azure Functions entry point, as the function host calls it. */
type AzureFunction = (
  context: { res?: { status: number; headers: Record<string, string>; body: string } },
  req: { method: string; url: string; headers: Record<string, string>; rawBody?: string },
) => Promise<void>;

const PREFIX = '/api/climate';

let sandbox: RunningSandbox;
let relayUrl: string;
let server: http.Server;

/** A Node server holding the relay under PREFIX, as a host beside dist/ would; anything else: 404. */
function startRelay(serviceUrl: string): Promise<http.Server> {
  const relay = relayHandler({ serviceUrl, prefix: PREFIX });
  const relayServer = http.createServer((request, response) => {
    if (!relay(request, response)) response.writeHead(404).end();
  });
  return new Promise((resolve) => relayServer.listen(0, '127.0.0.1', () => resolve(relayServer)));
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 300, quiet: true, cors: false, profilingSeconds: 0 });
  server = await startRelay(sandbox.url);
  relayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});

const client = () => new ClimateClient({ baseUrl: relayUrl, apiKey: SANDBOX_PROJECT_KEY, fetch: nodeFetch });

test("every call of the add-in's client gets through, with the service's answers and errors", async () => {
  const org = sandbox.population.organizations.find((o) => o.profile !== null)!;
  const registered = await client().registerOrganization({ name: org.name });
  expect(registered.name).toBe(org.name);
  expect((await client().getOrganization(registered.id)).id).toBe(registered.id);
  const [item] = await client().batch([{ method: 'GET', url: `/organizations/${registered.id}` }]);
  expect(item.status).toBe(200);
  expect((await client().searchIndustries('a')).items.length).toBeGreaterThan(0);
  expect((await client().createProject('Relayed', SANDBOX_TEAM_KEY)).name).toBe('Relayed');
  // The service's own refusals come back as they were sent.
  await expect(client().getOrganization(999_999_999)).rejects.toMatchObject({ kind: 'not-found' });
  const noKey = new ClimateClient({ baseUrl: relayUrl, apiKey: 'not-a-key', fetch: nodeFetch });
  await expect(noKey.listIndustries()).rejects.toMatchObject({ kind: 'auth' });
});

test('pages link through the relay, so the client follows them (it follows links under its address only)', async () => {
  const first = await client().listIndustries(1);
  expect(first.next).toBe('/industries?page=2');
  const answer = await fetch(`${relayUrl}/industries?page=1`, {
    headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  expect(answer.headers.get('link')).toContain(`<${PREFIX}/industries?page=2>; rel="next"`);
  expect(answer.headers.get('link')).not.toContain(sandbox.url);
});

test.each([
  ['GET', '/__sandbox/config', 404],
  ['POST', '/__sandbox/config', 404],
  ['GET', '/../__sandbox/stats', 404],
  ['GET', '/%2e%2e/__sandbox/stats', 404],
  ['GET', '/organizations/1/../../__sandbox/config', 404],
  ['GET', '/anything', 404],
  ['DELETE', '/organizations/1', 405],
  ['PUT', '/batch', 405],
])('%s %s is not forwarded (%i), and the service is not asked', async (method, path, status) => {
  sandbox.resetStats();
  const answer = await fetch(`${relayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  // A path that climbs out of the relay's folder is not the relay's at all: the host answers it.
  expect(answer.status).toBe(status);
  expect(sandbox.stats().requests).toBe(0);
});

test('only the method, the query, the body and the Authorization, Content-Type and Accept headers are forwarded', async () => {
  const seen: IncomingMessage[] = [];
  const upstream = http.createServer((request, response) => {
    seen.push(request);
    response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a=b', 'x-internal': 'yes' });
    response.end('[]');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const relayed = await startRelay(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  try {
    const url = `http://127.0.0.1:${(relayed.address() as AddressInfo).port}${PREFIX}/industries?page=3`;
    const answer = await fetch(url, {
      headers: {
        authorization: 'Bearer k',
        accept: 'application/json',
        cookie: 'session=1',
        'x-forwarded-for': '10.0.0.1',
        'x-custom': 'no',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('x-internal')).toBeNull();
    expect(seen[0].url).toBe('/industries?page=3');
    // What arrives beyond the three is Node's fetch's own (host, user-agent, ...), never the caller's.
    expect(Object.keys(seen[0].headers)).toEqual(expect.not.arrayContaining(['cookie', 'x-forwarded-for', 'x-custom']));
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer k', accept: 'application/json' });
  } finally {
    await new Promise((resolve) => relayed.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  }
});

test('a body larger than any the add-in sends is refused whole (413), never forwarded cut short', async () => {
  sandbox.resetStats();
  const answer = await fetch(`${relayUrl}/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `requests=${'x'.repeat(1_500_000)}`,
  });
  expect(answer.status).toBe(413);
  expect(sandbox.stats().requests).toBe(0);
});

test('a service that cannot be reached is a 502 in the service’s error envelope', async () => {
  const dead = await startRelay('http://127.0.0.1:1');
  try {
    const answer = await fetch(`http://127.0.0.1:${(dead.address() as AddressInfo).port}${PREFIX}/industries`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({
      error: { type: 'relay_error', message: 'The relay could not reach the climate service.' },
    });
  } finally {
    await new Promise((resolve) => dead.close(resolve));
  }
});

test('the relay writes nothing to the console or the output, so the key is never logged', async () => {
  const writes: string[] = [];
  const spies = [
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      jest.spyOn(console, name).mockImplementation((...parts: unknown[]) => void writes.push(parts.join(' '))),
    ),
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true)),
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true)),
  ];
  try {
    await client().listIndustries();
    await client().batch([{ method: 'GET', url: '/organizations/1' }]);
    await fetch(`${relayUrl}/__sandbox/config`, { headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` } });
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect(writes).toEqual([]);
});

test('the Azure Static Web Apps function is the same relay: /api/climate/<path> to CLIMATE_SERVICE_URL', async () => {
  jest.resetModules();
  process.env.CLIMATE_SERVICE_URL = `${sandbox.url}/`;
  try {
    const run = require('../../tools/relay/climate/index.js') as AzureFunction;
    const context: Parameters<AzureFunction>[0] = {};
    await run(context, {
      method: 'GET',
      url: `https://addin.example${PREFIX}/industries?page=1`,
      headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
    });
    expect(context.res?.status).toBe(200);
    expect(context.res?.headers.link).toContain(`<${PREFIX}/industries?page=2>`);
    expect(JSON.parse(context.res!.body).length).toBeGreaterThan(0);
    const refused: Parameters<AzureFunction>[0] = {};
    await run(refused, { method: 'GET', url: `https://addin.example${PREFIX}/__sandbox/stats`, headers: {} });
    expect(refused.res?.status).toBe(404);
  } finally {
    delete process.env.CLIMATE_SERVICE_URL;
  }
});
