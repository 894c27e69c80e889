import { AUTH_MESSAGES } from '../../tools/sandbox/service/keys';
import { RunningSandbox, SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../../tools/sandbox/server/server';
import { client, start } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await start();
});
afterAll(() => sandbox.close());

/** One call per route of the contract's table (the batch is covered below and in batch.test.ts). */
const PROJECT_CALLS: [string, string, unknown?][] = [
  ['POST', '/organizations', { name: 'x' }],
  ['GET', '/organizations'],
  ['GET', '/organizations/10001'],
  ['GET', '/organizations/10001/private'],
  ['GET', '/organizations/10001/recommended_actions'],
  ['GET', '/industries'],
  ['GET', '/industries/search?q=oil'],
  ['GET', '/sbti_companies'],
  ['GET', '/sbti_companies/changes'],
  ['GET', '/v1/suppliers'],
];

const call = (key: string | null, [method, path, body]: [string, string, unknown?]) =>
  method === 'GET' ? client(sandbox, key).get(path) : client(sandbox, key).post(path, body);

const authError = (message: string) => ({ error: { type: 'authentication_error', message } });

describe('authentication', () => {
  test.each(PROJECT_CALLS)('%s %s without a key: 401 saying the key is missing', async (...c) => {
    const { status, body } = await call(null, c);
    expect(status).toBe(401);
    expect(body).toEqual(authError(AUTH_MESSAGES.missing));
    expect(body.error.message).toMatch(/missing|No API key/i);
    expect(body.error.message).toContain('Authorization header');
  });

  test.each(PROJECT_CALLS)('%s %s with an unknown key: 401 asking to check the key', async (...c) => {
    const { status, body, text } = await call('dc_production_0123456789abcdef', c);
    expect(status).toBe(401);
    expect(body).toEqual(authError(AUTH_MESSAGES.invalid));
    expect(body.error.message).toMatch(/Invalid API key. Check/);
    expect(text).not.toContain('dc_production_0123456789abcdef');
  });

  test.each(PROJECT_CALLS)('%s %s with the team key: 401', async (...c) => {
    const { status, body } = await call(SANDBOX_TEAM_KEY, c);
    expect(status).toBe(401);
    expect(body).toEqual(authError(AUTH_MESSAGES.teamKeyOnProjectCall));
  });

  test.each(PROJECT_CALLS)('%s %s with the project key: answered', async (...c) => {
    expect((await call(SANDBOX_PROJECT_KEY, c)).status).toBe(200);
  });

  test('POST /projects with a project key: 401; without a key: missing', async () => {
    const withProjectKey = await client(sandbox).post('/projects', { name: 'p' });
    expect(withProjectKey.status).toBe(401);
    expect(withProjectKey.body).toEqual(authError(AUTH_MESSAGES.projectKeyOnTeamCall));
    expect((await client(sandbox, null).post('/projects', { name: 'p' })).body).toEqual(
      authError(AUTH_MESSAGES.missing),
    );
  });

  test('an Authorization header that is not "Bearer <key>" reads as a missing key; the scheme is case-insensitive', async () => {
    const noScheme = await client(sandbox, null).raw('/industries', {
      headers: { authorization: SANDBOX_PROJECT_KEY },
    });
    expect(noScheme.body).toEqual(authError(AUTH_MESSAGES.missing));
    const lower = await client(sandbox, null).raw('/industries', {
      headers: { authorization: `bearer ${SANDBOX_PROJECT_KEY}` },
    });
    expect(lower.status).toBe(200);
  });

  test('a batch without a valid key is refused whole', async () => {
    const items = [{ url: '/industries', method: 'GET' }];
    expect((await client(sandbox, null).batch(items)).body).toEqual(authError(AUTH_MESSAGES.missing));
    expect((await client(sandbox, 'nope').batch(items)).body).toEqual(authError(AUTH_MESSAGES.invalid));
  });

  test('a revoked key is answered 401 from then on, and other keys keep working', async () => {
    const created = await client(sandbox, SANDBOX_TEAM_KEY).post('/projects', { name: 'Soon revoked' });
    const key = created.body.api_key;
    expect((await client(sandbox, key).get('/industries')).status).toBe(200);
    sandbox.configure({ revokedKeys: [key] });
    try {
      const { status, body } = await client(sandbox, key).get('/industries');
      expect(status).toBe(401);
      expect(body).toEqual(authError(AUTH_MESSAGES.invalid));
      expect((await client(sandbox).get('/industries')).status).toBe(200);
    } finally {
      sandbox.configure({ revokedKeys: [] });
    }
    expect((await client(sandbox, key).get('/industries')).status).toBe(200);
  });

  test('authentication failures are counted', async () => {
    sandbox.resetStats();
    await client(sandbox, null).get('/industries');
    await client(sandbox, 'wrong').get('/industries');
    await client(sandbox).get('/industries');
    expect(sandbox.stats()).toMatchObject({ requests: 3, authFailures: 2, byStatus: { '200': 1, '401': 2 } });
  });
});
