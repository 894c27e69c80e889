/**
 * A key that must not be sent again (`forgetKey`: its project was removed from this computer). The
 * saved key, with the project and private performances that came with it, is removed when it is that
 * key, in force or held back for another address; a workbook's session choice of it ends; any other
 * key, saved or chosen for the session, stays as it was.
 */
import { SETTINGS_KEYS, SettingsStore } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';

const SERVICE = 'https://climate.example';
const EVERYDAY = 'everyday-project-key-1';
const BOARD = 'board-project-key-2';

async function store() {
  const storage = new MemoryStorage();
  const settings = new SettingsStore(storage);
  await settings.update({
    baseUrl: SERVICE,
    apiKey: EVERYDAY,
    project: { id: '1', name: 'Everyday' },
    privatePerformances: true,
  });
  return { storage, settings };
}

const saved = (storage: MemoryStorage) =>
  Promise.all(
    [SETTINGS_KEYS.apiKey, SETTINGS_KEYS.apiKeyOrigin, SETTINGS_KEYS.project, SETTINGS_KEYS.privatePerformances].map(
      (key) => storage.getItem(key),
    ),
  );

test('the saved key in use is removed, with its project and private performances', async () => {
  const { storage, settings } = await store();
  const heard: Array<string | null> = [];
  settings.subscribe((s) => heard.push(s.apiKey));
  const after = await settings.forgetKey(EVERYDAY);
  expect(after).toMatchObject({ apiKey: null, project: null, privatePerformances: false });
  expect(heard).toEqual([null]);
  expect(await saved(storage)).toEqual([null, null, null, 'false']);
  expect(settings.keyStored()).toBe(false);
});

test('another key changes nothing', async () => {
  const { storage, settings } = await store();
  const before = await saved(storage);
  expect(await settings.forgetKey(BOARD)).toMatchObject({ apiKey: EVERYDAY, project: { id: '1', name: 'Everyday' } });
  expect(await saved(storage)).toEqual(before);
});

test("a workbook's session choice of the key ends; the computer's saved project is in force again", async () => {
  const { storage, settings } = await store();
  const before = await saved(storage);
  await settings.useForSession({
    apiKey: BOARD,
    apiKeyOrigin: SERVICE,
    project: { id: '2', name: 'Board' },
    privatePerformances: false,
  });
  const after = await settings.forgetKey(BOARD);
  expect(after).toMatchObject({ apiKey: EVERYDAY, project: { id: '1', name: 'Everyday' }, privatePerformances: true });
  expect(settings.sessionChoice()).toEqual({});
  expect(await saved(storage)).toEqual(before);
});

test('the saved key is removed while a session uses another, and that session goes on', async () => {
  const { storage, settings } = await store();
  await settings.useForSession({
    apiKey: BOARD,
    apiKeyOrigin: SERVICE,
    project: { id: '2', name: 'Board' },
    privatePerformances: false,
  });
  const heard: Array<string | null> = [];
  settings.subscribe((s) => heard.push(s.apiKey));
  expect(await settings.forgetKey(EVERYDAY)).toMatchObject({ apiKey: BOARD, project: { id: '2', name: 'Board' } });
  expect(heard.filter((key) => key !== BOARD)).toEqual([]); // the key in force never changed
  expect(await saved(storage)).toEqual([null, null, null, 'false']);
});

test('a saved key held back for another address is removed too', async () => {
  const { storage, settings } = await store();
  await settings.update({ baseUrl: 'https://other.example' });
  expect(settings.heldKey()).not.toBeNull();
  await settings.forgetKey(EVERYDAY);
  expect(settings.heldKey()).toBeNull();
  expect(await storage.getItem(SETTINGS_KEYS.apiKey)).toBeNull();
});
