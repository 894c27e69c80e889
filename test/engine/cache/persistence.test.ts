/**
 * The persisted cache in IndexedDB (fake-indexeddb stands in for the browser's), one entry per record:
 * a 50,000-supplier sheet comes back whole after a reload, a refresh of 100 organizations writes about
 * 100 entries, a reopened engine sends nothing, and settings storage (shared with the key) keeps no
 * copy. Without IndexedDB the small settings-storage budget applies.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { createStore, entries } from 'idb-keyval';
import { CACHE_DATABASE, CACHE_OBJECT_STORE, createRecordCache } from '../../../src/engine/cache/persistence';
import { CACHE_STORAGE_KEY } from '../../../src/engine/cache/recordCache';
import { META_KEY, RECORD_PREFIX } from '../../../src/engine/cache/indexedDbStore';
import { MemoryStorage } from '../../../src/settings/storage';
import { record } from '../fakeService';
import { disposeEngines, rig, supplier } from '../rig';

afterEach(disposeEngines);

const DAY = 86_400_000;
const SCOPE = 'https://api.example.com';
const storedEntries = (): Promise<[IDBValidKey, unknown][]> => entries(createStore(CACHE_DATABASE, CACHE_OBJECT_STORE));
const key = (id: number): string => `n:supplier ${id}`;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory(); // a fresh browser profile for each test
});

/** What every `put` on any object store writes: entries and characters of keys and values. */
function countPuts(): { entries: number; chars: number; stop: () => void } {
  const counted = { entries: 0, chars: 0, stop: () => spy.mockRestore() };
  const put = IDBObjectStore.prototype.put;
  const spy = jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    storeKey?: IDBValidKey,
  ) {
    counted.entries += 1;
    counted.chars +=
      String(storeKey).length + (typeof value === 'string' ? value.length : JSON.stringify(value).length);
    return put.call(this, value, storeKey);
  });
  return counted;
}

async function filled(count: number) {
  const settings = new MemoryStorage();
  const { cache, place } = createRecordCache(undefined, settings, Date.now);
  await cache.load(SCOPE, DAY);
  for (let id = 1; id <= count; id += 1) cache.set(key(id), record(id, `Supplier ${id}`));
  await cache.save();
  return { cache, place, settings };
}

test('50,000 suppliers are stored one entry each, under 150 characters a record, and all come back', async () => {
  const { place, settings } = await filled(50_000);
  expect(place).toBe('indexeddb');
  const stored = await storedEntries();
  const records = stored.filter(([k]) => String(k).startsWith(RECORD_PREFIX));
  expect(records).toHaveLength(50_000);
  expect(stored.map(([k]) => k)).toContain(META_KEY);
  const chars = records.reduce((sum, [k, v]) => sum + String(k).length + String(v).length, 0);
  expect(chars / 50_000).toBeLessThan(150);
  expect(await settings.getItem(CACHE_STORAGE_KEY)).toBeNull();
  const reopened = createRecordCache(undefined, settings, Date.now).cache;
  await reopened.load(SCOPE, DAY);
  expect(reopened.size).toBe(50_000);
  expect(reopened.get(key(1), DAY)?.name).toBe('Supplier 1');
  expect(reopened.get(key(50_000), DAY)?.matching_organization?.link).toBe(
    'https://profiles.example/organizations/50000',
  );
}, 60_000);

test('refreshing 100 of 50,000 cached records writes those 100 entries, not the cache', async () => {
  const { cache, settings } = await filled(50_000);
  const puts = countPuts();
  for (let id = 1; id <= 100; id += 1) cache.delete(key(id)); // a refresh of 100 organizations ...
  for (let id = 1; id <= 100; id += 1) cache.set(key(id), record(id, `Supplier ${id} (renamed)`)); // ... answered again
  await cache.save();
  puts.stop();
  expect(puts.entries).toBe(100);
  expect(puts.chars).toBeLessThan(100 * 150);
  const reopened = createRecordCache(undefined, settings, Date.now).cache;
  await reopened.load(SCOPE, DAY);
  expect(reopened.size).toBe(50_000);
  expect(reopened.get(key(100), DAY)?.name).toBe('Supplier 100 (renamed)');
}, 60_000);

test('dropped and evicted records leave the store; dropping every record leaves it empty', async () => {
  const { cache } = await filled(10);
  cache.delete(key(3));
  await cache.save();
  let stored = (await storedEntries()).map(([k]) => k);
  expect(stored).toHaveLength(10); // nine records and the table
  expect(stored).not.toContain(RECORD_PREFIX + key(3));
  cache.retain(new Map()); // Refresh all in a session that asked for none of them
  await cache.save();
  stored = (await storedEntries()).map(([k]) => k);
  expect(stored).toEqual([META_KEY]);
});

test('another scope replaces the stored records at its first write; its load serves none of them', async () => {
  const { settings } = await filled(5);
  const other = createRecordCache(undefined, settings, Date.now).cache;
  await other.load('https://other.example.com', DAY);
  expect(other.size).toBe(0);
  other.set(key(9), record(9, 'Supplier 9'));
  await other.save();
  const stored = (await storedEntries()).map(([k]) => String(k)).filter((k) => k.startsWith(RECORD_PREFIX));
  expect(stored).toEqual([RECORD_PREFIX + key(9)]);
});

test('a record past the TTL is not served after a reload and is dropped from the store', async () => {
  let now = Date.now();
  const settings = new MemoryStorage();
  const first = createRecordCache(undefined, settings, () => now).cache;
  await first.load(SCOPE, DAY);
  first.set(key(1), record(1, 'Supplier 1'));
  now += DAY / 2;
  first.set(key(2), record(2, 'Supplier 2'));
  await first.save();
  now += DAY / 2 + 1_000;
  const second = createRecordCache(undefined, settings, () => now).cache;
  await second.load(SCOPE, DAY);
  expect(second.get(key(1), DAY)).toBeNull();
  expect(second.get(key(2), DAY)?.id).toBe(2);
  await second.save();
  expect((await storedEntries()).map(([k]) => k)).not.toContain(RECORD_PREFIX + key(1));
});

test('a reopened engine answers from IndexedDB without a request', async () => {
  const first = await rig();
  const calls = Array.from({ length: 300 }, (_, i) => first.engine.organization(supplier(i)));
  await Promise.all(calls);
  await first.engine.flush();
  const sent = first.service.sent.length;
  const again = await rig({}, { service: first.service, storage: first.storage });
  const outcomes = await Promise.all(Array.from({ length: 300 }, (_, i) => again.engine.organization(supplier(i))));
  expect(outcomes.every((o) => o.state === 'ready')).toBe(true);
  expect(first.service.sent.length).toBe(sent);
  expect(await first.storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
  first.engine.dispose();
  again.engine.dispose();
});

test('without IndexedDB, or with a storage handed in, the settings-storage budget applies', () => {
  expect(createRecordCache(new MemoryStorage(), new MemoryStorage(), Date.now).place).toBe('settings');
});

describe('an IndexedDB that cannot be opened (a private window, a blocked database)', () => {
  /** `open` throws at once (Safari, a page IndexedDB is denied) or its request fails (Firefox's private window). */
  const refusing = {
    'throws when asked': () => ({
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    }),
    'fails its request': () => ({
      open: () => {
        const request: Record<string, unknown> = {};
        setTimeout(() => {
          request.error = new DOMException(
            'A mutation operation was attempted on a database that did not allow mutations.',
            'InvalidStateError',
          );
          (request.onerror as () => void)();
        }, 0);
        return request;
      },
    }),
  };

  test.each(Object.keys(refusing) as (keyof typeof refusing)[])(
    'one that %s: the records go to settings storage within its budget, and come back after a reload',
    async (how) => {
      globalThis.indexedDB = refusing[how]() as unknown as IDBFactory;
      const settings = new MemoryStorage();
      const made = createRecordCache(undefined, settings, Date.now);
      await made.cache.load(SCOPE, DAY);
      expect(made.place).toBe('settings');
      for (let id = 1; id <= 12_000; id += 1) made.cache.set(key(id), record(id, `Supplier ${id}`));
      await made.cache.save();
      const blob = await settings.getItem(CACHE_STORAGE_KEY);
      expect(blob?.length).toBeLessThanOrEqual(1_500_000);
      const reopened = createRecordCache(undefined, settings, Date.now);
      await reopened.cache.load(SCOPE, DAY);
      // The settings budget's most recent records: 10,000 at most, the last ones set among them.
      expect(reopened.cache.size).toBeGreaterThan(0);
      expect(reopened.cache.size).toBeLessThanOrEqual(10_000);
      expect(reopened.cache.get(key(12_000), DAY)?.name).toBe('Supplier 12000');
    },
  );
});
