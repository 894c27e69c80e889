/**
 * "Done means" of issue 49, as a new user would try it, on the built bundle in the Node harness with an
 * Excel that behaves as Microsoft documents and as OfficeDev's trackers report: 2,000 suppliers scored,
 * 300 of them new to the service (still profiling); the user edits a cell while they profile (Excel
 * holds the add-in's recalculation until the edit ends); the workbook is saved with cells still
 * "Profiling" and reopened as desktop Excel opens it (nothing calculated, office-js#1567), where Excel
 * also ignores the first calculation of a cell holding an error (office-js#3234). Every cell ends with
 * its final value; no full calculation is asked for; the reopened runtime calls no cell but those
 * that waited, and asks the service only for their profiles.
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { formatCell } from '../stand-ins/addresses';
import { closeRuntime, copyIndexedDb, freshIndexedDb, persistedCache } from '../harness/cacheStorage';
import { PENDING, checkCell, expectedScore } from '../harness/expectations';
import { MODERN_HOST } from '../harness/hostProfiles';
import { DEFAULT_LOCATION, openNodeWorkbook } from '../harness/node';
import { waitForResults } from '../harness/session';
import { seededSettings } from '../harness/settingsSeed';
import { PROFILING_SECONDS, supplierSuite } from '../harness/supplierSuite';
import type { HarnessOptions, SheetResults } from '../harness/types';

const suite = supplierSuite();
const SHEET = 'Q3_suppliers';
const ROWS = 2_000;
const NEW = 300;

const isPending = (cell: SheetResults[string]) =>
  cell.outcome.kind === 'error' && PENDING.test(cell.outcome.message ?? '');
const allValues = (addresses: string[]) => (results: SheetResults) =>
  addresses.every((address) => results[address].outcome.kind === 'value');

test('2,000 suppliers, 300 new: edited while profiling, saved, reopened as the desktop does: every cell final, no full calculation', async () => {
  const sandbox = suite.sandbox();
  const known = sandbox.population.organizations.slice(0, ROWS - NEW).map((org) => org.name);
  const unseen = Array.from({ length: NEW }, (_, i) => `Newly Listed Supplier ${i + 1} Ltd`);
  const names = [...known, ...unseen];
  const excel: Partial<HarnessOptions> = { requirements: MODERN_HOST.requirements, errorCells: 'first-ignored' };
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const indexedDB = freshIndexedDb();

  // The first session: scored; the new suppliers show "Profiling".
  const first = await openNodeWorkbook({ storage, indexedDB, ...excel });
  const addresses = await first.calculate({
    name: SHEET,
    inputs: names.map((name) => [name]),
    formulas: { B: '=CLIMATE.SCORE(A{row})' },
  });
  await first.settled(120_000);
  const scored = await first.results();
  expect(addresses.filter((address) => isPending(scored[address]))).toHaveLength(NEW);

  // The user edits a cell while the profiles move on: the add-in's recalculation waits for the edit to end.
  first.workbook.editCell(`${SHEET}!D5`);
  sandbox.advanceClock(PROFILING_SECONDS / 3);
  await waitForResults(first, () => first.workbook.stats().excelRunsInFlight > 0, 60_000, 50);
  first.workbook.editCell(null);
  await first.settled(120_000);
  const saved = await first.results();
  expect(first.workbook.stats().fullCalculations).toBe(0);
  expect(addresses.filter((address) => isPending(saved[address]))).toHaveLength(NEW); // a later status, still Profiling
  expect(first.workbook.startupBehavior()).toBe('Load');
  await persistedCache(first, indexedDB);

  // Saved and reopened on the desktop: the saved values stay, nothing is calculated by Excel.
  const workbook = await closeRuntime(first, 'copy');
  expect(workbook.reopen('desktop')).toEqual([]);
  const invocationsBefore = workbook.report();
  sandbox.advanceClock(PROFILING_SECONDS);
  sandbox.resetStats();
  const again = suite.keep(await openNodeWorkbook({ workbook, indexedDB: await copyIndexedDb(indexedDB) }));
  const final = await waitForResults(again, allValues(addresses), 120_000, 100);

  const ctx = {
    dataTypes: MODERN_HOST.attributedValues,
    logoUrl: new URL('assets/logo-provider.png', DEFAULT_LOCATION).href,
  };
  const problems = names.flatMap((name, i) => {
    const record = sandbox.recordFor({ name });
    const cell = final[formatCell(SHEET, 1, i + 2)];
    const problem = record ? checkCell(cell.outcome, expectedScore(record, name), record, ctx) : 'no record';
    return problem === null ? [] : [`${name}: ${problem}`];
  });
  expect(problems.slice(0, 5)).toEqual([]);

  // No full calculation; the reopened runtime called only the cells that waited, and asked only for their profiles.
  const stats = again.workbook.stats();
  const calledAgain = addresses.filter(
    (address) => final[address].invocations > invocationsBefore[address].invocations,
  );
  expect(calledAgain).toEqual(addresses.slice(ROWS - NEW));
  expect(stats.fullCalculations).toBe(0);
  expect(stats.recalculations.flat().every((address) => calledAgain.includes(address))).toBe(true);
  expect(sandbox.stats().requests).toBeLessThanOrEqual(Math.ceil(NEW / 10) + 5);
  expect(again.errors()).toEqual([]);
  console.log(
    `excel as it is: ${ROWS} rows, ${NEW} new; reopened: ${calledAgain.length} cells called again, ` +
      `${stats.recalculations.flat().length} called by a calculation (the rest entered again), ${sandbox.stats().requests} requests`,
  );
}, 300_000);
