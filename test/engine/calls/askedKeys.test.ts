/**
 * What Refresh all asks for again is what this session asked for, held to the cache's size: a long
 * session over many sheets must not keep every key it ever saw (organizationPath.ts `remember`). The path
 * is driven through cache hits only, over a cache of four records, so no request is needed.
 */
import { blobCache } from '../../../src/engine/cache/persistence';
import type { Dispatcher } from '../../../src/engine/sending/dispatcher';
import { identify } from '../../../src/engine/calls/identity';
import type { EngineLifecycle } from '../../../src/engine/lifecycle';
import { OrganizationPath } from '../../../src/engine/calls/organizationPath';
import type { ProfileWatch } from '../../../src/engine/profiling/profileWatch';
import { MemoryStorage } from '../../../src/settings/storage';
import { record } from '../fakeService';

const HOUR = 3_600_000;
const CAPACITY = 4;

function path() {
  const cache = blobCache(new MemoryStorage(), () => Date.now(), {
    memoryEntries: CAPACITY,
    persistedEntries: CAPACITY,
    persistedChars: 100_000,
    saveDelayMs: 10,
  });
  // Only what a cache hit reads: a call that had to be asked would need the dispatcher, and fail here.
  const lifecycle = { refuse: () => null, applied: { cacheTtlMs: HOUR, deadlineMs: 60_000 }, generation: 0 };
  const organizations = new OrganizationPath({
    lifecycle: lifecycle as unknown as EngineLifecycle,
    dispatcher: {} as Dispatcher,
    cache,
    profiles: { find: () => undefined } as unknown as ProfileWatch,
    now: () => Date.now(),
    counters: { cacheHits: 0, joined: 0 },
  });
  /** Supplier n, answered by the cache: as a cell of a warm sheet asks for it. */
  const read = (n: number): void => {
    const identity = identify({ name: `Supplier ${n}` });
    cache.set(identity.key, record(n, `Supplier ${n}`));
    expect(organizations.cached(identity)?.record.id).toBe(n);
  };
  const refreshedIds = (): number[] =>
    organizations
      .refreshed()
      .map(({ request }) => Number(request.name?.replace('Supplier ', '')))
      .sort((a, b) => a - b);
  return { cache, read, refreshedIds };
}

test('Refresh all asks again for every organization read this session while the cache holds them', () => {
  const { read, refreshedIds } = path();
  for (const n of [1, 2, 3]) read(n);
  expect(refreshedIds()).toEqual([1, 2, 3]);
});

test('past twice the cache, the keys it no longer holds are let go: what is kept stays near its size', () => {
  const { cache, read, refreshedIds } = path();
  for (let n = 1; n <= 1_000; n += 1) read(n);
  const kept = refreshedIds();
  expect(kept.length).toBeLessThanOrEqual(2 * CAPACITY);
  // Every organization the cache still holds is among them: Refresh all asks for each of those again.
  expect(cache.size).toBeGreaterThan(0);
  expect(kept).toEqual(expect.arrayContaining([1_000, 999]));
});
