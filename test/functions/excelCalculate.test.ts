/**
 * The recalculation wrapper the engine calls: exactly the given cells, grouped by sheet, through the
 * harness's Excel.run shim (the same one the workbook tests use), and nothing outside Excel.
 */
import { cellAreas } from '../../src/office/cellAreas';
import { groupBySheet } from '../../src/office/cellAddresses';
import { recalculateCells, recalculateWaitingCells } from '../../src/office/excelCalculate';
import { COUNT_METADATA, countingWorkbook, invocationsOf } from '../harness/countingWorkbook';
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
    workbook.globals.CustomFunctions.associate('COUNT', () => ++calls);
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

  /** A sheet of `rows` rows with COUNT in columns B to E; Excel is the workbook's. */
  async function countingSheet(rows: number): Promise<Workbook> {
    const workbook = countingWorkbook(rows, ['B', 'C', 'D', 'E']);
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
  async function twoSheets(): Promise<Workbook> {
    const workbook = countingWorkbook(2, ['B']);
    workbook.enter({ name: "It's Q3", inputs: [[1]], formulas: { C: '=COUNT(A{row})' } });
    await workbook.settled();
    (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
    return workbook;
  }
  const CELLS = ['Sheet1!B2', 'Sheet1!B3', "'It''s Q3'!C2"];

  test('while a cell is being edited, every cell is refused for now and handed back as it was named', async () => {
    const workbook = await twoSheets();
    workbook.editCell('Sheet1!H1');

    const named = ['Sheet1!B2', "'It''s Q3'!C2", 'Sheet1!$B$3'];
    await expect(recalculateWaitingCells(named)).resolves.toEqual({
      refused: ['Sheet1!B2', 'Sheet1!$B$3', "'It''s Q3'!C2"],
      gone: [],
    });
    expect(invocationsOf(workbook, CELLS)).toEqual(new Set([1]));
    await expect(recalculateCells(['Sheet1!B2'])).rejects.toMatchObject({ code: 'InvalidOperationInCellEditMode' });

    workbook.editCell(null);
    await expect(recalculateWaitingCells(named)).resolves.toEqual({ refused: [], gone: [] });
    await workbook.settled();
    expect(invocationsOf(workbook, CELLS)).toEqual(new Set([2]));
  });

  test('cells on a sheet renamed since they called are found by one full calculation; their old addresses are gone', async () => {
    const workbook = await twoSheets();
    workbook.renameSheet("It's Q3", 'Q3 final');

    await expect(recalculateWaitingCells(['Sheet1!B2', "'It''s Q3'!C2"])).resolves.toEqual({
      refused: [],
      gone: ["'It''s Q3'!C2"],
    });
    await workbook.settled();
    expect(invocationsOf(workbook, ["'Q3 final'!C2"])).toEqual(new Set([2]));
    expect(invocationsOf(workbook, ['Sheet1!B2'])).toEqual(new Set([3])); // its sheet's request, then the full one
  });
});
