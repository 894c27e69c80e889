import { SANDBOX_TEAM_KEY } from '../../tools/sandbox/server/server';
import { client, links, sandboxSuite } from './harness';

const suite = sandboxSuite();
afterEach(() => suite.sandbox.configure({ maxBatch: 100, itemLatencyMs: 0, latencyMs: 0 }));

interface Item {
  status: number;
  headers: Record<string, string>;
  body: string;
}

describe('POST /batch', () => {
  test("answers the contract's example: a JSON array in request order, each body a JSON string", async () => {
    const [a, b] = suite.sandbox.population.organizations;
    const form = `requests=${encodeURIComponent(
      JSON.stringify([
        { url: '/organizations', method: 'POST', body: { name: a.name } },
        { url: '/organizations', method: 'POST', body: { name: b.name } },
      ]),
    )}`;
    const { status, body, headers } = await suite.api.raw('/batch', {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-project-key', 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toHaveLength(2);
    for (const item of body as Item[]) {
      expect(item.status).toBe(200);
      expect(item.headers['content-type']).toContain('application/json');
      expect(typeof item.body).toBe('string');
    }
    expect(JSON.parse(body[0].body)).toEqual(suite.sandbox.population.recordFor({ name: a.name }));
    expect(JSON.parse(body[1].body)).toEqual(suite.sandbox.population.recordFor({ name: b.name }));
  });

  test('each item gets exactly what the same request would get directly, failures included', async () => {
    const org = suite.sandbox.population.organizations[7];
    const items = [
      { url: `/organizations/${org.id}`, method: 'GET' },
      { url: '/organizations/424242', method: 'GET' },
      { url: '/industries?page=2', method: 'GET' },
      { url: '/organizations', method: 'POST', body: {} },
      { url: `/organizations/${org.id}/recommended_actions`, method: 'get' },
      { url: '/sbti_companies?region=europe', method: 'GET' },
    ];
    const batch = await suite.api.batch(items);
    expect(batch.status).toBe(200);
    expect(batch.body.map((i: Item) => i.status)).toEqual([200, 404, 200, 422, 200, 200]);
    for (const [i, item] of items.entries()) {
      const direct =
        item.method.toUpperCase() === 'GET' ? await suite.api.get(item.url) : await suite.api.post(item.url, item.body);
      expect(batch.body[i].status).toBe(direct.status);
      expect(JSON.parse(batch.body[i].body)).toEqual(direct.body);
    }
    expect(links(batch.body[2].headers.link).next).toBe(`${suite.sandbox.url}/industries?page=3`);
  });

  test('items run with the batch key: a team-key batch gets 401 items, except for /projects', async () => {
    const team = client(suite.sandbox, SANDBOX_TEAM_KEY);
    const { status, body } = await team.batch([
      { url: '/industries', method: 'GET' },
      { url: '/projects', method: 'POST', body: { name: 'From a batch' } },
    ]);
    expect(status).toBe(200);
    expect(body[0].status).toBe(401);
    expect(JSON.parse(body[0].body).error.type).toBe('authentication_error');
    expect(body[1].status).toBe(201);
    expect(JSON.parse(body[1].body).name).toBe('From a batch');
  });

  test('bad items are answered in place: unknown routes 404, nested batches 404, bad urls 422', async () => {
    const { body } = await suite.api.batch([
      { url: '/nowhere', method: 'GET' },
      { url: '/batch', method: 'POST', body: {} },
      { url: '/v1.0/organizations', method: 'GET' },
      { url: 'https://elsewhere.example/organizations', method: 'GET' },
      'not an object',
      { url: '/industries', method: 'GET' },
    ]);
    expect(body.map((i: Item) => i.status)).toEqual([404, 404, 404, 422, 422, 200]);
    expect(JSON.parse(body[0].body).error.type).toBe('not_found_error');
    expect(JSON.parse(body[3].body).error.type).toBe('validation_error');
  });

  test.each([
    ['no requests field', new URLSearchParams({ other: '[]' }), 'form-encoded body with one field, requests'],
    ['requests that are not JSON', new URLSearchParams({ requests: '[{"url":' }), 'requests is not valid JSON'],
    [
      'requests that are not an array',
      new URLSearchParams({ requests: '{"url":"/industries"}' }),
      'must be a JSON array',
    ],
  ])('refuses %s with 422 and the validation envelope', async (_, form, message) => {
    const { status, body } = await suite.api.raw('/batch', {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-project-key' },
      body: form,
    });
    expect(status).toBe(422);
    expect(body.error.type).toBe('validation_error');
    expect(body.error.message).toContain(message);
  });

  test('refuses a JSON body (the batch is form-encoded) with 422', async () => {
    const { status, body } = await suite.api.post('/batch', { requests: [{ url: '/industries', method: 'GET' }] });
    expect(status).toBe(422);
    expect(body.error.type).toBe('validation_error');
  });

  test('an empty batch answers []', async () => {
    expect((await suite.api.batch([])).body).toEqual([]);
  });

  test('refuses more than maxBatch items with 413, and accepts exactly maxBatch', async () => {
    const item = { url: '/industries', method: 'GET' };
    const full = await suite.api.batch(Array.from({ length: 100 }, () => item));
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(100);
    const over = await suite.api.batch(Array.from({ length: 101 }, () => item));
    expect(over.status).toBe(413);
    expect(over.body.error.type).toBe('request_too_large');
    expect(over.body.error.message).toContain('at most 100');
    suite.sandbox.configure({ maxBatch: 3 });
    expect((await suite.api.batch([item, item, item, item])).status).toBe(413);
  });

  test('takes latencyMs + n * itemLatencyMs', async () => {
    suite.sandbox.configure({ latencyMs: 50, itemLatencyMs: 20 });
    const item = { url: '/v1/suppliers', method: 'GET' };
    const started = performance.now();
    await suite.api.batch(Array.from({ length: 10 }, () => item));
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
  });

  test('counts batches, items, and the routes items reached', async () => {
    suite.sandbox.resetStats();
    await suite.api.batch([
      { url: '/industries', method: 'GET' },
      { url: '/industries', method: 'GET' },
      { url: '/organizations/10001', method: 'GET' },
    ]);
    expect(suite.sandbox.stats()).toMatchObject({
      requests: 1,
      batches: 1,
      batchItems: 3,
      byRoute: { 'POST /batch': 1, 'GET /industries': 2, 'GET /organizations/:id': 1 },
      byStatus: { '200': 1 },
    });
  });
});
