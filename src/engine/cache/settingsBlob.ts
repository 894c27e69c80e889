/**
 * The cache as one JSON string: the form kept in settings storage (where there is no IndexedDB), and
 * the form every version before the per-record store wrote, also to IndexedDB (read once and migrated,
 * indexedDbStore.ts). Small by design: settings storage allows a few MB per origin, shared with the key.
 */
import type { KeyValueStorage } from '../../settings/storage';
import { compactRecord, expandRecord, StringTable, type CompactRecord } from './compactRecord';
import { CACHE_STORAGE_KEY, type CacheEntry, type CachePersistence, type StoredEntries } from './recordCache';

/** `{v, scope, t: base time (s), d: string table, e: [[key, seconds after t, ...record]]}` */
interface StoredBlob {
  v: 1;
  scope: string;
  t: number;
  d: string[];
  e: [string, number, ...CompactRecord][];
}

/** The blob's scope and entries (oldest first), or null when it is not a readable blob. */
export function parseCacheBlob(raw: string | null | undefined): { scope: string; entries: StoredEntries } | null {
  if (typeof raw !== 'string') return null;
  let stored: StoredBlob;
  try {
    stored = JSON.parse(raw) as StoredBlob;
  } catch {
    return null; // unreadable: start empty, the next save replaces it
  }
  if (stored?.v !== 1 || typeof stored.scope !== 'string' || !Array.isArray(stored.e)) return null;
  const table = new StringTable(Array.isArray(stored.d) ? stored.d : []);
  const entries: StoredEntries = [];
  for (const item of stored.e) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'number') continue;
    const [key, age, ...compact] = item;
    const record = expandRecord(compact, table);
    if (record !== null) entries.push([key, { record, fetchedAt: (stored.t + age) * 1000 }]);
  }
  return { scope: stored.scope, entries };
}

/**
 * The most recently used entries that fit both bounds, written oldest first. A record that does not
 * fit is left out with the strings it would have added to the table; smaller ones after it still go in.
 */
export function serializeCacheBlob(
  scope: string,
  entries: ReadonlyMap<string, CacheEntry>,
  bounds: { entries: number; chars: number },
  now: number,
): string {
  let oldest = now;
  for (const entry of entries.values()) oldest = Math.min(oldest, entry.fetchedAt);
  const base = Math.floor(oldest / 1000);
  const table = new StringTable();
  let tableChars = 0;
  const scopeJson = JSON.stringify(scope);
  const kept: string[] = [];
  let chars = scopeJson.length + 64; // the frame around the entries and the table
  const latestFirst = [...entries].reverse().sort(([, a], [, b]) => (b.used ?? 0) - (a.used ?? 0));
  for (const [key, entry] of latestFirst) {
    if (kept.length >= bounds.entries) break;
    const known = table.strings.length;
    const age = Math.floor(entry.fetchedAt / 1000) - base;
    const json = JSON.stringify([key, age, ...compactRecord(entry.record, table)]);
    let addedChars = 0;
    for (const added of table.strings.slice(known)) addedChars += JSON.stringify(added).length + 1;
    if (chars + json.length + 1 + tableChars + addedChars > bounds.chars) {
      table.truncate(known);
      continue;
    }
    tableChars += addedChars;
    chars += json.length + 1;
    kept.push(json);
  }
  kept.reverse();
  return `{"v":1,"scope":${scopeJson},"t":${base},"d":${JSON.stringify(table.strings)},"e":[${kept.join(',')}]}`;
}

/** The whole cache rewritten as one blob on every save: for settings storage, whose budget is small. */
export class BlobPersistence implements CachePersistence {
  /** The last write: the next starts after it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly bounds: { entries: number; chars: number },
    private readonly now: () => number,
  ) {}

  async load(scope: string): Promise<StoredEntries> {
    let raw: string | null = null;
    try {
      raw = await this.storage.getItem(CACHE_STORAGE_KEY);
    } catch {
      return []; // unreadable storage: start empty
    }
    const stored = parseCacheBlob(raw);
    return stored?.scope === scope ? stored.entries : [];
  }

  save(scope: string, entries: ReadonlyMap<string, CacheEntry>): Promise<void> {
    const blob = serializeCacheBlob(scope, entries, this.bounds, this.now());
    const write = this.writing.then(() => this.storage.setItem(CACHE_STORAGE_KEY, blob));
    this.writing = write.catch(() => undefined);
    return write;
  }
}
