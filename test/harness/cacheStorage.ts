/**
 * What a runtime leaves behind for the next one: its IndexedDB (a fresh one, a copy for the next
 * runtime, what the engine's cache wrote there once it stopped changing) and the closed workbook whose
 * grid a new runtime opens again (node.ts `workbook`). Used by the harness's tests and the bench.
 */
import { IDBFactory } from 'fake-indexeddb';
import { CACHE_DATABASE, CACHE_OBJECT_STORE } from '../../src/engine/cache/persistence';
import { CACHE_STORAGE_KEY, MAX_SAVE_DELAY_MS } from '../../src/engine/cache/recordCache';
import { RECORD_PREFIX } from '../../src/engine/cache/indexedDbStore';
import type { NodeWorkbookSession } from './node';
import type { Workbook } from './workbook';

/**
 * The workbook closed: its runtime ends and lets go of the grid, and the values it made are dropped
 * (Excel keeps a saved file's values itself, not in the runtime's heap), or copied (`copy`: what the
 * saved file shows, which a desktop reopen keeps, Workbook.reopen). Returns the grid, to reopen.
 */
export async function closeRuntime(session: NodeWorkbookSession, values: 'copy' | 'drop' = 'drop'): Promise<Workbook> {
  await session.close();
  session.workbook.releaseRuntime(values);
  return session.workbook;
}

export interface PersistedCache {
  bytes: number;
  /** Records in it (one per request key). */
  entries: number;
  /** Where the engine keeps it. */
  store: 'indexeddb' | 'settings';
}

/** Entries of the engine's cache store. */
type StoreEntries = [IDBValidKey, unknown][];

/** Runs `act` in one transaction on the cache store in `factory` (opened as idb-keyval opens it); resolves with its result once committed. */
function onCacheStore<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => () => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = factory.open(CACHE_DATABASE);
    open.onupgradeneeded = () => open.result.createObjectStore(CACHE_OBJECT_STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const transaction = db.transaction(CACHE_OBJECT_STORE, mode);
      const result = act(transaction.objectStore(CACHE_OBJECT_STORE));
      transaction.oncomplete = () => {
        db.close();
        resolve(result());
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}

/** Every entry of the cache store (the records and the table they refer to, or an older blob). */
function readIndexedDb(factory: IDBFactory): Promise<StoreEntries> {
  return onCacheStore(factory, 'readonly', (store) => {
    const keys = store.getAllKeys();
    const values = store.getAll();
    return () => keys.result.map((key, i): [IDBValidKey, unknown] => [key, values.result[i]]);
  });
}

/**
 * A copy of what a runtime left in IndexedDB, for the next runtime: the profile on disk is the same,
 * while the closed runtime's open connections (which hold its whole context) are not carried over.
 */
export async function copyIndexedDb(from: IDBFactory): Promise<IDBFactory> {
  const copy = new IDBFactory();
  const stored = await readIndexedDb(from);
  await onCacheStore(copy, 'readwrite', (store) => {
    for (const [key, value] of stored) store.put(value, key);
    return () => undefined;
  });
  return copy;
}

/** Characters of what a store holds: keys and string values (every value the engine writes is a string). */
function sizeOf(stored: StoreEntries): number {
  let chars = 0;
  for (const [key, value] of stored) chars += Buffer.byteLength(String(key)) + Buffer.byteLength(String(value));
  return chars;
}

/**
 * The engine's persisted cache once it has stopped changing: the engine writes it a second (or ten
 * times its last write's cost, at most MAX_SAVE_DELAY_MS) after the records it holds change, so a run
 * that ends leaves its last write pending.
 */
export async function persistedCache(session: NodeWorkbookSession, indexedDB: IDBFactory): Promise<PersistedCache> {
  const read = async (): Promise<PersistedCache> => {
    const stored = await readIndexedDb(indexedDB);
    if (stored.length > 0) {
      const entries = stored.filter(([key]) => String(key).startsWith(RECORD_PREFIX)).length;
      return { bytes: sizeOf(stored), entries, store: 'indexeddb' };
    }
    const blob = (await session.storage())[CACHE_STORAGE_KEY];
    const entries = blob === undefined ? 0 : (JSON.parse(blob) as { e: unknown[] }).e.length;
    return { bytes: blob === undefined ? 0 : Buffer.byteLength(blob), entries, store: 'settings' };
  };
  return onceSaved(read, 60_000);
}

/**
 * What `read` finds once it has stayed the same for longer than the cache waits before a save: the
 * engine's saves are done. Fails when it keeps changing for `limitMs`.
 */
export async function onceSaved<T extends { entries: number; bytes: number }>(
  read: () => Promise<T>,
  limitMs: number,
): Promise<T> {
  let last = await read();
  for (let stableFor = 0, waited = 0; stableFor <= MAX_SAVE_DELAY_MS; waited += 250) {
    if (waited > limitMs) throw new Error(`harness: the persisted cache kept changing for ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    stableFor = now.bytes === last.bytes && now.entries === last.entries ? stableFor + 250 : 0;
    last = now;
  }
  return last;
}

/** A fresh IndexedDB: the browser profile of a machine the add-in has not cached anything on. */
export function freshIndexedDb(): IDBFactory {
  return new IDBFactory();
}

/**
 * An IndexedDB whose `open` never answers, as WebKit's has been seen to (WebKit bug 226547,
 * idb-keyval#120): the request it hands back never fires success, error or upgradeneeded.
 */
export function hangingIndexedDb(): IDBFactory {
  const factory = new IDBFactory();
  factory.open = () => ({}) as IDBOpenDBRequest;
  return factory;
}
