/**
 * The persisted cache in IndexedDB (fake-indexeddb stands in for the browser's): it holds a
 * 50,000-supplier sheet within its byte budget, a reopened engine sends nothing for it, and settings
 * storage (shared with the key) keeps no copy. Without IndexedDB the small settings-storage budget applies.
 */
import 'fake-indexeddb/auto';
import { createStore, get } from 'idb-keyval';
import {
  CACHE_DATABASE,
  CACHE_OBJECT_STORE,
  createRecordCache,
  INDEXEDDB_CACHE_LIMITS,
} from '../../src/engine/cacheStore';
import { CACHE_STORAGE_KEY } from '../../src/engine/recordCache';
import { MemoryStorage } from '../../src/settings/storage';
import { record } from './fakeService';
import { disposeEngines, rig, supplier } from './rig';

afterEach(disposeEngines);

const DAY = 86_400_000;
const SCOPE = 'https://api.example.com';
const stored = (): Promise<string | undefined> =>
  get<string>(CACHE_STORAGE_KEY, createStore(CACHE_DATABASE, CACHE_OBJECT_STORE));

test('50,000 suppliers fit the IndexedDB budget and all come back after a reload', async () => {
  const settings = new MemoryStorage();
  await settings.setItem(CACHE_STORAGE_KEY, '{"v":1}'); // an older version's copy
  const { cache, place } = createRecordCache(undefined, settings, Date.now);
  expect(place).toBe('indexeddb');
  await cache.load(SCOPE, DAY);
  for (let id = 1; id <= 50_000; id += 1) cache.set(`n:supplier ${id}`, record(id, `Supplier ${id}`));
  await cache.save();
  const blob = (await stored())!;
  const bytes = Buffer.byteLength(blob, 'utf8');
  expect(bytes).toBeLessThanOrEqual(INDEXEDDB_CACHE_LIMITS.persistedChars);
  expect(bytes / 50_000).toBeLessThan(150);
  expect(await settings.getItem(CACHE_STORAGE_KEY)).toBeNull();
  const reopened = createRecordCache(undefined, settings, Date.now).cache;
  await reopened.load(SCOPE, DAY);
  expect(reopened.size).toBe(50_000);
  expect(reopened.get('n:supplier 1', DAY)?.name).toBe('Supplier 1');
  expect(reopened.get('n:supplier 50000', DAY)?.name).toBe('Supplier 50000');
}, 60_000);

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
