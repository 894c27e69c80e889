/**
 * Where the persisted record cache lives, and its budget. IndexedDB (through idb-keyval) when the
 * runtime has it: it is made for volume and its quota is the browser's, not the 10 MB of settings
 * storage that every add-in of the domain shares with the API key. There the budget is 60,000 records
 * and 8,000,000 characters (a 50,000-supplier sheet takes about 115 characters a record, 5.8 MB).
 * Without IndexedDB (or in tests handed a storage) the records go to settings storage, 10,000 records
 * and 1,500,000 characters at most.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { KeyValueStorage } from '../settings/storage';
import { CACHE_STORAGE_KEY, RecordCache, type CacheLimits } from './recordCache';

/** Records held in memory either way: a 50,000-supplier sheet recalculates without a request. */
export const MEMORY_ENTRIES = 60_000;

export const SETTINGS_CACHE_LIMITS: CacheLimits = {
  memoryEntries: MEMORY_ENTRIES,
  persistedEntries: 10_000,
  persistedChars: 1_500_000,
  saveDelayMs: 1_000,
};

export const INDEXEDDB_CACHE_LIMITS: CacheLimits = {
  memoryEntries: MEMORY_ENTRIES,
  persistedEntries: 60_000,
  persistedChars: 8_000_000,
  saveDelayMs: 1_000,
};

export const CACHE_DATABASE = 'climate-cache';
export const CACHE_OBJECT_STORE = 'records';

/**
 * The cache blob in IndexedDB. Once written there, the copy an older version left in settings storage
 * is removed: it would hold space the key and the settings share.
 */
class IndexedDbStorage implements KeyValueStorage {
  private readonly store: UseStore = createStore(CACHE_DATABASE, CACHE_OBJECT_STORE);
  private settingsCopyRemoved = false;

  constructor(private readonly settingsStorage: KeyValueStorage) {}

  async getItem(key: string): Promise<string | null> {
    const value = await get<unknown>(key, this.store);
    return typeof value === 'string' ? value : null;
  }

  async setItem(key: string, value: string): Promise<void> {
    await set(key, value, this.store);
    if (!this.settingsCopyRemoved && key === CACHE_STORAGE_KEY) {
      this.settingsCopyRemoved = true;
      await this.settingsStorage.removeItem(CACHE_STORAGE_KEY);
    }
  }

  removeItem(key: string): Promise<void> {
    return del(key, this.store);
  }
}

export type CachePlace = 'indexeddb' | 'settings';

/** `explicit`: a storage the caller chose (tests); otherwise IndexedDB when present, else settings storage. */
export function createRecordCache(
  explicit: KeyValueStorage | undefined,
  settingsStorage: KeyValueStorage,
  now: () => number,
): { cache: RecordCache; place: CachePlace } {
  if (explicit === undefined && typeof indexedDB !== 'undefined' && indexedDB !== null) {
    return {
      cache: new RecordCache(new IndexedDbStorage(settingsStorage), now, INDEXEDDB_CACHE_LIMITS),
      place: 'indexeddb',
    };
  }
  return { cache: new RecordCache(explicit ?? settingsStorage, now, SETTINGS_CACHE_LIMITS), place: 'settings' };
}
