/**
 * The bench's service and network stack on threads of their own: the sandbox answers over real HTTP
 * from its worker, its stats and knobs come back by message, and the population the main thread judges
 * cells against is the sandbox's own (built from the same seed).
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { ClimateClient } from '../../src/service/client';
import { startRemoteSandbox } from './remoteSandbox';
import { openTransport } from './transport';

test('a sandbox on its own thread answers over the transport, counts what it served, and matches its population', async () => {
  const sandbox = await startRemoteSandbox({ port: 0, seed: 7, organizations: 300, quiet: true, latencyMs: 5 });
  const transport = await openTransport('h1', null);
  try {
    const organization = sandbox.population.organizations[42];
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: transport.fetch });
    const [item] = await client.batch([{ url: '/organizations', method: 'POST', body: { name: organization.name } }]);
    expect(item.status).toBe(200);
    expect(item.body).toEqual(sandbox.population.recordFor({ name: organization.name }));
    expect(await sandbox.stats()).toMatchObject({ requests: 1, batchItems: 1 });
    expect((await sandbox.knobs()).latencyMs).toBe(5);
    await sandbox.resetStats();
    expect(await sandbox.stats()).toMatchObject({ requests: 0, batchItems: 0 });
    expect(await transport.connections()).toEqual({ 'http/1.1': 1 });
  } finally {
    await transport.close();
    await sandbox.close();
  }
});

test("a request the caller aborts rejects at once with the caller's reason", async () => {
  const sandbox = await startRemoteSandbox({ port: 0, seed: 1, organizations: 50, quiet: true, hang: true });
  const transport = await openTransport('h1', null);
  try {
    const controller = new AbortController();
    const sent = transport.fetch(`${sandbox.url}/batch`, { method: 'POST', signal: controller.signal });
    controller.abort(new Error('the cell was cancelled'));
    await expect(sent).rejects.toThrow('the cell was cancelled');
  } finally {
    await transport.close();
    await sandbox.close();
  }
});
