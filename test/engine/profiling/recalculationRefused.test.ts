/**
 * While the user edits a cell, Excel queues the add-in's recalculation (`delayForCellEdit`, ExcelApi
 * 1.11) or, on hosts below 1.11, refuses it (`InvalidOperation` as Microsoft documents it, or
 * `InvalidOperationInCellEditMode`). Profiles that become final meanwhile still reach their cells:
 * the engine asks Excel again until it takes them, through the add-in's own recalculation (src/office)
 * over the harness's Excel. A sheet deleted meanwhile costs a look for the CLIMATE cells still waiting
 * (never a full calculation) and is not asked for again.
 */
import { calledBack } from '../../../src/office/cellCallbacks';
import { recalculateWaitingCells } from '../../../src/office/excelCalculate';
import { countingWorkbook, invocationsOf, type CountingOptions } from '../../harness/countingWorkbook';
import { MODERN_HOST } from '../../harness/hostProfiles';
import type { Workbook } from '../../harness/workbook';
import { advance, rig, supplier } from '../rig';

const SUPPLIERS = 40;
const COLUMNS = ['B', 'C'];
const POLL_AND_GATHER_MS = 1_600 + 25 + 50; // the next poll of a profile, then the gathered recalculation

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { Excel?: unknown }).Excel;
});

/** Cells waiting on profiles in the making: `cells[i]` are supplier i's, on `sheetOf(i)`. */
async function waitingSheet(workbook: Workbook, sheetOf: (row: number) => string = () => 'Sheet1') {
  (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
  const run = await rig({}, { recalculate: recalculateWaitingCells });
  const cells = Array.from({ length: SUPPLIERS }, (_, i) => COLUMNS.map((column) => `${sheetOf(i)}!${column}${i + 2}`));
  for (let id = 1; id <= SUPPLIERS; id += 1) run.service.statuses.set(id, 'created');
  const asked = cells.flatMap((row, i) => row.map((address) => run.engine.organization(supplier(i), { address })));
  await advance(2_000);
  expect((await Promise.all(asked)).every((outcome) => outcome.state === 'pending')).toBe(true);
  const profilesFinal = () => {
    for (let id = 1; id <= SUPPLIERS; id += 1) run.service.statuses.set(id, 'synced');
  };
  return { ...run, cells, profilesFinal };
}

/** The cells' functions tell the add-in's recalculation check they called, as the bundle's do. */
const counting = (options: CountingOptions = {}) =>
  countingWorkbook(SUPPLIERS, COLUMNS, { onCall: calledBack, ...options });

/** A host without delayForCellEdit (ExcelApi below 1.11), refusing with `code`. */
const refusingHost = (code: 'InvalidOperation' | 'InvalidOperationInCellEditMode'): CountingOptions => ({
  requirements: { ...MODERN_HOST.requirements, ExcelApi: '1.10' },
  cellEditRefusal: code,
});

test('profiles final while a cell is edited: Excel holds the recalculation until the user leaves the cell', async () => {
  const workbook = counting();
  const { engine, cells, profilesFinal } = await waitingSheet(workbook);
  workbook.editCell('Sheet1!H1');
  profilesFinal();
  await advance(POLL_AND_GATHER_MS);
  expect(workbook.stats().excelRunsInFlight).toBe(1); // queued, not refused
  await advance(60_000);
  expect(workbook.stats().excelRunsInFlight).toBe(1);
  expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([1]));

  workbook.editCell(null);
  await advance(0);
  expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([2]));
  const runsWhenDone = workbook.stats().excelRuns;
  await advance(30_000);
  expect(workbook.stats().excelRuns).toBe(runsWhenDone); // taken, and every cell called: not asked again
  engine.dispose();
});

test.each(['InvalidOperation', 'InvalidOperationInCellEditMode'] as const)(
  'on a host without delayForCellEdit, refused with %s: once the user leaves the cell, every waiting cell is recalculated',
  async (code) => {
    const workbook = counting(refusingHost(code));
    const { engine, cells, profilesFinal } = await waitingSheet(workbook);
    workbook.editCell('Sheet1!H1');
    profilesFinal();
    await advance(POLL_AND_GATHER_MS);
    const refusedRuns = workbook.stats().excelRuns;
    expect(refusedRuns).toBeGreaterThan(0);
    expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([1])); // refused: nothing recalculated

    await advance(60_000); // a long edit: Excel is asked again, every few seconds at most
    const asked = workbook.stats().excelRuns - refusedRuns;
    expect(asked).toBeGreaterThanOrEqual(60_000 / 5_000);
    expect(asked).toBeLessThanOrEqual(60_000 / 500);
    expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([1]));

    workbook.editCell(null);
    await advance(5_000);
    expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([2]));
    const runsWhenDone = workbook.stats().excelRuns;
    await advance(30_000);
    expect(workbook.stats().excelRuns).toBe(runsWhenDone); // taken: not asked again
    engine.dispose();
  },
);

test('a workbook closed during the edit is asked no more', async () => {
  const workbook = counting(refusingHost('InvalidOperation'));
  const { engine, profilesFinal } = await waitingSheet(workbook);
  workbook.editCell('Sheet1!H1');
  profilesFinal();
  await advance(POLL_AND_GATHER_MS + 2_000);
  engine.dispose();
  const runs = workbook.stats().excelRuns;
  await advance(30_000);
  expect(workbook.stats().excelRuns).toBe(runs);
});

test('a sheet deleted meanwhile: no full calculation, and no later move of a profile asks for that sheet', async () => {
  const workbook = counting(); // every cell is on Sheet1
  const onDeletedSheet = (i: number) => i % 2 === 1;
  const { engine, service, cells } = await waitingSheet(workbook, (i) => (onDeletedSheet(i) ? 'Gone' : 'Sheet1'));
  const kept = cells.filter((_row, i) => !onDeletedSheet(i)).flat();
  const moveTo = async (status: string) => {
    for (let id = 1; id <= SUPPLIERS; id += 1) service.statuses.set(id, status);
    await advance(30_000); // every profile re-read (back-off under 30 s this early) and its cells recalculated
  };

  await moveTo('enriching');
  // their own request only: none shows an error, so the look for waiting cells of the sheet gone finds none
  expect(invocationsOf(workbook, kept)).toEqual(new Set([2]));
  await moveTo('synced');
  expect(invocationsOf(workbook, kept)).toEqual(new Set([3]));
  const runs = workbook.stats().excelRuns;
  await advance(30_000);
  expect(workbook.stats().excelRuns).toBe(runs);
  engine.dispose();
});
