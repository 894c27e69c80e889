/**
 * The browser's IndexedDB never answers `open` (WebKit bug 226547, idb-keyval#120): the built bundle
 * in the Node harness against the sandbox waits OPEN_WAIT_MS for it, then its cells go on without the
 * saved cache and show their scores, and the records are kept in settings storage from then on. On
 * today's main every cell stayed behind the loading gate (#BUSY!) for good.
 */
import { CACHE_STORAGE_KEY } from '../../src/engine/cache/recordCache';
import { OPEN_WAIT_MS } from '../../src/engine/cache/indexedDbStore';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { hangingIndexedDb, onceSaved } from '../harness/cacheStorage';
import { MODERN_HOST } from '../harness/hostProfiles';
import { openNodeWorkbook } from '../harness/node';
import { waitForResults } from '../harness/session';
import { seededSettings } from '../harness/settingsSeed';
import { supplierSuite } from '../harness/supplierSuite';

const suite = supplierSuite();

test('cells show their scores after a bounded wait when IndexedDB never opens; the cache goes to settings storage', async () => {
  const sandbox = suite.sandbox();
  const names = sandbox.population.organizations.slice(0, 8).map((org) => [org.name]);
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const session = suite.keep(
    await openNodeWorkbook({ storage, indexedDB: hangingIndexedDb(), requirements: MODERN_HOST.requirements }),
  );
  const started = Date.now();
  const addresses = await session.calculate({ inputs: names, formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  const final = await waitForResults(
    session,
    (results) => addresses.every((address) => results[address].outcome.kind === 'value'),
    OPEN_WAIT_MS + 30_000,
    50,
  );
  expect(Date.now() - started).toBeGreaterThanOrEqual(OPEN_WAIT_MS - 50); // they did wait for it, once
  expect(addresses.map((address) => final[address].invocations)).toEqual(names.map(() => 1));
  // The records are saved a second after they change, to settings storage now.
  const saved = await onceSaved(async () => {
    const blob = (await session.storage())[CACHE_STORAGE_KEY];
    return {
      bytes: blob?.length ?? 0,
      entries: blob === undefined ? 0 : (JSON.parse(blob) as { e: unknown[] }).e.length,
    };
  }, 30_000);
  expect(saved.entries).toBe(names.length);
  expect(session.errors()).toEqual([]);
}, 60_000);
