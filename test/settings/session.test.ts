/**
 * Choices for one workbook's session (`useForSession`): in force for this runtime, over the saved
 * settings, and never written to storage, so every other workbook and the next session keep the
 * computer's saved choice. A later saved change of the same setting ends the session's value.
 */
import { SANDBOX_BASE_URL, SETTINGS_KEYS, SettingsStore } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';

const SAVED_KEY = 'saved-project-key-1';
const SESSION_KEY = 'session-project-key-2';
/** The session's key was entrusted to the address in use (the default sandbox's). */
const SESSION_ORIGIN = new URL(SANDBOX_BASE_URL).origin;

async function store() {
  const storage = new MemoryStorage();
  const settings = new SettingsStore(storage);
  await settings.update({ apiKey: SAVED_KEY, project: { id: '1', name: 'Everyday' } });
  return { storage, settings };
}

test('a session choice is in force here and written nowhere', async () => {
  const { storage, settings } = await store();
  const heard: Array<string | null> = [];
  settings.subscribe((s) => heard.push(s.apiKey));
  const before = storage.size();
  await settings.useForSession({
    apiKey: SESSION_KEY,
    apiKeyOrigin: SESSION_ORIGIN,
    project: { id: '9', name: 'Board' },
    privatePerformances: false,
  });
  expect(settings.current()).toMatchObject({ apiKey: SESSION_KEY, project: { id: '9', name: 'Board' } });
  expect(heard).toEqual([SESSION_KEY]);
  expect(storage.size()).toBe(before);
  expect(await storage.getItem(SETTINGS_KEYS.apiKey)).toBe(SAVED_KEY);
  expect((await new SettingsStore(storage).load()).apiKey).toBe(SAVED_KEY);
});

test('a saved change of the same setting ends its session value; others stay', async () => {
  const { settings } = await store();
  await settings.useForSession({ apiKey: SESSION_KEY, apiKeyOrigin: SESSION_ORIGIN, privatePerformances: true });
  await settings.update({ privatePerformances: false });
  expect(settings.current()).toMatchObject({ apiKey: SESSION_KEY, privatePerformances: false });
  expect(settings.sessionChoice()).toEqual({ apiKey: SESSION_KEY, apiKeyOrigin: SESSION_ORIGIN });
});

test('a session choice is checked like any setting', async () => {
  const { settings } = await store();
  await expect(settings.useForSession({ apiKey: 'has spaces in it' })).rejects.toThrow(/API key/);
  expect(settings.current().apiKey).toBe(SAVED_KEY);
});
