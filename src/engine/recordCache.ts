/**
 * Organization records by request key (final ones to serve; those still being profiled to watch again
 * after a reload): in memory (bounded, least recently used first out) and
 * persisted (bounded, compact, with the time each was fetched; where: cacheStore.ts) so that a
 * recalculation, a reopened workbook or a second runtime does not ask the service again. Entries older
 * than the TTL are neither served nor kept. One scope (service address, and project for private
 * figures) at a time: records of another scope are never served.
 */
import type { OrganizationRecord } from '../service/types';
import type { KeyValueStorage } from '../settings/storage';
import { compactRecord, expandRecord, StringTable, type CompactRecord } from './compactRecord';

export const CACHE_STORAGE_KEY = 'climate.cache.v1';

/** Writes are never put off longer than this: a workbook closed soon after a cold load keeps its records. */
export const MAX_SAVE_DELAY_MS = 5_000;

/** A record with no status is treated as final: there is nothing to wait for. */
export function isFinal(record: OrganizationRecord): boolean {
  return record.status === null || record.status === 'synced' || record.status === 'errored';
}

export interface CacheLimits {
  /** Records held in memory. */
  memoryEntries: number;
  /** Records written to storage (the most recently used). */
  persistedEntries: number;
  /** Characters of the stored blob (localStorage quotas are counted in characters). */
  persistedChars: number;
  /** Writes are gathered for this long so a burst of answers is one write. */
  saveDelayMs: number;
}

interface Entry {
  record: OrganizationRecord;
  fetchedAt: number;
}

/** `{v, scope, t: base time (s), d: string table, e: [[key, seconds after t, ...record]]}` */
interface StoredCache {
  v: 1;
  scope: string;
  t: number;
  d: string[];
  e: [string, number, ...CompactRecord][];
}

export class RecordCache {
  /** Map order is recency order: the first entry is the least recently used. */
  private readonly memory = new Map<string, Entry>();
  private scope = '';
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** How long the last write took to prepare: the next waits ten times that, so writing stays under 10% of the time. */
  private lastSaveMs = 0;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number,
    private readonly limits: CacheLimits,
  ) {}

  get size(): number {
    return this.memory.size;
  }

  /** Switches to `scope`, replacing what memory holds with the stored records of that scope. */
  async load(scope: string, ttlMs: number): Promise<void> {
    this.scope = scope;
    this.memory.clear();
    let stored: StoredCache | null = null;
    try {
      const raw = await this.storage.getItem(CACHE_STORAGE_KEY);
      stored = raw === null ? null : (JSON.parse(raw) as StoredCache);
    } catch {
      stored = null; // unreadable storage or blob: start empty, the next save replaces it
    }
    if (stored?.v !== 1 || stored.scope !== scope || !Array.isArray(stored.e) || this.scope !== scope) return;
    const table = new StringTable(stored.d);
    for (const [key, age, ...compact] of stored.e) {
      const fetchedAt = (stored.t + age) * 1000;
      if (this.now() - fetchedAt < ttlMs) this.remember(key, { record: expandRecord(compact, table), fetchedAt });
    }
  }

  /** A final record; records still being profiled are kept only to be watched again (`pending`). */
  get(key: string, ttlMs: number): OrganizationRecord | null {
    const entry = this.memory.get(key);
    if (entry === undefined || !isFinal(entry.record)) return null;
    this.memory.delete(key);
    if (this.now() - entry.fetchedAt >= ttlMs) {
      this.scheduleSave();
      return null;
    }
    this.memory.set(key, entry);
    return entry.record;
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
    this.memory.delete(key);
    this.remember(key, { record, fetchedAt: this.now() });
    this.scheduleSave();
  }

  delete(key: string): void {
    if (this.memory.delete(key)) this.scheduleSave();
  }

  clear(): void {
    this.memory.clear();
    this.scheduleSave();
  }

  /** Writes now (and waits for it): on shutdown, and for tests. */
  save(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const started = this.now();
    const blob = this.serialize();
    this.lastSaveMs = this.now() - started;
    this.saving = this.saving.then(() => this.storage.setItem(CACHE_STORAGE_KEY, blob)).catch(() => undefined);
    return this.saving;
  }

  private remember(key: string, entry: Entry): void {
    this.memory.set(key, entry);
    if (this.memory.size > this.limits.memoryEntries) {
      this.memory.delete(this.memory.keys().next().value as string);
    }
  }

  private scheduleSave(): void {
    const delay = Math.min(MAX_SAVE_DELAY_MS, Math.max(this.limits.saveDelayMs, 10 * this.lastSaveMs));
    this.saveTimer ??= setTimeout(() => void this.save(), delay);
  }

  /**
   * The most recently used entries that fit both bounds, written oldest first. A record that does not
   * fit is left out with the strings it would have added to the table; smaller ones after it still go in.
   */
  private serialize(): string {
    let oldest = this.now();
    for (const entry of this.memory.values()) oldest = Math.min(oldest, entry.fetchedAt);
    const base = Math.floor(oldest / 1000);
    const table = new StringTable();
    let tableChars = 0;
    const scope = JSON.stringify(this.scope);
    const kept: string[] = [];
    let chars = scope.length + 64; // the frame around the entries and the table
    for (const [key, entry] of [...this.memory.entries()].reverse()) {
      if (kept.length >= this.limits.persistedEntries) break;
      const known = table.strings.length;
      const age = Math.floor(entry.fetchedAt / 1000) - base;
      const json = JSON.stringify([key, age, ...compactRecord(entry.record, table)]);
      let addedChars = 0;
      for (const added of table.strings.slice(known)) addedChars += JSON.stringify(added).length + 1;
      if (chars + json.length + 1 + tableChars + addedChars > this.limits.persistedChars) {
        table.truncate(known);
        continue;
      }
      tableChars += addedChars;
      chars += json.length + 1;
      kept.push(json);
    }
    kept.reverse();
    return `{"v":1,"scope":${scope},"t":${base},"d":${JSON.stringify(table.strings)},"e":[${kept.join(',')}]}`;
  }
}
