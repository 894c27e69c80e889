/**
 * The cache in IndexedDB, one entry per record (through idb-keyval), so that a save writes the records
 * that changed and nothing else: refreshing 100 organizations of a 50,000-supplier sheet writes about
 * 100 short strings, where one blob would be rewritten whole. Beside the records, one entry holds the
 * scope and the string table the records refer to (industry names, profile-link prefixes); it is
 * written again only when a string is added. What earlier versions kept is read once, written as records
 * and removed: their per-record entries (another meta entry and prefix), or before that the blob (in this
 * object store, or in settings storage). The layout has its own names so that a workbook still open in
 * one of those versions, which writes its own copy of the table over the stored one, cannot change what
 * this version's records read back as.
 */
import { createStore, entries as allEntries, promisifyRequest, type UseStore } from 'idb-keyval';
import { t } from '../../i18n/translate';
import type { KeyValueStorage } from '../../settings/storage';
import { parseCacheBlob } from './settingsBlob';
import { compactRecord, expandRecord, StringTable, type CompactRecord } from './compactRecord';
import {
  CACHE_STORAGE_KEY,
  toTheSecond,
  type CacheEntry,
  type CachePersistence,
  type StoredEntries,
} from './recordCache';

/** The entry with the scope and string table: `{"v":3,"scope":…,"d":[…]}`. */
export const META_KEY = 'climate.cache.meta.v3';
const VERSION = 3;
/** Record entries are `e:` + request key: `[seconds fetched at, ...CompactRecord]` as JSON. */
export const RECORD_PREFIX = 'e:';
/** The same layout as the versions before it wrote it (`v` 2), each runtime with its own copy of the table. */
const OLDER = { metaKey: 'climate.cache.meta', prefix: 'r:', version: 2 } as const;
/** A table past this many characters is rebuilt from the records held (the store is written anew). */
const TABLE_CHARS_LIMIT = 65_536;

interface Meta {
  v: number;
  scope: string;
  d: string[];
}

type Change = [key: string, value: string | null];
type Stored = Map<IDBValidKey, unknown>;

function parseMeta(raw: unknown, version: number): Meta | null {
  if (typeof raw !== 'string') return null;
  try {
    const meta = JSON.parse(raw) as Meta;
    return meta?.v === version && typeof meta.scope === 'string' && Array.isArray(meta.d) ? meta : null;
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

/** The readable records stored under `prefix`, read against `table`, with the characters each takes. */
function readRecords(stored: Stored, prefix: string, table: StringTable): [string, CacheEntry, number][] {
  const records: [string, CacheEntry, number][] = [];
  for (const [key, raw] of stored) {
    if (typeof key !== 'string' || !key.startsWith(prefix)) continue;
    const entry = parseRecord(raw, table);
    if (entry !== null) records.push([key.slice(prefix.length), entry, key.length + (raw as string).length]);
  }
  return records;
}

const oldestFirst = (entries: StoredEntries): StoredEntries => entries.sort((a, b) => a[1].fetchedAt - b[1].fetchedAt);

/** The records of the older per-record layout, with their scope; null when there are none. */
function olderRecords(stored: Stored): { scope: string; entries: StoredEntries } | null {
  const meta = parseMeta(stored.get(OLDER.metaKey), OLDER.version);
  if (meta === null) return null;
  const records = readRecords(stored, OLDER.prefix, new StringTable(meta.d));
  return { scope: meta.scope, entries: oldestFirst(records.map(([key, entry]) => [key, entry])) };
}

/** How long the database has to open: IndexedDB opens in milliseconds, the records are read after. */
export const OPEN_WAIT_MS = 5_000;

/** The browser's IndexedDB did not answer `open` within OPEN_WAIT_MS. */
export class StorageUnanswered extends Error {
  constructor() {
    super(t('runtime.storageUnanswered', { seconds: OPEN_WAIT_MS / 1000 }));
  }
}

export class RecordStore implements CachePersistence {
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
    await this.opened();
    const stored: Stored = new Map(await allEntries<IDBValidKey, unknown>(this.store));
    const meta = parseMeta(stored.get(META_KEY), VERSION);
    if (meta === null) return this.migrate(stored, scope);
    this.sizes.clear();
    this.storedChars = 0;
    if (meta.scope !== scope) return [];
    const loaded: StoredEntries = [];
    for (const [requestKey, entry, chars] of readRecords(stored, RECORD_PREFIX, new StringTable(meta.d))) {
      this.sized(requestKey, chars);
      loaded.push([requestKey, entry]);
    }
    return oldestFirst(loaded);
  }

  /**
   * Resolves once the database is open; rejects with StorageUnanswered when `open` has not answered
   * within OPEN_WAIT_MS. An IndexedDB whose open never answers is known on WebKit (bug 226547,
   * idb-keyval#120): without this bound every cell would wait behind the loading gate for good.
   */
  private opened(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new StorageUnanswered()), OPEN_WAIT_MS);
      this.store('readonly', () => clearTimeout(timer)).then(resolve, (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /**
   * One transaction: every change lands, or none. Another workbook's runtime may have written since
   * this one loaded (its records, strings added to the table, another scope), so what to write is
   * decided inside the transaction, from the scope and table stored then: IndexedDB runs one
   * read-write transaction on a store at a time, so no save can come between the reading and the writing.
   */
  save(scope: string, entries: ReadonlyMap<string, CacheEntry>, changed: ReadonlySet<string> | null): Promise<void> {
    if (changed !== null && changed.size === 0) return Promise.resolve();
    return this.store('readwrite', (objectStore) => {
      const read = objectStore.get(META_KEY);
      read.onsuccess = () => {
        for (const [key, value] of this.changes(
          parseMeta(read.result, VERSION),
          scope,
          entries,
          changed,
          objectStore,
        )) {
          if (value === null) objectStore.delete(key);
          else objectStore.put(value, key);
        }
      };
      return promisifyRequest(objectStore.transaction);
    });
  }

  /**
   * The entries to write over what is stored (`stored`): the changed records against the stored table,
   * or, when the store holds another scope, nothing readable, or a table grown past its limit, every
   * record anew (the store cleared first).
   */
  private changes(
    stored: Meta | null,
    scope: string,
    entries: ReadonlyMap<string, CacheEntry>,
    changed: ReadonlySet<string> | null,
    objectStore: IDBObjectStore,
  ): Change[] {
    const anew =
      changed === null ||
      stored === null ||
      stored.scope !== scope ||
      JSON.stringify(stored.d).length > TABLE_CHARS_LIMIT;
    if (anew) {
      objectStore.clear();
      this.sizes.clear();
      this.storedChars = 0;
    }
    const table = new StringTable(anew ? [] : stored.d);
    const tableLength = table.strings.length;
    const changes: Change[] = [];
    for (const key of anew ? entries.keys() : changed) {
      const entry = entries.get(key);
      const value = entry === undefined ? null : this.encode(entry, key, table);
      if (value === null && (anew || !this.sizes.has(key))) continue; // nothing stored to drop
      this.sized(key, value === null ? 0 : RECORD_PREFIX.length + key.length + value.length);
      changes.push([RECORD_PREFIX + key, value]);
    }
    if (anew || table.strings.length > tableLength) {
      const meta: Meta = { v: VERSION, scope, d: table.strings };
      changes.push([META_KEY, JSON.stringify(meta)]);
    }
    return changes;
  }

  /** The record's entry, or null when it does not fit the budget (left out, never the budget broken). */
  private encode(entry: CacheEntry, key: string, table: StringTable): string | null {
    const known = table.strings.length;
    const value = JSON.stringify([toTheSecond(entry.fetchedAt) / 1000, ...compactRecord(entry.record, table)]);
    const growth = RECORD_PREFIX.length + key.length + value.length - (this.sizes.get(key) ?? 0);
    if (this.storedChars + growth <= this.maxChars) return value;
    table.truncate(known);
    return null;
  }

  private sized(key: string, chars: number): void {
    this.storedChars += chars - (this.sizes.get(key) ?? 0);
    if (chars === 0) this.sizes.delete(key);
    else this.sizes.set(key, chars);
  }

  /**
   * Nothing in this layout yet: what an earlier version kept (its per-record entries, else its blob,
   * here or in settings storage) becomes records of its own scope, nothing dropped, and is removed.
   */
  private async migrate(stored: Stored, scope: string): Promise<StoredEntries> {
    const blobHere = stored.get(CACHE_STORAGE_KEY);
    const earlier =
      olderRecords(stored) ??
      parseCacheBlob(typeof blobHere === 'string' ? blobHere : null) ??
      parseCacheBlob(await this.settingsStorage.getItem(CACHE_STORAGE_KEY).catch(() => null));
    if (earlier !== null) await this.save(earlier.scope, new Map(earlier.entries), null); // anew: the clear drops the old
    await this.settingsStorage.removeItem(CACHE_STORAGE_KEY).catch(() => undefined);
    return earlier?.scope === scope ? earlier.entries : [];
  }
}
