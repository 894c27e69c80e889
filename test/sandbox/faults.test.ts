import { RunningSandbox, SANDBOX_TEAM_KEY } from '../../tools/sandbox/server/server';
import { Client, client, start } from './harness';

let sandbox: RunningSandbox;
let api: Client;

beforeEach(async () => {
  sandbox = await start();
  api = client(sandbox);
});
afterEach(() => sandbox.close());

describe('injected faults', () => {
  test('failRate answers 500 with the error envelope, before the request has any effect', async () => {
    sandbox.configure({ failRate: 1 });
    const { status, body } = await api.post('/organizations', { name: 'Never Registered Ltd' });
    expect(status).toBe(500);
    expect(body.error.type).toBe('api_error');
    expect(body.error.message).toContain('failRate');
    expect(sandbox.stats().registrations).toBe(0);
    sandbox.configure({ failRate: 0 });
    expect((await api.get('/industries')).status).toBe(200);
  });

  test('dropRate closes the connection without an answer', async () => {
    sandbox.configure({ dropRate: 1 });
    await expect(
      fetch(`${sandbox.url}/industries`, { headers: { authorization: 'Bearer sandbox-project-key' } }),
    ).rejects.toThrow('fetch failed');
    sandbox.configure({ dropRate: 0 });
    expect((await api.get('/industries')).status).toBe(200);
    expect(sandbox.stats().requests).toBe(2);
  });

  test('malformedRate cuts JSON bodies short', async () => {
    sandbox.configure({ malformedRate: 1 });
    const full = sandbox.population.recordFor({ duns_number: sandbox.population.organizations[0].duns });
    const { status, text, body } = await api.get(`/organizations/${sandbox.population.organizations[0].id}`);
    expect(status).toBe(200);
    expect(body).toBeUndefined(); // not parseable
    expect(JSON.stringify(full).startsWith(text)).toBe(true);
    expect(text.length).toBeGreaterThan(0);
  });

  test('truncateBatchRate drops the last items of a batch answer', async () => {
    sandbox.configure({ truncateBatchRate: 1 });
    const items = Array.from({ length: 6 }, (_, i) => ({ url: `/industries?page=${i + 1}`, method: 'GET' }));
    const { status, body } = await api.batch(items);
    expect(status).toBe(200);
    expect(body.length).toBeLessThan(6);
    const direct = await api.get('/industries?page=1');
    if (body.length > 0) expect(JSON.parse(body[0].body)).toEqual(direct.body);
  });

  test('hang accepts requests and never answers them', async () => {
    sandbox.configure({ hang: true });
    const pending = fetch(`${sandbox.url}/industries`, {
      headers: { authorization: 'Bearer sandbox-project-key' },
      signal: AbortSignal.timeout(300),
    });
    await expect(pending).rejects.toThrow(/aborted|timeout/i);
    sandbox.configure({ hang: false });
    expect((await api.get('/industries')).status).toBe(200);
  });

  test('latencyMs delays every request', async () => {
    sandbox.configure({ latencyMs: 150 });
    const started = performance.now();
    await api.get('/v1/suppliers');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  test('fault dice are seeded: the same seed fails the same requests', async () => {
    const outcomes = async (s: RunningSandbox): Promise<number[]> => {
      s.configure({ failRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await client(s).get('/industries')).status);
      return statuses;
    };
    const first = await outcomes(sandbox);
    const twin = await start();
    try {
      expect(await outcomes(twin)).toEqual(first);
    } finally {
      await twin.close();
    }
    const failed = first.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(25);
  });
});

describe('rate limiting', () => {
  test('beyond rateLimit per second a key gets 429 rate_limit_error with Retry-After', async () => {
    sandbox.configure({ rateLimit: 3 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get('/industries')));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(limited).toHaveLength(2);
    for (const a of limited) {
      expect(a.body.error.type).toBe('rate_limit_error');
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(sandbox.stats().rateLimited).toBe(2);
  });

  test('the window reopens after a second', async () => {
    sandbox.configure({ rateLimit: 1 });
    expect((await api.get('/industries')).status).toBe(200);
    expect((await api.get('/industries')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await api.get('/industries')).status).toBe(200);
  });

  test('limits are per key, and a batch counts once', async () => {
    sandbox.configure({ rateLimit: 2 });
    const created = await client(sandbox, SANDBOX_TEAM_KEY).post('/projects', { name: 'Other key' });
    const item = { url: '/industries', method: 'GET' };
    expect((await api.batch(Array.from({ length: 50 }, () => item))).status).toBe(200);
    expect((await api.get('/industries')).status).toBe(200);
    expect((await api.get('/industries')).status).toBe(429);
    expect((await client(sandbox, created.body.api_key).get('/industries')).status).toBe(200);
  });

  test('with rateLimitRetryAfter false the 429 has no Retry-After', async () => {
    sandbox.configure({ rateLimit: 1, rateLimitRetryAfter: false });
    await api.get('/industries');
    const limited = await api.get('/industries');
    expect(limited.status).toBe(429);
    expect(limited.body.error.type).toBe('rate_limit_error');
    expect(limited.headers.get('retry-after')).toBeNull();
  });

  test('CORS exposes Retry-After and Link to a task pane on another origin', async () => {
    sandbox.configure({ rateLimit: 1 });
    const init = { headers: { authorization: 'Bearer sandbox-project-key', origin: 'https://localhost:3000' } };
    await fetch(`${sandbox.url}/industries`, init);
    const limited = await fetch(`${sandbox.url}/industries`, init);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(limited.headers.get('access-control-expose-headers')).toMatch(/Link.*Retry-After/);
  });
});
