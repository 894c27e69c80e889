/**
 * A saved workbook opened again, as Excel opens it: the grid keeps its formulas, a new runtime loads
 * the built bundle over the settings and IndexedDB the last one left, and every formula cell (dot
 * notation too) is calculated again, from the cache, without a request (run `npm run build` first).
 */
import { CACHE_DATABASE } from '../../src/engine/cache/persistence';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { closeRuntime, copyIndexedDb, freshIndexedDb, persistedCache } from './cacheStorage';
import { openNodeWorkbook, type NodeWorkbookSession } from './node';
import { seededSettings } from './settingsSeed';
import type { SheetResults } from './types';

let sandbox: RunningSandbox;
const sessions: NodeWorkbookSession[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 200, quiet: true });
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  await sandbox.close();
});

const outcomes = (results: SheetResults, addresses: string[]) => addresses.map((address) => results[address].outcome);

/** A first runtime that calculated `formulas` for `names` and persisted its cache: what it showed, and where. */
async function calculatedOnce(names: string[][], formulas: Record<string, string>) {
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const indexedDB = freshIndexedDb();
  const first = await openNodeWorkbook({ storage, indexedDB });
  sessions.push(first);
  const addresses = await first.calculate({ inputs: names, formulas });
  await first.settled(30_000);
  const shown = outcomes(await first.results(), addresses);
  await persistedCache(first, indexedDB);
  return { first, indexedDB, addresses, shown };
}

test('every formula cell is calculated again under a new runtime, from what the last one cached', async () => {
  const names = sandbox.population.organizations.slice(0, 12).map((org) => [org.name]);
  const { first, indexedDB, addresses, shown } = await calculatedOnce(names, {
    B: '=CLIMATE.ORG(A{row})',
    C: '=B{row}.Score',
    D: '=CLIMATE.FLAG(A{row}, "sbti")',
  });
  expect(shown.every((outcome) => outcome.kind === 'value')).toBe(true);
  const before = (await first.stats()).invocations;

  const saved = await closeRuntime(first);
  sandbox.resetStats();
  const again = await openNodeWorkbook({ workbook: saved, indexedDB: await copyIndexedDb(indexedDB) });
  sessions.push(again);
  expect(saved.reopen('web')).toEqual(addresses);
  await again.settled(30_000);

  expect(outcomes(await again.results(), addresses)).toEqual(shown);
  expect(sandbox.stats().requests).toBe(0);
  // Each function cell was called once more; the dot-notation cells are Excel's own, never a call.
  expect((await again.stats()).invocations - before).toBe(2 * names.length);
}, 60_000);

test("a reopened workbook's runtime reads its cache as its scripts load, before Excel's first call", async () => {
  const names = sandbox.population.organizations.slice(20, 30).map((org) => [org.name]);
  const { first, indexedDB, addresses, shown } = await calculatedOnce(names, { B: '=CLIMATE.SCORE(A{row})' });

  const saved = await closeRuntime(first);
  const before = saved.stats().invocations;
  const copy = await copyIndexedDb(indexedDB);
  let cacheOpened!: () => void;
  const opened = new Promise<void>((resolve) => (cacheOpened = resolve));
  const open = copy.open.bind(copy);
  copy.open = (name: string, version?: number) => {
    if (name === CACHE_DATABASE) cacheOpened();
    return open(name, version);
  };
  sandbox.resetStats();
  const again = await openNodeWorkbook({ workbook: saved, indexedDB: copy });
  sessions.push(again);
  await opened; // with no cell calculated yet
  expect(saved.stats().invocations).toBe(before);

  saved.reopen('web');
  await again.settled(30_000);
  expect(outcomes(await again.results(), addresses)).toEqual(shown);
  expect(sandbox.stats().requests).toBe(0);
}, 60_000);
