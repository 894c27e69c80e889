/**
 * Sizes the service sends are bounded before they are kept: a response body past MAX_BODY_CHARS is
 * refused while it is read (declared or streamed), and a text field past MAX_TEXT_CHARS reads as
 * absent. Served by a scripted loopback server, as a hostile service would.
 */
import { ClimateClient } from '../../src/service/client';
import { nodeFetch } from '../../src/service/nodeFetch';
import { MAX_BODY_CHARS } from '../../src/service/http';
import { decodeOrganization, decodeSbtiCompany, MAX_TEXT_CHARS } from '../../src/service/records';
import { MAX_MESSAGE_CHARS } from '../../src/service/responseErrors';
import { startScriptedServer, type ScriptedServer } from './scriptedServer';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function clientAnswering(write: (res: import('node:http').ServerResponse) => void): Promise<ClimateClient> {
  const server = await startScriptedServer((_req, res) => write(res));
  servers.push(server);
  return new ClimateClient({ baseUrl: server.url, apiKey: 'sandbox-project-key', fetch: nodeFetch });
}

test('a body declared larger than the bound is refused without waiting for it', async () => {
  const client = await clientAnswering((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 4 * MAX_BODY_CHARS + 1 });
    res.write('{"id":1,'); // and never the rest
  });
  await expect(client.registerOrganization({ name: 'Acme' })).rejects.toMatchObject({
    kind: 'http',
    message: expect.stringContaining('larger than'),
  });
});

test('a streamed body that grows past the bound is cut off and refused', async () => {
  const client = await clientAnswering((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }); // chunked: no length announced
    const chunk = 'y'.repeat(1 << 20);
    res.write('{"id":1,"name":"');
    for (let sent = 0; sent <= MAX_BODY_CHARS; sent += chunk.length) res.write(chunk);
    res.end('"}');
  });
  await expect(client.registerOrganization({ name: 'Acme' })).rejects.toMatchObject({ kind: 'http' });
});

test('a body within the bound is read as before', async () => {
  const client = await clientAnswering((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ id: 7, name: 'Acme' }));
  });
  await expect(client.registerOrganization({ name: 'Acme' })).resolves.toMatchObject({ id: 7, name: 'Acme' });
});

test('an over-long text field of a record reads as absent; the rest of the record stands', () => {
  const link = 'https://profiles.example/' + 'a'.repeat(4_000_000);
  const record = decodeOrganization({
    id: 3,
    name: 'n'.repeat(MAX_TEXT_CHARS + 1),
    website: 'acme.example',
    matching_organization: { id: 3, name: 'Acme', link, industry: { id: 1, name: 'i'.repeat(MAX_TEXT_CHARS + 1) } },
  });
  expect(record.name).toBeNull();
  expect(record.website).toBe('acme.example');
  expect(record.matching_organization?.link).toBeNull();
  expect(record.matching_organization?.name).toBe('Acme');
  expect(record.matching_organization?.industry?.name).toBeNull();
});

test('an over-long SBTi value reads as absent, like every text field; numbers and booleans stand', () => {
  const company = decodeSbtiCompany({
    id: 4,
    company_name: 'Acme',
    near_term_target_status: 's'.repeat(MAX_TEXT_CHARS + 1),
    isin: 'i'.repeat(MAX_TEXT_CHARS),
    near_term_target_year: 2030,
    net_zero_committed: true,
  });
  expect(company).toMatchObject({
    company_name: 'Acme',
    near_term_target_status: null,
    isin: 'i'.repeat(MAX_TEXT_CHARS),
    near_term_target_year: 2030,
    net_zero_committed: true,
  });
});

test("an error body's message is repeated at a readable length, on one line", async () => {
  const long = `Key refused.\r\n\u0000${'blah '.repeat(100_000)}`;
  const client = await clientAnswering((res) => {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'authentication_error', message: long } }));
  });
  const error = (await client.registerOrganization({ name: 'Acme' }).catch((e: Error) => e)) as Error;
  expect(error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
  expect(error.message).toMatch(/^Key refused\. blah blah .*…$/);
});
