/**
 * What a runtime that starts with its workbook does when Excel calculates nothing on open (desktop,
 * office-js#1567): it finds the CLIMATE cells on the grid and recalculates those still waiting, or every
 * one when the workbook's record of their last update is missing or older than the cache's life, in
 * ranges (never a full calculation), and says so for Activity. Where Excel calls the cells itself (the
 * web's recalculation on open), it does nothing. The harness's Excel; fake clocks.
 */
import type * as Callbacks from '../../src/office/cellCallbacks';
import { CELLS_UPDATED_SETTING } from '../../src/office/documentSettings';
import { QUIET_OPEN_MS } from '../../src/office/reopenedCells';
import type * as Reopened from '../../src/office/reopenedCells';
import type { FunctionsMetadata } from '../harness/types';
import { oneArgument } from '../harness/countingWorkbook';
import { Workbook } from '../harness/workbook';

const DAY_MS = 24 * 3600 * 1000;
const METADATA: FunctionsMetadata = { functions: [oneArgument('WAIT', true), oneArgument('OTHER')] };

/** The modules of a new runtime: what the last one knew (which cells called) went with it. */
function newRuntime(): { callbacks: typeof Callbacks; reopened: typeof Reopened } {
  let modules!: { callbacks: typeof Callbacks; reopened: typeof Reopened };
  jest.isolateModules(() => {
    modules = {
      callbacks: jest.requireActual<typeof Callbacks>('../../src/office/cellCallbacks'),
      reopened: jest.requireActual<typeof Reopened>('../../src/office/reopenedCells'),
    };
  });
  return modules;
}

/** The fake clock's time once the workbook has been calculated (on the real clock: the harness settles on it). */
const NOW = 100 * DAY_MS;

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { Excel?: unknown }).Excel;
  delete (globalThis as { Office?: unknown }).Office;
});

/**
 * A saved workbook reopened on the desktop: B holds CLIMATE cells (row 2 saved as "Profiling", row 3
 * with a value), C another add-in's function; `updatedAt` the workbook's record, if any.
 */
async function reopened(updatedAt: number | null, calledOnOpen = false) {
  jest.useRealTimers(); // the harness settles on the real clock
  const documentSettings = updatedAt === null ? {} : { [CELLS_UPDATED_SETTING]: updatedAt };
  const workbook = new Workbook({ metadata: METADATA, documentSettings });
  let profiling = true;
  let runtime: ReturnType<typeof newRuntime> | null = null; // the first runtime's is not looked at
  const associate = () => {
    workbook.globals.CustomFunctions.associate('WAIT', (x: unknown, invocation: unknown) => {
      runtime?.callbacks.calledBack((invocation as { address: string }).address);
      if (profiling && x === 'new') throw new workbook.globals.CustomFunctions.Error('#N/A', 'Profiling (created)');
      return 5;
    });
    workbook.globals.CustomFunctions.associate('OTHER', () => 9);
  };
  associate();
  workbook.enter({ inputs: [['new'], ['known']], formulas: { B: '=CLIMATE.WAIT(A{row})', C: '=OTHER(A{row})' } });
  await workbook.settled();
  jest.useFakeTimers({ now: NOW });
  workbook.releaseRuntime('copy');
  workbook.reopen('desktop');
  profiling = false;
  Object.assign(globalThis, { Excel: workbook.globals.Excel, Office: workbook.globals.Office });
  runtime = newRuntime();
  associate(); // the new runtime's functions
  if (calledOnOpen) runtime.callbacks.calledBack('Sheet1!B2'); // Excel's own call, as the web's recalculation on open makes
  const { bringCellsUpToDate } = runtime.reopened;
  const notes: string[] = [];
  const done = bringCellsUpToDate({
    loaded: Promise.resolve(),
    cacheTtlMs: () => DAY_MS,
    say: (line) => notes.push(line),
  });
  await jest.advanceTimersByTimeAsync(QUIET_OPEN_MS);
  await done;
  const calls = ['Sheet1!B2', 'Sheet1!B3', 'Sheet1!C2', 'Sheet1!C3'].map(
    (address) => workbook.report()[address].invocations,
  );
  return { workbook, notes, calls };
}

test('cells updated within the cache life: only the waiting CLIMATE cell is recalculated, and Activity is told', async () => {
  const { workbook, notes, calls } = await reopened(NOW - DAY_MS / 2);
  expect(calls).toEqual([2, 1, 1, 1]);
  expect(workbook.report()['Sheet1!B2'].outcome).toEqual({ kind: 'value', value: 5 });
  expect(workbook.stats().recalculations).toEqual([['Sheet1!B2']]);
  expect(notes).toEqual(['Workbook opened: 1 CLIMATE cell recalculated (still profiling or failed); no other cell.']);
});

test('cells last updated longer ago than the cache keeps records, or never recorded: every CLIMATE cell, and the time recorded', async () => {
  for (const updatedAt of [NOW - 2 * DAY_MS, null]) {
    const { workbook, notes, calls } = await reopened(updatedAt);
    expect(calls).toEqual([2, 2, 1, 1]);
    expect(notes).toEqual([
      'Workbook opened: 2 CLIMATE cells recalculated (values saved longer ago than the cache keeps records); no other cell.',
    ]);
    expect(workbook.globals.Office.context.document.settings.get(CELLS_UPDATED_SETTING)).toBe(NOW + QUIET_OPEN_MS); // when it brought them up to date
  }
});

test('a workbook Excel calculates on open (cells called): nothing is done', async () => {
  const { notes, calls } = await reopened(null, true);
  expect(calls).toEqual([1, 1, 1, 1]);
  expect(notes).toEqual([]);
});
