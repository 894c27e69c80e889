/**
 * The API key is kept with the origin it was saved for and is sent (is the settings' key) only at
 * that origin. A change of address, a preset, or a stored address refused at load and replaced by
 * the default holds the key back until the person confirms it for the new origin.
 */
import { SANDBOX_BASE_URL, SANDBOX_DEMO_KEY, SETTINGS_KEYS, SettingsStore } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';

const PRODUCTION = 'https://api.ditchcarbon.com';
const KEY = 'dc_production_' + 'ab'.repeat(16);

async function seeded(values: Partial<Record<keyof typeof SETTINGS_KEYS, string>>) {
  const storage = new MemoryStorage();
  for (const [field, value] of Object.entries(values)) {
    await storage.setItem(SETTINGS_KEYS[field as keyof typeof SETTINGS_KEYS], value as string);
  }
  const store = new SettingsStore(storage);
  await store.load();
  return { storage, store };
}

test('a key saved with an address is stored with its origin and applies there, whatever the path', async () => {
  const { storage, store } = await seeded({});
  await store.update({ baseUrl: PRODUCTION, apiKey: KEY });
  expect(await storage.getItem(SETTINGS_KEYS.apiKeyOrigin)).toBe(PRODUCTION);
  expect(store.current()).toMatchObject({ apiKey: KEY, apiKeyOrigin: PRODUCTION });
  expect((await store.update({ baseUrl: `${PRODUCTION}/v2` })).apiKey).toBe(KEY);
  expect(store.heldKey()).toBeNull();
});

test('another origin holds the key back until the person confirms it there', async () => {
  const { storage, store } = await seeded({});
  await store.update({ baseUrl: PRODUCTION, apiKey: KEY });
  const moved = await store.update({ baseUrl: 'https://climate.example' });
  expect(moved.apiKey).toBeNull();
  expect(store.heldKey()).toEqual({ savedFor: PRODUCTION, service: 'https://climate.example' });
  expect(store.keyProblem()).toBe(
    `The saved API key was entered for ${PRODUCTION}, and the service address is now https://climate.example: ` +
      'it is not sent there until you confirm it in the Climate pane.',
  );
  expect(await storage.getItem(SETTINGS_KEYS.apiKey)).toBe(KEY); // kept, not lost

  expect((await store.confirmKeyForService()).apiKey).toBe(KEY);
  expect(await storage.getItem(SETTINGS_KEYS.apiKeyOrigin)).toBe('https://climate.example');
  expect(store.keyProblem()).toBeNull();
  // And now it is held back from production until confirmed there again.
  expect((await store.update({ baseUrl: PRODUCTION })).apiKey).toBeNull();
});

test('the Sandbox preset does not send a production key over http: the demo key applies there', async () => {
  const { store } = await seeded({});
  await store.update({ baseUrl: PRODUCTION, apiKey: KEY });
  const sandbox = await store.update({ baseUrl: SANDBOX_BASE_URL });
  expect(sandbox.apiKey).toBe(SANDBOX_DEMO_KEY);
  expect(store.heldKey()).toEqual({ savedFor: PRODUCTION, service: SANDBOX_BASE_URL });
  expect(store.keyProblem()).toBeNull();
  // Back at production the key is its own again, without a question.
  expect((await store.update({ baseUrl: PRODUCTION })).apiKey).toBe(KEY);
});

test('a stored address refused at load does not take its key to the default address', async () => {
  const { store } = await seeded({ baseUrl: 'http://climate.example', apiKey: KEY });
  expect(store.current().baseUrl).toBe(SANDBOX_BASE_URL);
  expect(store.current().apiKey).toBe(SANDBOX_DEMO_KEY);
  expect(store.heldKey()).toEqual({ savedFor: null, service: SANDBOX_BASE_URL });
  expect((await store.confirmKeyForService()).apiKey).toBe(KEY);
});

test('a refused address with a key already bound to its origin holds it back too', async () => {
  process.env.CLIMATE_BASE_URL = PRODUCTION;
  try {
    const { store } = await seeded({
      baseUrl: 'ftp://climate.example',
      apiKey: KEY,
      apiKeyOrigin: 'https://climate.example',
    });
    expect(store.current()).toMatchObject({ baseUrl: PRODUCTION, apiKey: null });
    expect(store.keyProblem()).toContain('entered for https://climate.example');
  } finally {
    delete process.env.CLIMATE_BASE_URL;
  }
});

test('a key stored before keys carried their origin belongs to the address stored with it', async () => {
  const { store } = await seeded({ baseUrl: PRODUCTION, apiKey: KEY });
  expect(store.current()).toMatchObject({ apiKey: KEY, apiKeyOrigin: PRODUCTION });
  expect((await seeded({ apiKey: KEY })).store.current()).toMatchObject({
    apiKey: KEY,
    apiKeyOrigin: SANDBOX_BASE_URL,
  });
});

test('a new key typed in while one is held is saved for the address in force; removing it forgets the origin', async () => {
  const { storage, store } = await seeded({});
  await store.update({ baseUrl: PRODUCTION, apiKey: KEY });
  await store.update({ baseUrl: 'https://climate.example' });
  expect((await store.update({ apiKey: 'another-key-1234' })).apiKey).toBe('another-key-1234');
  expect(await storage.getItem(SETTINGS_KEYS.apiKeyOrigin)).toBe('https://climate.example');
  await store.update({ apiKey: null });
  expect(await storage.getItem(SETTINGS_KEYS.apiKeyOrigin)).toBeNull();
});

test.each(['https://climate.example/', 'climate.example', 'ftp://climate.example'])(
  'a stored origin must be an origin exactly (%s is refused)',
  async (origin) => {
    await expect(new SettingsStore(new MemoryStorage()).update({ apiKeyOrigin: origin })).rejects.toThrow(
      'The API key origin must be an http(s) origin',
    );
  },
);
