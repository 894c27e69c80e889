/**
 * Ours: the built functions bundle in the workbook harness, exactly as Excel would run it: 4 x R
 * formulas invoked at once, every call through the engine's one queue. `engine-warm` recalculates
 * the same cells afterwards (F9 on the sheet), served from the cache the first pass filled;
 * `engine-reopened` is a new runtime over the storage (settings and IndexedDB) the first pass left.
 */
import { IDBFactory } from 'fake-indexeddb';
import { CACHE_DATABASE, CACHE_OBJECT_STORE } from '../../../src/engine/cacheStore';
import { CACHE_STORAGE_KEY, MAX_SAVE_DELAY_MS } from '../../../src/engine/recordCache';
import { openNodeWorkbook, type NodeWorkbookSession } from '../../harness';
import type { CellOutcome } from '../cells';
import { outcomesOf, sheetOf } from '../sheet';
import type { SupplierRow } from '../workload';

export interface EngineRun {
  session: NodeWorkbookSession;
  addresses: string[];
  outcomes: CellOutcome[];
  wallMs: number;
}

/** What a runtime starts from: settings storage and the browser's IndexedDB. */
export interface RuntimeStorage {
  settings: Record<string, string>;
  indexedDB: IDBFactory;
}

async function timeUntilSettled(session: NodeWorkbookSession, start: number, timeoutMs: number): Promise<number> {
  await session.workbook.settled(timeoutMs, 0);
  return performance.now() - start;
}

/** `fetch`: the runtime's, e.g. one that tells the pass's own requests from background polls. */
export async function runEngine(
  rows: readonly SupplierRow[],
  storage: RuntimeStorage,
  timeoutMs: number,
  fetch: typeof globalThis.fetch,
): Promise<EngineRun> {
  const session = await openNodeWorkbook({ storage: storage.settings, indexedDB: storage.indexedDB, fetch });
  const start = performance.now();
  const addresses = await session.calculate(sheetOf(rows));
  const wallMs = await timeUntilSettled(session, start, timeoutMs);
  return { session, addresses, outcomes: outcomesOf(await session.results(), rows.length), wallMs };
}

/** F9 over the same cells: every one re-invoked, answered from the engine's cache. */
export async function runEngineWarm(
  run: EngineRun,
  rows: number,
  timeoutMs: number,
): Promise<{ outcomes: CellOutcome[]; wallMs: number }> {
  const start = performance.now();
  await run.session.recalculate(run.addresses);
  const wallMs = await timeUntilSettled(run.session, start, timeoutMs);
  return { outcomes: outcomesOf(await run.session.results(), rows), wallMs };
}

export interface PersistedCache {
  bytes: number;
  /** Records in it (one per request key). */
  entries: number;
  /** Where the engine keeps it. */
  store: 'indexeddb' | 'settings';
}

/** One request on the engine's cache store in `factory`, opened the way idb-keyval opens it. */
function onCacheStore<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const open = factory.open(CACHE_DATABASE);
    open.onupgradeneeded = () => open.result.createObjectStore(CACHE_OBJECT_STORE);
    open.onerror = () => resolve(undefined);
    open.onsuccess = () => {
      const db = open.result;
      const request = act(db.transaction(CACHE_OBJECT_STORE, mode).objectStore(CACHE_OBJECT_STORE));
      request.onsuccess = () => {
        db.close();
        resolve(request.result as T);
      };
      request.onerror = () => {
        db.close();
        resolve(undefined);
      };
    };
  });
}

/** The cache blob in the runtime's IndexedDB. */
async function readIndexedDb(factory: IDBFactory): Promise<string | undefined> {
  const value = await onCacheStore<unknown>(factory, 'readonly', (store) => store.get(CACHE_STORAGE_KEY));
  return typeof value === 'string' ? value : undefined;
}

/**
 * A copy of what a runtime left in IndexedDB, for the next runtime: the profile on disk is the same,
 * while the closed runtime's open connections (which hold its whole context) are not carried over.
 */
export async function copyIndexedDb(from: IDBFactory): Promise<IDBFactory> {
  const copy = new IDBFactory();
  const blob = await readIndexedDb(from);
  if (blob !== undefined) await onCacheStore(copy, 'readwrite', (store) => store.put(blob, CACHE_STORAGE_KEY));
  return copy;
}

/**
 * The engine's persisted cache once it has stopped changing: the engine writes it a second (or ten
 * times its last write's cost, at most MAX_SAVE_DELAY_MS) after the records it holds change, so a run
 * that ends leaves its last write pending.
 */
export async function persistedCache(session: NodeWorkbookSession, indexedDB: IDBFactory): Promise<PersistedCache> {
  const read = async (): Promise<{ blob: string | undefined; store: PersistedCache['store'] }> => {
    const stored = await readIndexedDb(indexedDB);
    return stored === undefined
      ? { blob: (await session.storage())[CACHE_STORAGE_KEY], store: 'settings' }
      : { blob: stored, store: 'indexeddb' };
  };
  let last = await read();
  for (let stableFor = 0, waited = 0; stableFor <= MAX_SAVE_DELAY_MS; waited += 250) {
    if (waited > 60_000) throw new Error('bench: the persisted cache kept changing for 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    stableFor = now.blob === last.blob ? stableFor + 250 : 0;
    last = now;
  }
  if (last.blob === undefined) return { bytes: 0, entries: 0, store: last.store };
  return {
    bytes: Buffer.byteLength(last.blob, 'utf8'),
    entries: (JSON.parse(last.blob) as { e: unknown[] }).e.length,
    store: last.store,
  };
}

/** A fresh IndexedDB: the browser profile of a machine the add-in has not cached anything on. */
export function freshIndexedDb(): IDBFactory {
  return new IDBFactory();
}
