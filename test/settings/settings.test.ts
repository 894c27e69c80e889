import { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY } from '../../src/service/contract';
import { SETTINGS_KEYS, SETTINGS_TABLE, SettingsStore, settingsTableMarkdown } from '../../src/settings/settings';
import { MemoryStorage, defaultStorage } from '../../src/settings/storage';

const ORIGINAL_BASE_URL = process.env.CLIMATE_BASE_URL;
afterEach(() => {
  if (ORIGINAL_BASE_URL === undefined) delete process.env.CLIMATE_BASE_URL;
  else process.env.CLIMATE_BASE_URL = ORIGINAL_BASE_URL;
});

describe('defaults', () => {
  test('with nothing stored and no build flag: the sandbox with its demo key', async () => {
    delete process.env.CLIMATE_BASE_URL;
    const settings = await new SettingsStore(new MemoryStorage()).load();
    expect(settings).toEqual({
      baseUrl: SANDBOX_BASE_URL,
      apiKey: SANDBOX_DEMO_KEY,
      apiKeyOrigin: null,
      project: null,
      privatePerformances: false,
      maxBatch: 100,
      maxConcurrency: 256,
      deadlineMs: 120_000,
      cacheTtlMs: 86_400_000,
      scoreScale: '0-100',
    });
  });

  test('an empty build flag means the sandbox', async () => {
    process.env.CLIMATE_BASE_URL = '';
    expect((await new SettingsStore(new MemoryStorage()).load()).baseUrl).toBe(SANDBOX_BASE_URL);
  });

  test('a production build flag: that base URL and no default key', async () => {
    process.env.CLIMATE_BASE_URL = 'https://api.example.com/';
    const settings = await new SettingsStore(new MemoryStorage()).load();
    expect(settings.baseUrl).toBe('https://api.example.com');
    expect(settings.apiKey).toBeNull();
  });

  test('the demo key is never the default for another address, even on loopback', async () => {
    const store = new SettingsStore(new MemoryStorage());
    await store.load();
    expect((await store.update({ baseUrl: 'https://api.example.com' })).apiKey).toBeNull();
    expect((await store.update({ baseUrl: 'http://127.0.0.1:5555' })).apiKey).toBeNull();
    expect((await store.update({ baseUrl: `${SANDBOX_BASE_URL}/` })).apiKey).toBe(SANDBOX_DEMO_KEY);
  });

  test('defaultStorage in Node is an in-memory storage shared by the process', async () => {
    await defaultStorage().setItem('climate.test', 'x');
    expect(await defaultStorage().getItem('climate.test')).toBe('x');
    await defaultStorage().removeItem('climate.test');
  });
});

describe('storage keys', () => {
  test('pre-seeded values under the documented keys are read', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('climate.baseUrl', 'https://api.example.com');
    await storage.setItem('climate.apiKey', 'dc_production_0123456789abcdef');
    await storage.setItem('climate.project', '{"id":"42","name":"Suppliers 2026"}');
    await storage.setItem('climate.privatePerformances', 'true');
    await storage.setItem('climate.maxBatch', '25');
    await storage.setItem('climate.maxConcurrency', '8');
    await storage.setItem('climate.deadlineMs', '60000');
    await storage.setItem('climate.cacheTtlMs', '3600000');
    await storage.setItem('climate.scoreScale', '0-1');
    const store = new SettingsStore(storage);
    expect(await store.load()).toEqual({
      baseUrl: 'https://api.example.com',
      apiKey: 'dc_production_0123456789abcdef',
      apiKeyOrigin: 'https://api.example.com',
      project: { id: '42', name: 'Suppliers 2026' },
      privatePerformances: true,
      maxBatch: 25,
      maxConcurrency: 8,
      deadlineMs: 60_000,
      cacheTtlMs: 3_600_000,
      scoreScale: '0-1',
    });
    expect(store.problems()).toEqual([]);
  });

  test('a bad pre-seeded value falls back to its default and is reported', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('climate.baseUrl', 'http://api.example.com');
    await storage.setItem('climate.maxBatch', 'lots');
    const store = new SettingsStore(storage);
    const settings = await store.load();
    expect(settings.baseUrl).toBe(SANDBOX_BASE_URL);
    expect(settings.maxBatch).toBe(100);
    expect(store.problems()).toHaveLength(2);
    expect(store.problems().join(' ')).toMatch(/climate\.baseUrl: .*https/);
  });

  test('updates are written under the stable keys and survive a reload', async () => {
    const storage = new MemoryStorage();
    const store = new SettingsStore(storage);
    await store.update({ maxBatch: 20, project: { id: null, name: 'Tail spend' }, scoreScale: '0-1' });
    expect(await storage.getItem(SETTINGS_KEYS.maxBatch)).toBe('20');
    expect(await storage.getItem('climate.project')).toBe('{"id":null,"name":"Tail spend"}');
    const reloaded = await new SettingsStore(storage).load();
    expect(reloaded.maxBatch).toBe(20);
    expect(reloaded.project).toEqual({ id: null, name: 'Tail spend' });
    expect(reloaded.scoreScale).toBe('0-1');
  });

  test('clearing the key removes it from storage and brings back the default', async () => {
    const storage = new MemoryStorage();
    const store = new SettingsStore(storage);
    await store.update({ apiKey: 'dc_production_' + 'a'.repeat(64) });
    expect((await store.update({ apiKey: null })).apiKey).toBe(SANDBOX_DEMO_KEY);
    expect(await storage.getItem('climate.apiKey')).toBeNull();
  });
});

describe('validation', () => {
  const PASTED = `dc_production_${'0123456789abcdef'.repeat(4)}`;

  test.each([
    [{ baseUrl: 'http://api.example.com' }, /must use https/],
    [{ baseUrl: 'not a url' }, /not a valid URL/],
    [{ maxBatch: 0 }, /batch size must be a whole number from 1 to 100/],
    [{ maxBatch: 101 }, /from 1 to 100/],
    [{ maxConcurrency: 2.5 }, /concurrency cap must be a whole number/],
    // Text is digits only, as the command lines read numbers: JavaScript's other spellings are no whole number typed.
    [{ maxBatch: '0x10' }, /batch size must be a whole number from 1 to 100/],
    [{ deadlineMs: '1e4' }, /deadline must be a whole number from 1,000 to 3,600,000 milliseconds/],
    [{ maxConcurrency: '' }, /concurrency cap must be a whole number/],
    [{ deadlineMs: 10 }, /deadline must be a whole number from 1,000 to 3,600,000 milliseconds/],
    [{ cacheTtlMs: -1 }, /cache lifetime/],
    [{ scoreScale: 'percent' }, /"0-100" or "0-1"/],
    [{ privatePerformances: 'yes' }, /true or false/],
    [{ project: { id: '1', name: '' } }, /project needs a name/],
  ])('%j is refused with a clear message and nothing is saved', async (patch, message) => {
    const storage = new MemoryStorage();
    const store = new SettingsStore(storage);
    const before = await store.load();
    await expect(store.update({ maxBatch: 10, ...(patch as object) })).rejects.toThrow(message);
    expect(store.current()).toEqual(before);
    expect(storage.size()).toBe(0);
  });

  test('a malformed key is refused without repeating it', async () => {
    const store = new SettingsStore(new MemoryStorage());
    const secret = 'has spaces in the secret';
    const error = await store.update({ apiKey: secret }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/API key/);
    expect((error as Error).message).not.toContain('secret');
  });

  test.each([
    ['from a curl line or the docs', `Bearer ${PASTED}`],
    ['as the whole header', `Authorization: Bearer ${PASTED}`],
    ['in lower case, with a tab', `bearer\t${PASTED}`],
    ['in double quotes (a .env file or JSON)', `"${PASTED}"`],
    ['in single quotes', `'${PASTED}'`],
    ['quoted after Bearer, with spaces around', `  Bearer "${PASTED}"  `],
  ])('a key pasted %s is saved as the key itself', async (_how, pasted) => {
    const store = new SettingsStore(new MemoryStorage());
    expect((await store.update({ apiKey: pasted })).apiKey).toBe(PASTED);
  });

  test('unmatched quotes stay part of what is checked: the key is not guessed at', async () => {
    const store = new SettingsStore(new MemoryStorage());
    expect((await store.update({ apiKey: `"${PASTED}` })).apiKey).toBe(`"${PASTED}`);
    await expect(store.update({ apiKey: 'Bearer ' })).rejects.toThrow(/API key/);
  });

  test('a stored key the checks refuse is never replaced by the demo key, and says so until a key is saved', async () => {
    const storage = new MemoryStorage();
    await storage.setItem('climate.apiKey', 'short');
    const store = new SettingsStore(storage);
    const settings = await store.load();
    expect(settings.baseUrl).toBe(SANDBOX_BASE_URL);
    expect(settings.apiKey).toBeNull();
    const problem =
      'The API key in the settings is not valid: it must be 8 to 512 characters without spaces, as the service issued it.';
    expect(store.keyProblem()).toBe(problem);
    expect(store.problems()).toEqual([`climate.apiKey: ${problem}`]);
    expect(store.problems().join(' ')).not.toContain('short');

    expect((await store.update({ apiKey: 'a-valid-key-123' })).apiKey).toBe('a-valid-key-123');
    expect(store.keyProblem()).toBeNull();
  });

  test('numbers typed as text in the pane are accepted', async () => {
    const store = new SettingsStore(new MemoryStorage());
    const settings = await store.update({ maxBatch: '30' as unknown as number });
    expect(settings.maxBatch).toBe(30);
  });

  test('an unknown setting is refused', async () => {
    const store = new SettingsStore(new MemoryStorage());
    await expect(store.update({ colour: 'red' } as never)).rejects.toThrow(/no setting called "colour"/);
  });
});

describe('subscribe', () => {
  test('listeners hear each change once, and no longer after unsubscribing', async () => {
    const store = new SettingsStore(new MemoryStorage());
    await store.load();
    const heard: number[] = [];
    const stop = store.subscribe((s) => heard.push(s.maxBatch));
    await store.update({ maxBatch: 40 });
    await store.update({ maxBatch: 40 }); // no change, no event
    stop();
    await store.update({ maxBatch: 30 });
    expect(heard).toEqual([40]);
  });

  test("a reload that finds another runtime's change notifies", async () => {
    const storage = new MemoryStorage();
    const pane = new SettingsStore(storage);
    const functions = new SettingsStore(storage);
    await functions.load();
    const heard: string[] = [];
    functions.subscribe((s) => heard.push(s.scoreScale));
    await pane.update({ scoreScale: '0-1' });
    await functions.load();
    expect(heard).toEqual(['0-1']);
  });
});

describe('documentation table', () => {
  test('covers every setting under its storage key', () => {
    expect(SETTINGS_TABLE.map((row) => row.setting).sort()).toEqual(Object.keys(SETTINGS_KEYS).sort());
    for (const row of SETTINGS_TABLE) expect(row.key).toBe(SETTINGS_KEYS[row.setting]);
    const markdown = settingsTableMarkdown();
    for (const row of SETTINGS_TABLE) expect(markdown).toContain(`| \`${row.key}\` |`);
  });
});
