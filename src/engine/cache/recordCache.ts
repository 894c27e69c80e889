/**
 * Organization records by request key (final ones to serve; those still being profiled to watch again
 * after a reload): in memory (bounded, least recently used first out) and persisted (with the time each
 * was fetched; how and where: persistence.ts) so that a recalculation, a reopened workbook or a second
 * runtime does not ask the service again. Entries older than the TTL are neither served nor kept. One
 * scope (service address, and project for private figures) at a time: records of another scope are
 * never served. The cache tells its persistence which keys changed, so a store that keeps records one
 * by one writes only those.
 */
import type { OrganizationRecord } from '../../service/types';

/** The key of the cache kept as one blob (settingsBlob.ts). */
export const CACHE_STORAGE_KEY = 'climate.cache.v1';

/** Writes are never put off longer than this: a workbook closed soon after a cold load keeps its records. */
export const MAX_SAVE_DELAY_MS = 5_000;

/** A stored record fetched later than this ahead of now is not believed fresh (clock skew aside). */
const FUTURE_SKEW_MS = 60_000;

/** A record with no status is treated as final: there is nothing to wait for. */
export function isFinal(record: OrganizationRecord): boolean {
  return record.status === null || record.status === 'synced' || record.status === 'errored';
}

export interface CacheLimits {
  /** Records held in memory. */
  memoryEntries: number;
  /** Records written to storage (the most recently used). */
  persistedEntries: number;
  /** Characters written to storage in all (localStorage quotas are counted in characters). */
  persistedChars: number;
  /** Writes are gathered for this long so a burst of answers is one write. */
  saveDelayMs: number;
}

/**
 * A record's time as the store keeps it (to the second): what calls are told, so that a workbook
 * reopened over the store shows the time it showed before.
 */
export const toTheSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

export interface CacheEntry {
  record: OrganizationRecord;
  fetchedAt: number;
  /** When it was last used (a tick of the cache's clock; larger is more recent), 0 when loaded. */
  used?: number;
}

/** Share of memory freed at once when it is full: eviction sorts by use, so it is done in bulk. */
const EVICTED_SHARE = 1 / 16;

/** Stored entries, oldest first. */
export type StoredEntries = [string, CacheEntry][];

/** Where the records are kept between sessions (settingsBlob.ts, indexedDbStore.ts). */
export interface CachePersistence {
  /** The stored entries of `scope`, oldest first; none when the store holds another scope. */
  load(scope: string): Promise<StoredEntries>;
  /**
   * Stores `entries` (their `used` tells which were used last). `changed`: the keys set or dropped since the last
   * save, or null when anything may have changed (a migration writing every record anew).
   */
  save(scope: string, entries: ReadonlyMap<string, CacheEntry>, changed: ReadonlySet<string> | null): Promise<void>;
}

export class RecordCache {
  /**
   * A hit only stamps its entry with the clock's next tick: moving it to the end of the Map instead
   * (delete and set) made the Map rehash every few ten thousand hits on a large sheet.
   */
  private readonly memory = new Map<string, CacheEntry>();
  /**
   * Per record id, the last key `identifies` accepted that memory held it under: how a card that
   * carries no query finds the identifier its row asked by (`identifierKey`). Checked when read, so
   * an evicted or replaced key needs no bookkeeping here.
   */
  private readonly byId = new Map<number, string>();
  private clock = 0;
  private scope = '';
  /** Keys set or dropped since the last save. */
  private changed = new Set<string>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** How long the last write took to prepare: the next waits ten times that, so writing stays under 10% of the time. */
  private lastSaveMs = 0;

  constructor(
    private readonly persistence: CachePersistence,
    private readonly now: () => number,
    private readonly limits: CacheLimits,
    /** Which keys `identifierKey` answers with (the engine's: a key of one identifier alone). */
    private readonly identifies: (key: string) => boolean = () => false,
  ) {}

  get size(): number {
    return this.memory.size;
  }

  /** How many records memory keeps before it evicts the least used. */
  get capacity(): number {
    return this.limits.memoryEntries;
  }

  /** Whether memory holds a record for `key` (any, unstamped: not a use). */
  has(key: string): boolean {
    return this.memory.has(key);
  }

  /** Switches to `scope`, replacing what memory holds with the stored records of that scope. */
  async load(scope: string, ttlMs: number): Promise<void> {
    if (this.saveTimer) void this.save(); // what the previous scope changed is written first, under its scope
    const written = this.saving;
    this.scope = scope;
    this.memory.clear();
    this.byId.clear();
    let stored: StoredEntries = [];
    try {
      await written;
      stored = await this.persistence.load(scope);
    } catch {
      stored = []; // unreadable storage: start empty
    }
    if (this.scope !== scope) return; // switched again meanwhile
    const now = this.now();
    for (const [key, entry] of stored) {
      const age = now - entry.fetchedAt;
      if (age < ttlMs && age > -FUTURE_SKEW_MS) this.remember(key, entry);
      else this.changed.add(key); // expired, or of no believable age: dropped from storage with the next write
    }
  }

  /** A final record; records still being profiled are kept only to be watched again (`pending`). */
  get(key: string, ttlMs: number): OrganizationRecord | null {
    return this.entry(key, ttlMs)?.record ?? null;
  }

  /** A final record's entry: the record and when it was fetched. */
  entry(key: string, ttlMs: number): CacheEntry | null {
    const entry = this.memory.get(key);
    if (entry === undefined || !isFinal(entry.record)) return null;
    if (this.now() - entry.fetchedAt >= ttlMs) {
      this.delete(key);
      return null;
    }
    entry.used = ++this.clock;
    return entry;
  }

  /** A key `identifies` accepted under which memory holds record `id`, final or not; null when none. Not a use. */
  identifierKey(id: number): string | null {
    const key = this.byId.get(id);
    if (key === undefined) return null;
    if (this.memory.get(key)?.record.id === id) return key;
    this.byId.delete(id);
    return null;
  }

  /**
   * Records that were still being profiled when last seen (within the TTL): a reopened workbook
   * watches them again instead of registering them anew.
   */
  pending(ttlMs: number): [string, OrganizationRecord][] {
    const now = this.now();
    return [...this.memory].flatMap(([key, { record, fetchedAt }]) =>
      isFinal(record) || now - fetchedAt >= ttlMs ? [] : [[key, record] as [string, OrganizationRecord]],
    );
  }

  set(key: string, record: OrganizationRecord): void {
    this.remember(key, { record, fetchedAt: this.now(), used: ++this.clock });
    this.changed.add(key);
    this.scheduleSave();
  }

  delete(key: string): void {
    if (!this.memory.delete(key)) return;
    this.changed.add(key);
    this.scheduleSave();
  }

  /** Drops every record whose key `keep` lacks (Refresh all: what no call asked for this session). */
  retain(keep: ReadonlyMap<string, unknown>): void {
    for (const key of [...this.memory.keys()]) if (!keep.has(key)) this.delete(key);
  }

  /**
   * Writes now (and waits for it): on shutdown, and for tests. The persistence prepares its write at
   * once, from memory as it is now, and writes after its earlier writes.
   */
  save(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const changed = this.changed;
    this.changed = new Set();
    const started = this.now();
    let written: Promise<void>;
    try {
      written = this.persistence.save(this.scope, this.memory, changed);
    } catch (error) {
      written = Promise.reject(error);
    }
    this.lastSaveMs = this.now() - started;
    const settled = written.catch(() => this.unsaved(changed));
    this.saving = this.saving.then(() => settled);
    return this.saving;
  }

  /** A write that failed: what it carried is written with the next one. */
  private unsaved(changed: ReadonlySet<string>): void {
    for (const key of changed) this.changed.add(key);
  }

  private remember(key: string, entry: CacheEntry): void {
    this.memory.set(key, entry);
    if (this.identifies(key)) this.byId.set(entry.record.id, key);
    if (this.memory.size <= this.limits.memoryEntries) return;
    const byUse = [...this.memory].sort(([, a], [, b]) => (a.used ?? 0) - (b.used ?? 0));
    const evicted = Math.max(1, Math.floor(this.limits.memoryEntries * EVICTED_SHARE));
    for (const [oldest] of byUse.slice(0, evicted)) {
      this.memory.delete(oldest);
      this.changed.add(oldest);
    }
  }

  private scheduleSave(): void {
    const delay = Math.min(MAX_SAVE_DELAY_MS, Math.max(this.limits.saveDelayMs, 10 * this.lastSaveMs));
    this.saveTimer ??= setTimeout(() => void this.save(), delay);
  }
}
