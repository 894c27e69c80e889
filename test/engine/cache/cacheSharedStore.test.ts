/**
 * Two workbooks open at once: two runtimes over one browser profile's IndexedDB, each saving what it
 * fetched. Whatever order their saves land in, a workbook opened afterwards reads every record as it
 * was saved (its industry, region and profile link, which the store keeps in a shared string table),
 * keeps what the other saved, and never serves a record of another scope (another service, or another
 * project's private figures), even while a workbook runs a version of the add-in from before.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, setMany } from 'idb-keyval';
import { CACHE_DATABASE, CACHE_OBJECT_STORE, createRecordCache } from '../../../src/engine/cache/persistence';
import { compactRecord, StringTable } from '../../../src/engine/cache/compactRecord';
import type { OrganizationRecord } from '../../../src/service/types';
import { MemoryStorage } from '../../../src/settings/storage';
import { record } from '../fakeService';

const DAY = 86_400_000;
const SCOPE = 'https://api.example.com';
const PRIVATE_SCOPE = 'https://api.example.com private:p1';
const store = () => createStore(CACHE_DATABASE, CACHE_OBJECT_STORE);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory(); // a fresh browser profile for each test
});

/** A workbook's runtime: its own cache over the profile's one IndexedDB. */
async function workbook(scope = SCOPE) {
  const { cache } = createRecordCache(undefined, new MemoryStorage(), Date.now);
  await cache.load(scope, DAY);
  return cache;
}

/** An organization whose industry, region and link are strings the store's table may not hold yet. */
function org(id: number, industry: string, region: string): OrganizationRecord {
  const base = record(id, `Organization ${id}`);
  return {
    ...base,
    hq_region: region,
    industry: { ...base.industry!, name: industry },
    matching_organization: {
      ...base.matching_organization!,
      industry: { ...base.matching_organization!.industry!, name: industry },
      link: `https://profiles.example.com/${industry.toLowerCase()}/${id}`,
    },
  };
}

/** A workbook caching an organization and saving, as a second after a sheet's answers arrive. */
async function saves(book: Awaited<ReturnType<typeof workbook>>, id: number, industry: string, region: string) {
  book.set(`n:${id}`, org(id, industry, region));
  await book.save();
}

const shown = (r: OrganizationRecord | null) =>
  r && { industry: r.industry?.name, region: r.hq_region, link: r.matching_organization?.link };

test('records two open workbooks save with new strings read back as saved, in either order', async () => {
  const earlier = await workbook();
  await saves(earlier, 1, 'Freight', 'DE');
  const [book1, book2] = [await workbook(), await workbook()];
  await saves(book1, 2, 'Cement', 'FR');
  await saves(book2, 3, 'Steel', 'US');
  await saves(book1, 4, 'Glass', 'IT');

  const reopened = await workbook();
  expect([1, 2, 3, 4].map((id) => shown(reopened.get(`n:${id}`, DAY)))).toEqual([
    shown(org(1, 'Freight', 'DE')),
    shown(org(2, 'Cement', 'FR')),
    shown(org(3, 'Steel', 'US')),
    shown(org(4, 'Glass', 'IT')),
  ]);
});

test('a workbook that opened on an empty store keeps what another saved meanwhile', async () => {
  const [book1, book2] = [await workbook(), await workbook()];
  for (let id = 1; id <= 100; id += 1) book1.set(`n:${id}`, org(id, 'Cement', 'FR'));
  await book1.save();
  await saves(book2, 500, 'Steel', 'US');
  expect((await workbook()).size).toBe(101);
});

test("a workbook reading public figures never serves another's private ones, whatever order they save in", async () => {
  const privateBook = await workbook(PRIVATE_SCOPE);
  const publicBook = await workbook(SCOPE);
  await saves(privateBook, 1, 'Cement', 'FR');
  await saves(publicBook, 2, 'Steel', 'US');
  await saves(privateBook, 3, 'Glass', 'IT');

  const reopenedPublic = await workbook(SCOPE);
  expect([1, 3].map((id) => reopenedPublic.get(`n:${id}`, DAY))).toEqual([null, null]);
  const reopenedPrivate = await workbook(PRIVATE_SCOPE);
  expect(reopenedPrivate.get('n:2', DAY)).toBeNull();
  expect(shown(reopenedPrivate.get('n:3', DAY))).toEqual(shown(org(3, 'Glass', 'IT')));
});

/**
 * A workbook still open in a version from before a save read the stored table (git show 0dbfb4a^:
 * src/engine/cache/indexedDbStore.ts): it appends to the copy it loaded and writes that over the stored table,
 * in that version's layout (its meta entry, `r:` records).
 */
async function olderRuntimeSaves(loadedTable: string[], id: number, industry: string, region: string) {
  const table = new StringTable([...loadedTable]);
  const entry = JSON.stringify([Math.floor(Date.now() / 1000), ...compactRecord(org(id, industry, region), table)]);
  await setMany(
    [
      ['climate.cache.meta', JSON.stringify({ v: 2, scope: SCOPE, d: table.strings })],
      [`r:n:${id}`, entry],
    ],
    store(),
  );
}

test("a workbook still open in an older version never changes what this version's records read back as", async () => {
  await olderRuntimeSaves([], 1, 'Freight', 'DE'); // the store as the older version left it
  const olderTable = (JSON.parse((await get('climate.cache.meta', store()))!) as { d: string[] }).d;
  const upgraded = await workbook(); // this version, opened while the older one still runs
  expect(shown(upgraded.get('n:1', DAY))).toEqual(shown(org(1, 'Freight', 'DE'))); // read from the older layout
  await saves(upgraded, 2, 'Cement', 'FR');
  await olderRuntimeSaves(olderTable, 3, 'Steel', 'US');

  const reopened = await workbook();
  expect(shown(reopened.get('n:1', DAY))).toEqual(shown(org(1, 'Freight', 'DE')));
  expect(shown(reopened.get('n:2', DAY))).toEqual(shown(org(2, 'Cement', 'FR')));
});
