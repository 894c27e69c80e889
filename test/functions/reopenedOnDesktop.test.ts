/**
 * A saved workbook reopened as desktop Excel opens it (office-js#1567): every cell shows what was
 * saved and no custom function is called. The built bundle in the Node harness against the sandbox:
 * the first runtime asked Excel to start it with the workbook (Office.addin.setStartupBehavior), and
 * the runtime that starts with the reopened workbook finds the cells saved as "Profiling" on the grid
 * and brings them to their final values, recalculating no other cell, with no full calculation; also
 * where Excel ignores a calculation of a cell holding an error.
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
import type { ErrorCellsOnCalculate, SheetResults } from '../harness/types';

const suite = supplierSuite();

const isPending = ({ outcome }: SheetResults[string]) =>
  outcome.kind === 'error' && PENDING.test(outcome.message ?? '');

test.each(['recalculated', 'first-ignored'] as const)(
  'reopened on the desktop (error cells: %s): the cells saved as Profiling show their scores, no other cell is called',
  async (errorCells: ErrorCellsOnCalculate) => {
    const sandbox = suite.sandbox();
    const known = sandbox.population.organizations.slice(40, 46).map((org) => [org.name]);
    const unseen = ['Saved Pending Ltd', 'Reopened Later GmbH', 'Desktop Only plc'].map((name) => [
      `${name} ${errorCells}`,
    ]);
    const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    const indexedDB = freshIndexedDb();
    const excel = { requirements: MODERN_HOST.requirements, errorCells };
    const first = await openNodeWorkbook({ storage, indexedDB, ...excel });
    const addresses = await first.calculate({
      name: 'Q3_suppliers',
      inputs: [...known, ...unseen],
      formulas: { B: '=CLIMATE.SCORE(A{row})' },
    });
    await first.settled(60_000);
    const shown = await first.results();
    expect(addresses.filter((address) => isPending(shown[address]))).toHaveLength(unseen.length);
    expect(first.workbook.startupBehavior()).toBe('Load'); // the runtime starts with this workbook from now on
    await persistedCache(first, indexedDB);

    const saved = await closeRuntime(first, 'copy');
    expect(saved.reopen('desktop')).toEqual([]); // nothing calculated: the saved values stay
    sandbox.advanceClock(PROFILING_SECONDS + 1);
    sandbox.resetStats();
    const again = suite.keep(await openNodeWorkbook({ workbook: saved, indexedDB: await copyIndexedDb(indexedDB) }));
    const final = await waitForResults(
      again,
      (results) => addresses.every((address) => results[address].outcome.kind === 'value'),
      60_000,
      50,
    );
    const rows = [...known, ...unseen].map((_row, i) => final[formatCell('Q3_suppliers', 1, i + 2)]);
    const ctx = {
      dataTypes: MODERN_HOST.attributedValues,
      logoUrl: new URL('assets/logo-provider.png', DEFAULT_LOCATION).href,
    };
    const problems = unseen.map(([name], i) => {
      const record = sandbox.recordFor({ name });
      const cell = rows[known.length + i];
      return record ? checkCell(cell.outcome, expectedScore(record, name), record, ctx) : `${name}: no record`;
    });
    expect(problems).toEqual(unseen.map(() => null));
    // The known suppliers' cells kept their saved values and were not called again.
    expect(rows.slice(0, known.length).map((cell) => cell.invocations)).toEqual(known.map(() => 1));
    expect(rows.slice(0, known.length).map((cell) => cell.outcome)).toEqual(
      addresses.slice(0, known.length).map((address) => shown[address].outcome),
    );
    expect(again.workbook.stats().recalculations.flat().length).toBeLessThanOrEqual(unseen.length);
    expect(again.errors()).toEqual([]);
  },
  120_000,
);
