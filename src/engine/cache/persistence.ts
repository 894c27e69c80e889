/**
 * Where the persisted record cache lives, and its budget. IndexedDB (through idb-keyval) when the
 * runtime has it: it is made for volume, its quota is the browser's, not the 10 MB of settings storage
 * that every add-in of the domain shares with the API key, and it keeps one entry per record
 * (indexedDbStore.ts), so a save writes what changed. There memory and storage hold 120,000 records (a
 * sheet of 100,000 distinct suppliers recalculates and reopens without a request) within 20,000,000
 * characters (about 125 a record). Without IndexedDB, or with one that cannot be opened (or in tests
 * handed a storage), the records go to settings storage as one blob (settingsBlob.ts), 10,000 records and
 * 1,500,000 characters at most.
 */
import type { KeyValueStorage } from '../../settings/storage';
import { BlobPersistence } from './settingsBlob';
import {
  RecordCache,
  type CacheEntry,
  type CacheLimits,
  type CachePersistence,
  type StoredEntries,
} from './recordCache';
import { RecordStore, StorageUnanswered } from './indexedDbStore';

/** Records held in memory either way: a 100,000-supplier sheet recalculates without a request. */
export const MEMORY_ENTRIES = 120_000;

export const SETTINGS_CACHE_LIMITS: CacheLimits = {
  memoryEntries: MEMORY_ENTRIES,
  persistedEntries: 10_000,
  persistedChars: 1_500_000,
  saveDelayMs: 1_000,
};

export const INDEXEDDB_CACHE_LIMITS: CacheLimits = {
  memoryEntries: MEMORY_ENTRIES,
  persistedEntries: MEMORY_ENTRIES, // the store keeps what memory keeps
  persistedChars: 20_000_000,
  saveDelayMs: 1_000,
};

export const CACHE_DATABASE = 'climate-cache';
export const CACHE_OBJECT_STORE = 'records';

export type CachePlace = 'indexeddb' | 'settings';

/**
 * `explicit`: a storage the caller chose (tests); otherwise IndexedDB when present, else settings
 * storage. `place` says where the records go: it turns to settings storage when IndexedDB, present,
 * cannot be opened (a private window, a blocked or broken database), found at the first load.
 */
export function createRecordCache(
  explicit: KeyValueStorage | undefined,
  settingsStorage: KeyValueStorage,
  now: () => number,
  /** IndexedDB did not open in time (StorageUnanswered): the cells went on without what it holds. */
  onUnanswered: (error: Error) => void = () => undefined,
  /** The keys the cache finds by record id (RecordCache.identifierKey). */
  identifies?: (key: string) => boolean,
): { cache: RecordCache; readonly place: CachePlace } {
  if (explicit === undefined && typeof indexedDB !== 'undefined' && indexedDB !== null) {
    const limits = INDEXEDDB_CACHE_LIMITS;
    const store = RecordStore.open(CACHE_DATABASE, CACHE_OBJECT_STORE, settingsStorage, limits.persistedChars);
    const persistence = new FallbackPersistence(store, blobPersistence(settingsStorage, now), onUnanswered);
    const cache = new RecordCache(persistence, now, limits, identifies);
    return {
      cache,
      get place() {
        return persistence.place;
      },
    };
  }
  return { cache: blobCache(explicit ?? settingsStorage, now, SETTINGS_CACHE_LIMITS, identifies), place: 'settings' };
}

/** A cache kept as one blob in `storage`, within `limits`' bounds. */
export function blobCache(
  storage: KeyValueStorage,
  now: () => number,
  limits = SETTINGS_CACHE_LIMITS,
  identifies?: (key: string) => boolean,
): RecordCache {
  return new RecordCache(blobPersistence(storage, now, limits), now, limits, identifies);
}

function blobPersistence(storage: KeyValueStorage, now: () => number, limits = SETTINGS_CACHE_LIMITS): BlobPersistence {
  return new BlobPersistence(storage, { entries: limits.persistedEntries, chars: limits.persistedChars }, now);
}

/**
 * IndexedDB until it cannot be opened, then settings storage for good: a load that fails there (the
 * database refused or not answering, or a store that throws) is the runtime without IndexedDB, so the records still
 * outlive the workbook, within the settings budget (SETTINGS_CACHE_LIMITS), rather than not at all.
 */
class FallbackPersistence implements CachePersistence {
  place: CachePlace = 'indexeddb';
  private current: CachePersistence;

  constructor(
    primary: CachePersistence,
    private readonly fallback: CachePersistence,
    private readonly onUnanswered: (error: Error) => void,
  ) {
    this.current = primary;
  }

  async load(scope: string): Promise<StoredEntries> {
    if (this.place === 'indexeddb') {
      try {
        return await this.current.load(scope);
      } catch (error) {
        [this.current, this.place] = [this.fallback, 'settings'];
        if (error instanceof StorageUnanswered) this.onUnanswered(error);
      }
    }
    return this.current.load(scope);
  }

  save(scope: string, entries: ReadonlyMap<string, CacheEntry>, changed: ReadonlySet<string> | null): Promise<void> {
    return this.current.save(scope, entries, changed);
  }
}
