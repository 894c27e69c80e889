/**
 * The recalculation wrapper the engine calls: exactly the given cells, grouped by sheet, through the
 * harness's Excel.run shim (the same one the workbook tests use), and nothing outside Excel.
 */
import { cellAreas } from '../../src/office/cellAreas';
import { groupBySheet } from '../../src/office/cellAddresses';
import { recalculateCells, recalculateClimateCells, recalculateWaitingCells } from '../../src/office/excelCalculate';
import { calledBack } from '../../src/office/cellCallbacks';
import {
  COUNT_METADATA,
  countingWorkbook,
  invocationsOf,
  oneArgument,
  type CountingOptions,
} from '../harness/countingWorkbook';
import { MODERN_HOST } from '../harness/hostProfiles';
import type { FunctionsMetadata } from '../harness/types';
import { Workbook } from '../harness/workbook';

describe('groupBySheet', () => {
  test('splits quoted sheet names, drops $ and duplicates, keeps the active sheet apart and the addresses as named', () => {
    const named = ["'Q3 suppliers'!C7", 'Sheet1!B2', 'Sheet1!$B$2', "'It''s'!A1", 'D4', 'Sheet1!b3'];
    expect([...groupBySheet(named)]).toEqual([
      ['Q3 suppliers', { cells: ['C7'], addresses: ["'Q3 suppliers'!C7"] }],
      ['Sheet1', { cells: ['B2', 'B3'], addresses: ['Sheet1!B2', 'Sheet1!$B$2', 'Sheet1!b3'] }],
      ["It's", { cells: ['A1'], addresses: ["'It''s'!A1"] }],
      [null, { cells: ['D4'], addresses: ['D4'] }],
    ]);
  });
});

describe('cellAreas', () => {
  test('a filled-down column is one range; columns side by side with the same rows one block', () => {
    const column = (letter: string, rows: number[]) => rows.map((row) => `${letter}${row}`);
    const rows2to6 = [2, 3, 4, 5, 6];
    expect(cellAreas([...column('B', rows2to6), ...column('C', rows2to6), ...column('E', rows2to6)])).toEqual([
      'B2:C6',
      'E2:E6',
    ]);
  });

  test('covers exactly the cells given: gaps stay gaps, in any order', () => {
    expect(cellAreas(['C9', 'C3', 'C2', 'C4', 'D3', 'Z100'])).toEqual(['C2:C4', 'C9', 'D3', 'Z100']);
    expect(cellAreas(['AA7', 'AB7', 'AC8'])).toEqual(['AA7:AB7', 'AC8']);
  });

  test('ranges asked for pass as they are', () => {
    expect(cellAreas(['B3:F3', 'B5'])).toEqual(['B3:F3', 'B5']);
  });
});

describe('recalculateCells', () => {
  const saved = (globalThis as { Excel?: unknown }).Excel;
  afterEach(() => {
    (globalThis as { Excel?: unknown }).Excel = saved;
  });

  test('re-invokes exactly the given cells; a missing sheet does not stop the others', async () => {
    const workbook = new Workbook({ metadata: COUNT_METADATA });
    let calls = 0;
    workbook.globals.CustomFunctions.associate('COUNT', (_x: unknown, invocation: unknown) => {
      calledBack((invocation as { address: string }).address); // as the add-in's functions do
      return ++calls;
    });
    workbook.enter({ inputs: [[1], [2], [3]], formulas: { B: '=COUNT(A{row})' } });
    workbook.enter({ name: 'Q3 suppliers', inputs: [[1]], formulas: { C: '=COUNT(A{row})' } });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;

    await expect(recalculateCells(['Sheet1!B2', 'Gone!B2', "'Q3 suppliers'!C2", 'Sheet1!B4'])).rejects.toMatchObject({
      code: 'ItemNotFound',
    });
    await workbook.settled();
    expect(workbook.stats().recalculations).toEqual([['Sheet1!B2', 'Sheet1!B4'], ["'Q3 suppliers'!C2"]]);
    const report = workbook.report();
    expect([report['Sheet1!B2'].invocations, report['Sheet1!B3'].invocations, report['Sheet1!B4'].invocations]).toEqual(
      [2, 1, 2],
    );
  });

  /**
   * A sheet of `rows` rows with COUNT in columns B to E; Excel is the workbook's. Each call says so,
   * as the add-in's functions do: a cell that did not would be entered again CALLBACK_MS later
   * (cellCallbacks.ts), into whichever test's workbook Excel is by then.
   */
  async function countingSheet(rows: number): Promise<Workbook> {
    const workbook = countingWorkbook(rows, ['B', 'C', 'D', 'E'], { onCall: calledBack });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
    return workbook;
  }

  test("30,000 cells waiting in a block are recalculated within Excel on the web's 5 MB request, as whole ranges", async () => {
    const workbook = await countingSheet(7_500);
    const waiting = ['B', 'C', 'D', 'E'].flatMap((column) =>
      Array.from({ length: 7_500 }, (_, i) => `Sheet1!${column}${i + 2}`),
    );

    await recalculateCells(waiting);
    await workbook.settled();
    expect(invocationsOf(workbook, waiting)).toEqual(new Set([2]));
    expect(workbook.stats().recalculations).toHaveLength(1);
  });

  test('cells that do not touch are recalculated in requests under the limit, and only they', async () => {
    const workbook = await countingSheet(40_000);
    const waiting = Array.from({ length: 20_000 }, (_, i) => `Sheet1!C${2 * i + 2}`); // every other row
    const between = Array.from({ length: 20_000 }, (_, i) => `Sheet1!C${2 * i + 3}`);

    await recalculateCells(waiting);
    await workbook.settled();
    expect(invocationsOf(workbook, waiting)).toEqual(new Set([2]));
    expect(invocationsOf(workbook, between)).toEqual(new Set([1]));
    expect(workbook.stats().recalculations.flat()).toHaveLength(20_000);
  });

  test('outside Excel it does nothing', async () => {
    delete (globalThis as { Excel?: unknown }).Excel;
    await expect(recalculateCells(['Sheet1!B2'])).resolves.toBeUndefined();
    await expect(recalculateWaitingCells(['Sheet1!B2'])).resolves.toEqual({ refused: [], gone: [] });
  });
});

describe('recalculateWaitingCells', () => {
  const saved = (globalThis as { Excel?: unknown }).Excel;
  afterEach(() => {
    (globalThis as { Excel?: unknown }).Excel = saved;
  });

  /** COUNT in B of rows 2-3 on Sheet1 and in C2 of "It's Q3"; Excel is the workbook's. */
  async function twoSheets(options: CountingOptions = {}): Promise<Workbook> {
    const workbook = countingWorkbook(2, ['B'], { onCall: calledBack, ...options });
    workbook.enter({ name: "It's Q3", inputs: [[1]], formulas: { C: '=COUNT(A{row})' } });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
    return workbook;
  }
  const CELLS = ['Sheet1!B2', 'Sheet1!B3', "'It''s Q3'!C2"];
  const named = ['Sheet1!B2', "'It''s Q3'!C2", 'Sheet1!$B$3'];

  test('while a cell is being edited, Excel holds the recalculation (delayForCellEdit) until the user leaves it', async () => {
    const workbook = await twoSheets();
    workbook.editCell('Sheet1!H1');
    let outcome: unknown = null;
    const asked = recalculateWaitingCells(named).then((result) => (outcome = result));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outcome).toBeNull();
    expect(invocationsOf(workbook, CELLS)).toEqual(new Set([1]));

    workbook.editCell(null);
    await asked;
    expect(outcome).toEqual({ refused: [], gone: [] });
    await workbook.settled();
    expect(invocationsOf(workbook, CELLS)).toEqual(new Set([2]));
  });

  test.each(['InvalidOperation', 'InvalidOperationInCellEditMode'])(
    'on a host without delayForCellEdit, Excel refuses with %s: every cell is handed back as it was named',
    async (code) => {
      const requirements = { ...MODERN_HOST.requirements, ExcelApi: '1.10' };
      const workbook = await twoSheets({ requirements, cellEditRefusal: code as 'InvalidOperation' });
      workbook.editCell('Sheet1!H1');

      await expect(recalculateWaitingCells(named)).resolves.toEqual({
        refused: ['Sheet1!B2', 'Sheet1!$B$3', "'It''s Q3'!C2"],
        gone: [],
      });
      expect(invocationsOf(workbook, CELLS)).toEqual(new Set([1]));
      await expect(recalculateCells(['Sheet1!B2'])).rejects.toMatchObject({ code });

      workbook.editCell(null);
      await expect(recalculateWaitingCells(named)).resolves.toEqual({ refused: [], gone: [] });
      await workbook.settled();
      expect(invocationsOf(workbook, CELLS)).toEqual(new Set([2]));
    },
  );

  test('cells on a sheet renamed since they called: the CLIMATE cells still waiting are found and recalculated, no other cell', async () => {
    const workbook = new Workbook({ metadata: WAIT_METADATA });
    let profiling = true;
    workbook.globals.CustomFunctions.associate('WAIT', (_x: unknown, invocation: unknown) => {
      calledBack((invocation as { address: string }).address);
      if (profiling)
        throw new workbook.globals.CustomFunctions.Error('#N/A', 'Profiling (created) — this cell updates itself');
      return 1;
    });
    workbook.enter({ inputs: [[1], [2]], formulas: { B: '=CLIMATE.WAIT(A{row})', C: '=COUNT2(A{row})' } });
    workbook.enter({ name: "It's Q3", inputs: [[1], [2]], formulas: { C: '=CLIMATE.WAIT(A{row})' } });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
    workbook.renameSheet("It's Q3", 'Q3 final');
    profiling = false;

    await expect(recalculateWaitingCells(['Sheet1!B2', "'It''s Q3'!C2"])).resolves.toEqual({
      refused: [],
      gone: ["'It''s Q3'!C2"],
    });
    await workbook.settled();
    const calls = (addresses: string[]) => addresses.map((address) => workbook.report()[address].invocations);
    // B2 by its own request (it shows its value then), B3 and the renamed sheet's cells found waiting
    expect(calls(['Sheet1!B2', 'Sheet1!B3', "'Q3 final'!C2", "'Q3 final'!C3"])).toEqual([2, 2, 2, 2]);
    expect(calls(['Sheet1!C2', 'Sheet1!C3'])).toEqual([1, 1]); // #NAME?, but no CLIMATE call: never asked
    expect(workbook.report()["'Q3 final'!C2"].outcome).toEqual({ kind: 'value', value: 1 });
    expect(workbook.stats().recalculations.flat()).not.toContain('Sheet1!C2');
    expect(workbook.stats().fullCalculations).toBe(0);
  });
});

describe('recalculateClimateCells', () => {
  afterEach(() => {
    delete (globalThis as { Excel?: unknown }).Excel;
  });

  test('Refresh all and a changed key or project: every CLIMATE cell on every sheet, and no other formula', async () => {
    const workbook = new Workbook({ metadata: WAIT_METADATA });
    workbook.globals.CustomFunctions.associate('WAIT', (_x: unknown, invocation: unknown) => {
      calledBack((invocation as { address: string }).address);
      return 1;
    });
    workbook.globals.CustomFunctions.associate('COUNT2', () => 2);
    workbook.enter({ inputs: [[1], [2]], formulas: { B: '=CLIMATE.WAIT(A{row})', C: '=COUNT2(A{row})' } });
    workbook.enter({ name: 'Q3_suppliers', inputs: [[1]], formulas: { D: '=climate.wait(A{row})' } });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;

    await expect(recalculateClimateCells('all')).resolves.toBe(3);
    await workbook.settled();
    const calls = Object.fromEntries(Object.values(workbook.report()).map((cell) => [cell.address, cell.invocations]));
    expect(calls).toEqual({ 'Sheet1!B2': 2, 'Sheet1!C2': 1, 'Sheet1!B3': 2, 'Sheet1!C3': 1, "'Q3_suppliers'!D2": 2 });
    expect(workbook.stats().fullCalculations).toBe(0);
  });
});

/** WAIT (written CLIMATE.WAIT) shows "Profiling" until told otherwise; COUNT2 is another add-in's function, not loaded. */
const WAIT_METADATA: FunctionsMetadata = { functions: [oneArgument('WAIT', true), oneArgument('COUNT2')] };
