/** Cache TTL, persistence and bounds, refresh, and the compact form records are stored in. */
import { blobCache } from '../../../src/engine/cache/persistence';
import { compactRecord, expandRecord, StringTable } from '../../../src/engine/cache/compactRecord';
import { CACHE_STORAGE_KEY } from '../../../src/engine/cache/recordCache';
import { MemoryStorage } from '../../../src/settings/storage';
import { FakeService, record } from '../fakeService';
import { advance, rig, supplier } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const HOUR = 3_600_000;

describe('cache', () => {
  test('a final record is reused until its TTL, then asked for again', async () => {
    const { engine, service } = await rig({ cacheTtlMs: HOUR });
    await Promise.all([engine.organization(supplier(1)), advance(30)]);
    await engine.organization(supplier(1));
    expect(service.sent).toHaveLength(1);
    jest.setSystemTime(Date.now() + HOUR);
    await Promise.all([engine.organization(supplier(1)), advance(30)]);
    expect(service.sent).toHaveLength(2);
    expect(engine.stats().cacheHits).toBe(1);
  });

  test('a cached final record is answered at once, counted as a call and a hit; anything else waits for organization()', async () => {
    const { engine, service, settings } = await rig();
    service.statuses.set(2, 'researching');
    expect(engine.cached(supplier(1))).toBeNull(); // nothing cached yet
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2)), advance(30)]);
    const before = engine.stats();
    expect(engine.cached({ name: ' SUPPLIER  1 ' })).toMatchObject({ state: 'ready', record: { id: 1 } });
    expect(engine.cached(supplier(2))).toBeNull(); // still profiling: the call registers its cell
    expect(engine.cached(supplier(3))).toBeNull();
    expect(engine.cached({})).toBeNull(); // names nothing: organization() says why
    expect(engine.stats()).toMatchObject({ calls: before.calls + 1, cacheHits: before.cacheHits + 1 });
    await settings.update({ apiKey: '' });
    expect(engine.cached(supplier(1))).toBeNull(); // no key: organization() says what to do
    expect(service.sent).toHaveLength(1);
  });

  test('a reopened workbook (fresh engine, same storage) sends zero requests', async () => {
    const first = await rig();
    const calls = Array.from({ length: 20 }, (_, i) => first.engine.organization(supplier(i)));
    await advance(30);
    const fetched = await Promise.all(calls);
    await advance(1_000); // the cache is written a second after the last change
    first.engine.dispose();

    const second = await rig({}, { storage: first.storage });
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => second.engine.organization(supplier(i))));
    await advance(30);
    expect(second.service.sent).toHaveLength(0);
    expect(second.engine.stats().cacheHits).toBe(20);
    expect(again.map((o) => o.record.score)).toEqual(fetched.map((o) => o.record.score));
    expect(again.map((o) => o.record.initiatives)).toEqual(fetched.map((o) => o.record.initiatives));
    expect(again.map((o) => o.record.matching_organization)).toEqual(
      fetched.map((o) => o.record.matching_organization),
    );
  });

  test('a reopened workbook watches profiles still pending instead of registering them again', async () => {
    const first = await rig();
    first.service.statuses.set(1, 'researching');
    const before = await Promise.all([first.engine.organization(supplier(1)), advance(30)]);
    expect(before[0].state).toBe('pending');
    await first.engine.flush();
    first.engine.dispose();

    const service = new FakeService();
    service.statuses.set(1, 'synced');
    const second = await rig({}, { storage: first.storage, service });
    const recalculated = second.recalculated;
    const again = await Promise.all([second.engine.organization(supplier(1), { address: 'Sheet1!B2' }), advance(30)]);
    expect(again[0]).toMatchObject({ state: 'pending', record: { id: 1 } });
    expect(service.sent).toHaveLength(0); // no registration
    await advance(1_100);
    expect(service.items()).toEqual([{ url: '/organizations/1', method: 'GET' }]); // one poll
    await advance(100);
    expect(recalculated).toEqual([['Sheet1!B2']]);
    await expect(second.engine.organization(supplier(1))).resolves.toMatchObject({ state: 'ready' });
  });

  test('an engine made before anyone asks loads its cache at once, and polls the profiles pending in it only once used', async () => {
    const first = await rig();
    first.service.statuses.set(1, 'researching');
    await Promise.all([first.engine.organization(supplier(1)), first.engine.organization(supplier(2)), advance(30)]);
    await first.engine.flush();
    first.engine.dispose();

    const service = new FakeService();
    service.statuses.set(1, 'synced');
    const preloaded = await rig({}, { storage: first.storage, service, idle: true }); // rig waits for its load
    expect(preloaded.engine.loading()).toBeNull();
    expect(preloaded.engine.cached(supplier(2))).toMatchObject({ state: 'ready', record: { id: 2 } });
    await advance(60_000);
    expect(service.sent).toHaveLength(0); // nobody asked: the profile still pending is not polled
    preloaded.engine.use();
    await advance(1_100);
    expect(service.items()).toEqual([{ url: '/organizations/1', method: 'GET' }]); // one poll
  });

  test('an engine used while it still loads watches the profiles pending in its cache once loaded', async () => {
    const first = await rig();
    first.service.statuses.set(1, 'researching');
    await Promise.all([first.engine.organization(supplier(1)), advance(30)]);
    await first.engine.flush();
    first.engine.dispose();

    const service = new FakeService();
    const preloaded = await rig({}, { storage: first.storage, service, idle: true, unloaded: true });
    preloaded.engine.use();
    await preloaded.engine.loading();
    await advance(1_100);
    expect(service.items()).toEqual([{ url: '/organizations/1', method: 'GET' }]); // one poll
  });

  test('a reopened workbook shows the status the last poll brought, not the one the profile was registered with', async () => {
    const first = await rig();
    first.service.statuses.set(1, 'created');
    await Promise.all([first.engine.organization(supplier(1), { address: 'Sheet1!B2' }), advance(30)]);
    first.service.statuses.set(1, 'researching');
    await advance(1_000 + 25 + 50); // the first poll brings the new status; its cell is recalculated
    expect(first.recalculated).toEqual([['Sheet1!B2']]);
    await first.engine.flush();
    first.engine.dispose();

    const service = new FakeService();
    service.statuses.set(1, 'researching');
    const second = await rig({}, { storage: first.storage, service });
    const again = await Promise.all([second.engine.organization(supplier(1)), advance(30)]);
    expect(again[0]).toMatchObject({ state: 'pending', record: { status: 'researching' } });
    expect(service.sent).toHaveLength(0);
  });

  test('persisted records past their TTL are not served after a reload', async () => {
    const first = await rig({ cacheTtlMs: HOUR });
    await Promise.all([first.engine.organization(supplier(1)), advance(30)]);
    await first.engine.flush();
    jest.setSystemTime(Date.now() + HOUR + 1);
    const second = await rig({ cacheTtlMs: HOUR }, { storage: first.storage });
    await Promise.all([second.engine.organization(supplier(1)), advance(30)]);
    expect(second.service.sent).toHaveLength(1);
  });

  test('records of another service are not served', async () => {
    const first = await rig();
    await Promise.all([first.engine.organization(supplier(1)), advance(30)]);
    await first.engine.flush();
    const second = await rig({ baseUrl: 'https://other.example.com' }, { storage: first.storage });
    await Promise.all([second.engine.organization(supplier(1)), advance(30)]);
    expect(second.service.sent).toHaveLength(1);
  });

  test('refresh of some organizations asks again for those only; refresh() for all', async () => {
    const { engine, service } = await rig();
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2)), advance(30)]);
    await Promise.all([engine.refresh({ queries: [{ name: ' supplier 1 ' }] }), advance(30)]);
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2)), advance(30)]);
    expect(service.items().map((i) => i.body)).toEqual([supplier(1), supplier(2), supplier(1)]);
    await Promise.all([engine.refresh(), advance(30)]);
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2)), advance(30)]);
    expect(service.items()).toHaveLength(5);
  });

  test('the persisted form stays under 200 characters per organization (website included) and within its bound', async () => {
    const storage = new MemoryStorage();
    const cache = blobCache(storage, () => Date.now(), {
      memoryEntries: 5_000,
      persistedEntries: 10_000,
      persistedChars: 100_000,
      saveDelayMs: 10,
    });
    await cache.load('https://api.example.com', HOUR);
    for (let id = 1; id <= 500; id += 1)
      cache.set(`n:brightwater logistics ${id}`, record(id, `Brightwater Logistics ${id}`));
    await cache.save();
    const small = (await storage.getItem(CACHE_STORAGE_KEY))!;
    expect(small.length / 500).toBeLessThan(200);
    for (let id = 501; id <= 2_000; id += 1)
      cache.set(`n:brightwater logistics ${id}`, record(id, `Brightwater Logistics ${id}`));
    await cache.save();
    const bounded = (await storage.getItem(CACHE_STORAGE_KEY))!;
    expect(bounded.length).toBeLessThanOrEqual(100_000);
    const reloaded = blobCache(storage, () => Date.now());
    await reloaded.load('https://api.example.com', HOUR);
    expect(reloaded.get('n:brightwater logistics 2000', HOUR)?.name).toBe('Brightwater Logistics 2000'); // newest kept
    expect(reloaded.get('n:brightwater logistics 1', HOUR)).toBeNull(); // oldest dropped
  });

  test('memory holds a bounded number of records, least recently used out first', async () => {
    const cache = blobCache(new MemoryStorage(), () => Date.now(), {
      memoryEntries: 3,
      persistedEntries: 3,
      persistedChars: 10_000,
      saveDelayMs: 10,
    });
    for (const id of [1, 2, 3]) cache.set(`k${id}`, record(id, `Org ${id}`));
    cache.get('k1', HOUR); // used: now the most recent
    cache.set('k4', record(4, 'Org 4'));
    expect(cache.size).toBe(3);
    expect(cache.get('k2', HOUR)).toBeNull();
    expect(cache.get('k1', HOUR)?.id).toBe(1);
  });

  test('the compact form keeps every field the functions and cards show', () => {
    const table = new StringTable();
    const subsidiary = record(12, 'Brightwater Freight GmbH', 'synced', {
      organization_relationship_type: 'subsidiary',
      matching_organization: {
        id: 3,
        name: 'Brightwater Logistics',
        link: 'https://p.example/o/3',
        industry: { id: 7, name: 'Freight' },
      },
      industry: { mean_score: 0.41, id: 7, name: 'Freight' },
      rank: 'Top tier', // an unknown rank word is kept as sent
      initiatives: { ...record(1, 'x').initiatives, sbti: null },
      reduction_action_present: null,
      updated_at: '2026-03-02T09:30:07.000Z', // to the second, as the service's record is read
    });
    const back = expandRecord(
      JSON.parse(JSON.stringify(compactRecord(subsidiary, table))),
      new StringTable([...table.strings]),
    );
    expect(back).toEqual(subsidiary);
    expect(back).toMatchObject({ website: 'brightwaterfreightgmbh.example', hq_region: 'DE' });
  });
});

test.each(['constructor', 'toString', '__proto__'])(
  'a rank the service calls %s is kept as the word it is through the compact form, not an inherited property',
  (word) => {
    const table = new StringTable();
    const original = record(5, 'Acme', 'synced', { rank: word, industry_rank: 'high' });
    const back = expandRecord(JSON.parse(JSON.stringify(compactRecord(original, table))), table);
    expect([back?.rank, back?.industry_rank]).toEqual([word, 'high']);
  },
);

test.each([
  'https://profiles.sandbox.example/organizations/3-brightwater-logistics',
  'https://p.example/o/brightwater-logistics?ref=3',
  'https://p.example/o/odd~name#3',
  'https://p.example/',
])('a profile link survives the compact form: %s', (link) => {
  const table = new StringTable();
  const original = record(3, 'Brightwater Logistics', 'synced', {
    matching_organization: {
      id: 3,
      name: 'Brightwater Logistics',
      link,
      industry: { id: 7, name: 'Freight & logistics' },
    },
  });
  const compact = compactRecord(original, table);
  expect(expandRecord(compact, table)?.matching_organization?.link).toBe(link);
});

describe('the persisted size bound holds whatever the records hold', () => {
  test('one oversized record is left out of storage; its strings do not count against the others', async () => {
    const storage = new MemoryStorage();
    const limits = { memoryEntries: 100, persistedEntries: 100, persistedChars: 20_000, saveDelayMs: 10 };
    const cache = blobCache(storage, () => Date.now(), limits);
    await cache.load('https://api.example.com', HOUR);
    for (let id = 1; id <= 20; id += 1) cache.set(`n:supplier ${id}`, record(id, `Supplier ${id}`));
    const link = `https://${'a'.repeat(4_000_000)}.example/organizations/21`;
    const giant = record(21, 'Supplier 21');
    cache.set('n:supplier 21', { ...giant, matching_organization: { ...giant.matching_organization!, link } });
    await cache.save();
    const blob = (await storage.getItem(CACHE_STORAGE_KEY))!;
    expect(blob.length).toBeLessThanOrEqual(20_000);
    const reloaded = blobCache(storage, () => Date.now(), limits);
    await reloaded.load('https://api.example.com', HOUR);
    expect(reloaded.get('n:supplier 21', HOUR)).toBeNull();
    for (let id = 1; id <= 20; id += 1) expect(reloaded.get(`n:supplier ${id}`, HOUR)?.name).toBe(`Supplier ${id}`);
  });
});
