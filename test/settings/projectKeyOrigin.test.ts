/**
 * A key is sent only to the origin it was entrusted to, wherever it comes from: the saved key, a saved
 * project used on this computer (`update`), or a workbook's project used for the session
 * (`useForSession`). A project's key used at another address is held back like the saved key, with the
 * same message, until the person confirms it there; a key given with no origin (a project saved before
 * projects recorded theirs) is held back everywhere until confirmed once.
 */
import { SETTINGS_KEYS, SettingsStore } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';

const PRODUCTION = 'https://api.ditchcarbon.com';
const ELSEWHERE = 'http://localhost:9999';
const KEY = 'fake-board-key-' + 'ef'.repeat(8);
const BOARD = { id: 'p1', name: 'Board' };

/** This computer saved KEY for production (project Board), then the person pointed the add-in elsewhere. */
async function movedAway() {
  const storage = new MemoryStorage();
  const settings = new SettingsStore(storage);
  await settings.update({ baseUrl: PRODUCTION, apiKey: KEY, project: BOARD });
  await settings.update({ baseUrl: ELSEWHERE });
  expect(settings.current().apiKey).toBeNull();
  return { storage, settings };
}

const heldMessage = (savedFor: string) =>
  `The saved API key was entered for ${savedFor}, and the service address is now ${ELSEWHERE}: ` +
  'it is not sent there until you confirm it in the Climate pane.';

test("a workbook's project used for the session keeps its key from another origin until confirmed", async () => {
  const { storage, settings } = await movedAway();
  await settings.useForSession({ apiKey: KEY, apiKeyOrigin: PRODUCTION, project: BOARD, privatePerformances: false });
  expect(settings.current().apiKey).toBeNull();
  expect(settings.heldKey()).toEqual({ savedFor: PRODUCTION, service: ELSEWHERE });
  expect(settings.keyProblem()).toBe(heldMessage(PRODUCTION));
  expect(settings.chosenKey()).toBe(KEY);

  // The confirmation holds for the session, as the choice does: nothing is written.
  const before = storage.size();
  expect((await settings.confirmKeyForService()).apiKey).toBe(KEY);
  expect(settings.heldKey()).toBeNull();
  expect(storage.size()).toBe(before);
  expect(await storage.getItem(SETTINGS_KEYS.apiKeyOrigin)).toBe(PRODUCTION);
});

test('a session key given without its origin is entrusted to none', async () => {
  const { settings } = await movedAway();
  await settings.useForSession({ apiKey: KEY, project: BOARD, privatePerformances: false });
  expect(settings.current().apiKey).toBeNull();
  expect(settings.heldKey()).toEqual({ savedFor: null, service: ELSEWHERE });
});

test('a saved project used at another address than its own is held back like the saved key', async () => {
  const { settings } = await movedAway();
  await settings.update({ apiKey: null });
  await settings.update({ apiKey: KEY, apiKeyOrigin: PRODUCTION, project: BOARD });
  expect(settings.current()).toMatchObject({ apiKey: null, apiKeyOrigin: PRODUCTION, project: BOARD });
  expect(settings.keyProblem()).toBe(heldMessage(PRODUCTION));
});

test('a key entrusted to no origin yet is held back at every address, after a reload too, until confirmed once', async () => {
  const storage = new MemoryStorage();
  const settings = new SettingsStore(storage);
  await settings.update({ baseUrl: ELSEWHERE, apiKey: KEY, apiKeyOrigin: null, project: BOARD });
  expect(settings.current().apiKey).toBeNull();
  expect(settings.heldKey()).toEqual({ savedFor: null, service: ELSEWHERE });
  expect(settings.keyProblem()).toBe(
    `The saved API key was entered for an address not recorded with it, and the service address is now ${ELSEWHERE}: ` +
      'it is not sent there until you confirm it in the Climate pane.',
  );
  const reloaded = new SettingsStore(storage);
  expect((await reloaded.load()).apiKey).toBeNull();
  expect((await reloaded.confirmKeyForService()).apiKey).toBe(KEY);
  expect((await new SettingsStore(storage).load()).apiKey).toBe(KEY);
});

test("a key typed in ends the session's key and its origin together", async () => {
  const { settings } = await movedAway();
  await settings.useForSession({ apiKey: KEY, apiKeyOrigin: PRODUCTION, project: BOARD });
  await settings.update({ apiKey: 'typed-here-key-1234' });
  expect(settings.current()).toMatchObject({ apiKey: 'typed-here-key-1234', apiKeyOrigin: ELSEWHERE });
  expect(settings.sessionChoice()).toEqual({ project: BOARD });
});
