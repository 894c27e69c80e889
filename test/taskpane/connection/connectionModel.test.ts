/** "Test connection" against the sandbox over real HTTP on loopback (Node's fetch, as the page's). */
import {
  startSandbox,
  SANDBOX_PROJECT_KEY,
  SANDBOX_TEAM_KEY,
  type RunningSandbox,
} from '../../../tools/sandbox/server/server';
import { connectionSummary, describeService, testConnection } from '../../../src/taskpane/connection/connectionModel';
import { defaultSettings } from '../../../src/settings/settings';

describe('testing a connection', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, organizations: 50 });
  });
  afterAll(() => sandbox.close());

  test('a project key works', async () => {
    expect(await testConnection(`${sandbox.url}/`, SANDBOX_PROJECT_KEY)).toEqual({
      ok: true,
      message: `Connected to the sandbox (${sandbox.url}): the key works.`,
    });
  });

  test.each([
    ['an unknown key', 'no-such-key-here'],
    ['the team key on a project call', SANDBOX_TEAM_KEY],
    ['no key', null],
  ])("%s: the service's own message, never the key", async (_label, key) => {
    const expected = await (
      await fetch(`${sandbox.url}/industries`, { headers: key ? { authorization: `Bearer ${key}` } : {} })
    ).json();
    const result = await testConnection(sandbox.url, key);
    expect(result).toEqual({ ok: false, message: `The service refused the connection: ${expected.error.message}` });
    if (key) expect(result.message).not.toContain(key);
  });

  test('an http address off this machine is refused before anything is sent', async () => {
    const before = sandbox.stats().requests;
    const result = await testConnection('http://api.example.com', SANDBOX_PROJECT_KEY);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/https/);
    expect(result.message).not.toContain(SANDBOX_PROJECT_KEY);
    expect(sandbox.stats().requests).toBe(before);
  });

  test('a service that does not answer is a network failure, said plainly', async () => {
    const closed = await startSandbox({ port: 0, quiet: true, organizations: 1 });
    await closed.close();
    const result = await testConnection(closed.url, SANDBOX_PROJECT_KEY);
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain(SANDBOX_PROJECT_KEY);
  });
});

describe('how the connection is named', () => {
  test('sandbox, production, and the missing key', () => {
    expect(describeService('http://127.0.0.1:4010')).toBe('the sandbox (http://127.0.0.1:4010)');
    expect(describeService('https://api.ditchcarbon.com')).toBe('api.ditchcarbon.com');
    const settings = { ...defaultSettings(), baseUrl: 'https://api.ditchcarbon.com', apiKey: null };
    expect(connectionSummary(settings)).toBe('api.ditchcarbon.com · no API key');
    expect(connectionSummary({ ...settings, apiKey: 'k-12345678', project: { id: '3', name: 'Q3' } })).toBe(
      'api.ditchcarbon.com · Q3',
    );
    expect(connectionSummary({ ...settings, apiKey: 'k-12345678' }, { refused: true })).toBe(
      'api.ditchcarbon.com · key refused',
    );
    expect(connectionSummary(settings, { held: true })).toBe('api.ditchcarbon.com · key not confirmed');
  });
});
