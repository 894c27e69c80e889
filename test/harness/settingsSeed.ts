/**
 * Settings pre-seeded into OfficeRuntime.storage, written by the add-in's own settings module (so
 * the keys and encodings are exactly the ones it reads back), e.g. the test sandbox's URL and key.
 */
import { SettingsStore, type Settings } from '../../src/settings/settings';
import type { KeyValueStorage } from '../../src/settings/storage';

export async function seededSettings(patch: Partial<Settings>): Promise<Record<string, string>> {
  const items: Record<string, string> = {};
  const storage: KeyValueStorage = {
    getItem: async (key) => items[key] ?? null,
    setItem: async (key, value) => void (items[key] = value),
    removeItem: async (key) => void delete items[key],
  };
  const store = new SettingsStore(storage);
  await store.load();
  await store.update(patch);
  return items;
}
