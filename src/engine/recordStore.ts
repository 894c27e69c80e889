/**
 * The cache in IndexedDB, one entry per record (through idb-keyval), so that a save writes the records
 * that changed and nothing else: refreshing 100 organizations of a 50,000-supplier sheet writes about
 * 100 short strings, where one blob would be rewritten whole. Beside the records, one entry holds the
 * scope and the string table the records refer to (industry names, profile-link prefixes); it is
 * written again only when a string is added. The blob that earlier versions kept (in this object store,
 * or before that in settings storage) is read once, written as records and removed.
 */
import { createStore, entries as allEntries, promisifyRequest, type UseStore } from 'idb-keyval';
import type { KeyValueStorage } from '../settings/storage';
import { parseCacheBlob } from './cacheBlob';
import { compactRecord, expandRecord, StringTable, type CompactRecord } from './compactRecord';
import {
  CACHE_STORAGE_KEY,
  toTheSecond,
  type CacheEntry,
  type CachePersistence,
  type StoredEntries,
} from './recordCache';

/** The entry with the scope and string table: `{"v":2,"scope":…,"d":[…]}`. */
export const META_KEY = 'climate.cache.meta';
/** Record entries are `r:` + request key: `[seconds fetched at, ...CompactRecord]` as JSON. */
export const RECORD_PREFIX = 'r:';
/** A table past this many characters is rebuilt from the records held (the store is written anew). */
const TABLE_CHARS_LIMIT = 65_536;

interface Meta {
  v: 2;
  scope: string;
  d: string[];
}

type Change = [key: string, value: string | null];

function parseMeta(raw: unknown): Meta | null {
  if (typeof raw !== 'string') return null;
  try {
    const meta = JSON.parse(raw) as Meta;
    return meta?.v === 2 && typeof meta.scope === 'string' && Array.isArray(meta.d) ? meta : null;
  } catch {
    return null;
  }
}

function parseRecord(raw: unknown, table: StringTable): CacheEntry | null {
  if (typeof raw !== 'string') return null;
  try {
    const [seconds, ...compact] = JSON.parse(raw) as [number, ...CompactRecord];
    const record = typeof seconds === 'number' ? expandRecord(compact, table) : null;
    return record === null ? null : { record, fetchedAt: seconds * 1000 };
  } catch {
    return null; // one unreadable entry costs that record only
  }
}

export class RecordStore implements CachePersistence {
  /** The scope the store holds (null: unknown, the next write starts it anew). */
  private storedScope: string | null = null;
  private table = new StringTable();
  private tableChars = 2;
  /** Characters stored per record key, to keep the whole within `maxChars`. */
  private readonly sizes = new Map<string, number>();
  private storedChars = 0;

  constructor(
    private readonly store: UseStore,
    /** Where versions before IndexedDB kept the blob: its copy is removed once migrated. */
    private readonly settingsStorage: KeyValueStorage,
    private readonly maxChars: number,
  ) {}

  static open(database: string, objectStore: string, settingsStorage: KeyValueStorage, maxChars: number): RecordStore {
    return new RecordStore(createStore(database, objectStore), settingsStorage, maxChars);
  }

  async load(scope: string): Promise<StoredEntries> {
    const stored = new Map(await allEntries<IDBValidKey, unknown>(this.store));
    const meta = parseMeta(stored.get(META_KEY));
    if (meta === null) return this.migrate(stored.get(CACHE_STORAGE_KEY), scope);
    this.storedScope = meta.scope;
    this.table = new StringTable(meta.d);
    this.tableChars = JSON.stringify(meta.d).length;
    this.sizes.clear();
    this.storedChars = 0;
    if (meta.scope !== scope) return [];
    const loaded: StoredEntries = [];
    for (const [key, raw] of stored) {
      if (typeof key !== 'string' || !key.startsWith(RECORD_PREFIX)) continue;
      const entry = parseRecord(raw, this.table);
      if (entry === null) continue;
      const requestKey = key.slice(RECORD_PREFIX.length);
      this.sized(requestKey, key.length + (raw as string).length);
      loaded.push([requestKey, entry]);
    }
    return loaded.sort((a, b) => a[1].fetchedAt - b[1].fetchedAt);
  }

  save(scope: string, entries: ReadonlyMap<string, CacheEntry>, changed: ReadonlySet<string> | null): Promise<void> {
    const anew = changed === null || this.storedScope !== scope || this.tableChars > TABLE_CHARS_LIMIT;
    if (anew) {
      this.table = new StringTable();
      this.tableChars = 2;
      this.sizes.clear();
      this.storedChars = 0;
    }
    const tableLength = this.table.strings.length;
    const changes: Change[] = [];
    for (const key of anew ? entries.keys() : changed) {
      const entry = entries.get(key);
      const value = entry === undefined ? null : this.encode(entry, key);
      if (value === null && (anew || !this.sizes.has(key))) continue; // nothing stored to drop
      this.sized(key, value === null ? 0 : RECORD_PREFIX.length + key.length + value.length);
      changes.push([RECORD_PREFIX + key, value]);
    }
    if (anew || this.table.strings.length > tableLength) {
      const meta: Meta = { v: 2, scope, d: this.table.strings };
      changes.push([META_KEY, JSON.stringify(meta)]);
      this.tableChars = JSON.stringify(meta.d).length;
    }
    this.storedScope = scope;
    return this.write(changes, anew);
  }

  /** The record's entry, or null when it does not fit the budget (left out, never the budget broken). */
  private encode(entry: CacheEntry, key: string): string | null {
    const known = this.table.strings.length;
    const value = JSON.stringify([toTheSecond(entry.fetchedAt) / 1000, ...compactRecord(entry.record, this.table)]);
    const growth = RECORD_PREFIX.length + key.length + value.length - (this.sizes.get(key) ?? 0);
    if (this.storedChars + growth <= this.maxChars) return value;
    this.table.truncate(known);
    return null;
  }

  private sized(key: string, chars: number): void {
    this.storedChars += chars - (this.sizes.get(key) ?? 0);
    if (chars === 0) this.sizes.delete(key);
    else this.sizes.set(key, chars);
  }

  /** One transaction: every change lands, or none. */
  private write(changes: Change[], anew: boolean): Promise<void> {
    if (changes.length === 0 && !anew) return Promise.resolve();
    return this.store('readwrite', (objectStore) => {
      if (anew) objectStore.clear();
      for (const [key, value] of changes) {
        if (value === null) objectStore.delete(key);
        else objectStore.put(value, key);
      }
      return promisifyRequest(objectStore.transaction);
    });
  }

  /**
   * No per-record entries yet: the blob of an earlier version (here, or in settings storage) becomes
   * records of its own scope, nothing dropped, and the blob is removed.
   */
  private async migrate(blobHere: unknown, scope: string): Promise<StoredEntries> {
    const blob =
      parseCacheBlob(typeof blobHere === 'string' ? blobHere : null) ??
      parseCacheBlob(await this.settingsStorage.getItem(CACHE_STORAGE_KEY).catch(() => null));
    if (blob !== null) await this.save(blob.scope, new Map(blob.entries), null); // anew: the clear drops the blob
    await this.settingsStorage.removeItem(CACHE_STORAGE_KEY).catch(() => undefined);
    return blob?.scope === scope ? blob.entries : [];
  }
}
