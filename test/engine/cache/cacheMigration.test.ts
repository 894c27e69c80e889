/**
 * The blob every earlier version wrote (test/engine/cache/fixtures/cache-v1.json: written by that code, with
 * the records it read back) is read once and becomes per-record entries, nothing lost, wherever it was
 * kept: in IndexedDB, or before that in settings storage; so are the previous per-record layout's entries. The per-record store's records meet the
 * service's rules when read back, as the blob's do (cacheRestored.test.ts).
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'fs';
import path from 'path';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, entries, set, setMany } from 'idb-keyval';
import { CACHE_DATABASE, CACHE_OBJECT_STORE, createRecordCache } from '../../../src/engine/cache/persistence';
import { compactRecord, StringTable } from '../../../src/engine/cache/compactRecord';
import type { RecordCache } from '../../../src/engine/cache/recordCache';
import { CACHE_STORAGE_KEY } from '../../../src/engine/cache/recordCache';
import { META_KEY, RECORD_PREFIX } from '../../../src/engine/cache/indexedDbStore';
import type { OrganizationRecord } from '../../../src/service/types';
import { MemoryStorage } from '../../../src/settings/storage';
import { record } from '../fakeService';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'cache-v1.json'), 'utf8')) as {
  scope: string;
  savedAt: number;
  blob: string;
  records: Record<string, OrganizationRecord>;
};
const DAY = 86_400_000;
const store = () => createStore(CACHE_DATABASE, CACHE_OBJECT_STORE);
const storedKeys = async (): Promise<string[]> => (await entries(store())).map(([key]) => String(key)).sort();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

async function opened(settings: MemoryStorage): Promise<RecordCache> {
  const { cache, place } = createRecordCache(undefined, settings, () => fixture.savedAt);
  expect(place).toBe('indexeddb');
  await cache.load(fixture.scope, DAY);
  return cache;
}

/** Every record the blob held, as the blob's own code read it back: served, or watched while pending. */
function expectEveryRecord(cache: RecordCache): void {
  const pending = new Map(cache.pending(DAY));
  for (const [key, record] of Object.entries(fixture.records))
    // Stored before records were dated (updated_at): undated, so As of falls back to when they were fetched.
    expect(cache.get(key, DAY) ?? pending.get(key)).toEqual({ ...record, updated_at: null });
  expect(cache.size).toBe(Object.keys(fixture.records).length);
}

const recordKeys = Object.keys(fixture.records).map((key) => RECORD_PREFIX + key);

test('the blob in IndexedDB is read once, written as records and removed', async () => {
  await set(CACHE_STORAGE_KEY, fixture.blob, store());
  const settings = new MemoryStorage();
  expectEveryRecord(await opened(settings));
  expect(await storedKeys()).toEqual([META_KEY, ...recordKeys].sort());
  expectEveryRecord(await opened(settings)); // read again from the records
});

test("an older version's blob in settings storage is migrated, and its copy there removed", async () => {
  const settings = new MemoryStorage();
  await settings.setItem(CACHE_STORAGE_KEY, fixture.blob);
  expectEveryRecord(await opened(settings));
  expect(await settings.getItem(CACHE_STORAGE_KEY)).toBeNull();
  expect(await storedKeys()).toEqual([META_KEY, ...recordKeys].sort());
});

test("the previous per-record layout's entries are read once, written in this layout and removed", async () => {
  const table = new StringTable();
  const seconds = Math.floor(fixture.savedAt / 1000);
  const older = Object.entries(fixture.records).map(([key, record]): [string, string] => [
    `r:${key}`,
    JSON.stringify([seconds, ...compactRecord(record, table)]),
  ]);
  await setMany(
    [...older, ['climate.cache.meta', JSON.stringify({ v: 2, scope: fixture.scope, d: table.strings })]],
    store(),
  );
  expectEveryRecord(await opened(new MemoryStorage()));
  expect(await storedKeys()).toEqual([META_KEY, ...recordKeys].sort());
});

test('an unreadable blob is dropped with the first write, nothing served from it', async () => {
  await set(CACHE_STORAGE_KEY, '{"v":1,"scope":', store());
  const cache = await opened(new MemoryStorage());
  expect(cache.size).toBe(0);
  cache.set('n:one', record(1, 'One'));
  await cache.save();
  expect(await storedKeys()).toEqual([META_KEY, `${RECORD_PREFIX}n:one`].sort());
});

test('a tampered per-record store puts no link that breaks the profile-link rule into a record', async () => {
  await set(CACHE_STORAGE_KEY, fixture.blob, store());
  await opened(new MemoryStorage()); // migrated: the table is in the meta entry
  const meta = (await entries(store())).find(([key]) => key === META_KEY)![1] as string;
  const tampered = meta.replace('https://profiles.example/organizations/', 'javascript:alert(1)//');
  await set(META_KEY, tampered, store());
  const cache = await opened(new MemoryStorage());
  expect(cache.get('n:supplier 1', DAY)).toMatchObject({ score: 0.3742, matching_organization: { link: null } });
  expect(cache.get('d:123456789', DAY)?.matching_organization?.link).toBe('https://p.example/o/odd~name#6?x=1');
});
