/**
 * What the engine's cache costs in IndexedDB, measured on the cache itself over fake-indexeddb in this
 * process (for `npm run bench -- scale`): how long loading a stored cache takes, and what one save
 * writes after some records are refreshed, beside the one blob earlier versions rewrote.
 */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { serializeCacheBlob } from '../../src/engine/cache/settingsBlob';
import { createRecordCache } from '../../src/engine/cache/persistence';
import { identify } from '../../src/engine/calls/identity';
import type { CacheEntry } from '../../src/engine/cache/recordCache';
import { MemoryStorage } from '../../src/settings/storage';
import { withRemoteSandbox } from './remoteSandbox';
import { rowFor } from './workload';

/** Runs `work` with `factory` as this process's IndexedDB (the engine's cache finds it there). */
async function withIndexedDb<T>(factory: IDBFactory, work: () => Promise<T>): Promise<T> {
  const global = globalThis as { indexedDB?: unknown };
  const before = global.indexedDB;
  global.indexedDB = factory;
  try {
    return await work();
  } finally {
    global.indexedDB = before;
  }
}

/** How long the engine's cache takes to load what `factory` holds for `scope` (in this process). */
export function timedLoad(factory: IDBFactory, scope: string): Promise<number> {
  return withIndexedDb(factory, async () => {
    const { cache } = createRecordCache(undefined, new MemoryStorage(), Date.now);
    const start = performance.now();
    await cache.load(scope, 86_400_000);
    return Math.round(performance.now() - start);
  });
}

export interface RefreshFigures {
  cached: number;
  refreshed: number;
  /** Entries and bytes (keys and values, UTF-8) put into IndexedDB by the save after the refresh. */
  written: { entries: number; bytes: number };
  /** The one blob earlier versions rewrote on that save (every record, no budget applied). */
  blobBytes: number;
}

/**
 * `cached` records of the sandbox population in the engine's cache over a fresh fake-indexeddb, then
 * `refreshed` of them answered again, each new record replacing the old (as the pane's Refresh of those
 * rows does: it keeps a record until the newer one arrives), and the one save that follows counted at
 * IndexedDB's door.
 */
export async function refreshAt(cached: number, refreshed: number): Promise<RefreshFigures> {
  const organizations = Math.max(20_000, Math.ceil(cached * 1.25));
  return withRemoteSandbox({ port: 0, seed: 1, quiet: true, organizations }, async (sandbox) => {
    const scope = sandbox.url;
    const records = sandbox.population.organizations.slice(0, cached).flatMap((org) => {
      const request = rowFor(org, 'name').request;
      const record = sandbox.population.recordFor(request);
      return record === null ? [] : [[identify(request).key, record] as const];
    });
    const put = IDBObjectStore.prototype.put;
    const written = { entries: 0, bytes: 0 };
    await withIndexedDb(new IDBFactory(), async () => {
      const { cache } = createRecordCache(undefined, new MemoryStorage(), Date.now);
      await cache.load(scope, 86_400_000);
      for (const [key, record] of records) cache.set(key, record);
      await cache.save();
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        written.entries += 1;
        written.bytes += Buffer.byteLength(String(key)) + Buffer.byteLength(String(value));
        return put.call(this, value, key);
      };
      try {
        for (const [key, record] of records.slice(0, refreshed)) cache.set(key, record);
        await cache.save();
      } finally {
        IDBObjectStore.prototype.put = put;
      }
    });
    const entries = new Map<string, CacheEntry>(
      records.map(([key, record]) => [key, { record, fetchedAt: Date.now() }]),
    );
    const blob = serializeCacheBlob(scope, entries, { entries: Infinity, chars: Infinity }, Date.now());
    return { cached: records.length, refreshed, written, blobBytes: Buffer.byteLength(blob) };
  });
}
