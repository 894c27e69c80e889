/**
 * Cells Excel took a recalculation for but did not call, as OfficeDev's trackers report of cells
 * holding an error (the harness's `errorCells`: the first calculation ignored, office-js#3234; none
 * ever, office-js#4502): the add-in's check enters their formulas again, once, and they show their
 * value. Where Excel calls them, nothing more is done. Fake clocks: CALLBACK_MS passes at once.
 */
import { CALLBACK_MS, calledBack } from '../../src/office/cellCallbacks';
import { recalculateWaitingCells } from '../../src/office/excelCalculate';
import type { ErrorCellsOnCalculate, FunctionsMetadata } from '../harness/types';
import { oneArgument } from '../harness/countingWorkbook';
import { Workbook } from '../harness/workbook';

const METADATA: FunctionsMetadata = { functions: [oneArgument('WAIT', true)] };
const CELLS = ['Sheet1!B2', 'Sheet1!B3', 'Sheet1!B4'];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { Excel?: unknown }).Excel;
});

/** Three cells showing "Profiling" (#N/A) until `final()`; the add-in's check hears each call. */
function profilingSheet(errorCells: ErrorCellsOnCalculate) {
  const workbook = new Workbook({ metadata: METADATA, errorCells });
  let profiling = true;
  workbook.globals.CustomFunctions.associate('WAIT', (_x: unknown, invocation: unknown) => {
    calledBack((invocation as { address: string }).address);
    if (profiling)
      throw new workbook.globals.CustomFunctions.Error('#N/A', 'Profiling (created) — this cell updates itself');
    return 7;
  });
  workbook.enter({ inputs: [[1], [2], [3]], formulas: { B: '=CLIMATE.WAIT(A{row})' } });
  (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
  const shown = () => CELLS.map((address) => workbook.report()[address].outcome);
  const calls = () => CELLS.map((address) => workbook.report()[address].invocations);
  return { workbook, shown, calls, final: () => (profiling = false) };
}

const SEVEN = { kind: 'value', value: 7 };

test.each(['first-ignored', 'never'] as const)(
  'error cells Excel does not call on a calculation (%s) are entered again after CALLBACK_MS and show their value',
  async (errorCells) => {
    const { workbook, shown, calls, final } = profilingSheet(errorCells);
    final();
    await expect(recalculateWaitingCells(CELLS)).resolves.toEqual({ refused: [], gone: [] });
    expect(calls()).toEqual([1, 1, 1]); // the calculation was taken, and no cell called
    expect(workbook.stats().recalculations).toEqual([[]]);

    await jest.advanceTimersByTimeAsync(CALLBACK_MS);
    expect(shown()).toEqual([SEVEN, SEVEN, SEVEN]);
    expect(calls()).toEqual([2, 2, 2]);
    await jest.advanceTimersByTimeAsync(10 * CALLBACK_MS);
    expect(calls()).toEqual([2, 2, 2]); // once: nothing is asked again
  },
);

test('cells that call when recalculated are not entered again', async () => {
  const { shown, calls, final } = profilingSheet('recalculated');
  final();
  await recalculateWaitingCells(CELLS);
  expect(shown()).toEqual([SEVEN, SEVEN, SEVEN]);
  await jest.advanceTimersByTimeAsync(10 * CALLBACK_MS);
  expect(calls()).toEqual([2, 2, 2]);
});

test('a cell entered again while the user edits another waits for the edit to end, then shows its value', async () => {
  const { workbook, shown, final } = profilingSheet('never');
  final();
  await recalculateWaitingCells(CELLS);
  workbook.editCell('Sheet1!D9');
  await jest.advanceTimersByTimeAsync(CALLBACK_MS);
  expect(workbook.stats().excelRunsInFlight).toBe(1); // the re-entry, held by delayForCellEdit
  workbook.editCell(null);
  await jest.advanceTimersByTimeAsync(0);
  expect(shown()).toEqual([SEVEN, SEVEN, SEVEN]);
});
