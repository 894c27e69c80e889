/**
 * What a runtime in a Chromium page left in the page's own IndexedDB (browser.ts), read in the page:
 * the engine's cache once its saves stop, for a reopened workbook to read back.
 */
import { CACHE_DATABASE, CACHE_OBJECT_STORE } from '../../src/engine/cache/persistence';
import { RECORD_PREFIX } from '../../src/engine/cache/indexedDbStore';
import type { ChromiumWorkbookSession } from './browser';
import { onceSaved } from './cacheStorage';

/**
 * The engine's records in the page's IndexedDB once its saves are done (cacheStorage.ts `onceSaved`):
 * entries, and bytes of keys and values (UTF-8), counted as cacheStorage.ts counts them in Node.
 */
export async function persistedInPage(session: ChromiumWorkbookSession): Promise<{ entries: number; bytes: number }> {
  const read = () =>
    session.page.evaluate(
      ([database, objectStore, prefix]) =>
        new Promise<{ entries: number; bytes: number }>((resolve, reject) => {
          const request = indexedDB.open(database);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains(objectStore)) return resolve({ entries: 0, bytes: 0 });
            const store = db.transaction(objectStore).objectStore(objectStore);
            const keys = store.getAllKeys();
            const values = store.getAll();
            values.onsuccess = () => {
              db.close();
              const utf8 = new TextEncoder();
              const bytes = keys.result.reduce<number>(
                (sum, key, i) => sum + utf8.encode(String(key)).length + utf8.encode(String(values.result[i])).length,
                0,
              );
              resolve({ entries: keys.result.filter((key) => String(key).startsWith(prefix)).length, bytes });
            };
            values.onerror = () => reject(values.error);
          };
        }),
      [CACHE_DATABASE, CACHE_OBJECT_STORE, RECORD_PREFIX] as const,
    );
  return onceSaved(read, 120_000);
}
