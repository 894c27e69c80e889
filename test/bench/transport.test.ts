/**
 * The bench's transports over real connections to the sandbox on loopback: h1 holds to a browser's six
 * connections, h2 multiplexes everything over one HTTP/2 connection (the sandbox serving HTTP/2 over
 * TLS with a certificate made for the run), unlimited opens one connection per request in flight.
 */
import { localCertificate, type SandboxCertificate } from '../../tools/sandbox/server/certificate';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { openTransport, type TransportName } from './transport';

let certificate: SandboxCertificate;
beforeAll(async () => {
  certificate = await localCertificate();
});

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function sandboxFor(name: TransportName, latencyMs: number): Promise<RunningSandbox> {
  const tls = name === 'h2' ? { key: certificate.key, cert: certificate.cert } : undefined;
  const sandbox = await startSandbox({ port: 0, quiet: true, organizations: 200, latencyMs, tls });
  open.push(sandbox);
  return sandbox;
}

/** `count` lookups of one organization each, sent together through `name`; their statuses. */
async function burst(name: TransportName, sandbox: RunningSandbox, count: number) {
  const transport = await openTransport(name, certificate.ca);
  open.push(transport);
  const organization = sandbox.population.organizations[0];
  const body = new URLSearchParams({
    requests: JSON.stringify([{ url: '/organizations', method: 'POST', body: { name: organization.name } }]),
  }).toString();
  const statuses = await Promise.all(
    Array.from({ length: count }, async () => {
      const response = await transport.fetch(`${sandbox.url}/batch`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SANDBOX_PROJECT_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      const answer = (await response.json()) as Array<{ status: number }>;
      return [response.status, answer[0].status];
    }),
  );
  return { statuses, connections: await transport.connections(), transport };
}

test('h2: the sandbox serves HTTP/2 over TLS, and 20 requests in flight share one connection', async () => {
  const sandbox = await sandboxFor('h2', 50);
  expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const { statuses, connections } = await burst('h2', sandbox, 20);
  expect(statuses).toEqual(Array.from({ length: 20 }, () => [200, 200]));
  expect(connections).toEqual({ h2: 1 });
  expect(sandbox.stats().requests).toBe(20);
});

test('h2: a dropped request resets its own stream, not the connection the others share', async () => {
  const sandbox = await sandboxFor('h2', 0);
  const { transport } = await burst('h2', sandbox, 1);
  sandbox.configure({ dropRate: 1 });
  await expect(transport.fetch(`${sandbox.url}/batch`, { method: 'POST' })).rejects.toThrow();
  sandbox.configure({ dropRate: 0 });
  await expect(transport.fetch(`${sandbox.url}/batch`, { method: 'POST' })).resolves.toHaveProperty('status', 401);
  expect(await transport.connections()).toEqual({ h2: 1 });
});

test('h1: 20 requests in flight go over at most six HTTP/1.1 connections', async () => {
  const sandbox = await sandboxFor('h1', 50);
  const { statuses, connections } = await burst('h1', sandbox, 20);
  expect(statuses).toHaveLength(20);
  expect(connections).toEqual({ 'http/1.1': 6 });
});

test('unlimited: one connection per request in flight', async () => {
  const sandbox = await sandboxFor('unlimited', 50);
  const { connections } = await burst('unlimited', sandbox, 20);
  expect(connections).toEqual({ 'http/1.1': 20 });
});

test('h2 without the sandbox certificate is refused before anything is sent', async () => {
  await expect(openTransport('h2', null)).rejects.toThrow('the h2 transport needs the sandbox certificate');
});

test('h2: closing the sandbox ends the sessions clients still hold open', async () => {
  const sandbox = await sandboxFor('h2', 0);
  await burst('h2', sandbox, 1); // its transport stays open until afterEach, after the sandbox closes
  open.splice(open.indexOf(sandbox), 1);
  await expect(sandbox.close()).resolves.toBeUndefined();
});
