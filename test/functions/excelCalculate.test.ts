/**
 * The recalculation wrapper the engine calls: exactly the given cells, grouped by sheet, through the
 * harness's Excel.run shim (the same one the workbook tests use), and nothing outside Excel.
 */
import { cellAreas } from '../../src/office/cellAreas';
import { groupBySheet, recalculateCells } from '../../src/office/excelCalculate';
import { COUNT_METADATA, countingWorkbook, invocationsOf } from '../harness/countingWorkbook';
import { Workbook } from '../harness/workbook';

describe('groupBySheet', () => {
  test('splits quoted sheet names, drops $ and duplicates, keeps the active sheet apart', () => {
    expect([
      ...groupBySheet(["'Q3 suppliers'!C7", 'Sheet1!B2', 'Sheet1!$B$2', "'It''s'!A1", 'D4', 'Sheet1!b3']),
    ]).toEqual([
      ['Q3 suppliers', ['C7']],
      ['Sheet1', ['B2', 'B3']],
      ["It's", ['A1']],
      [null, ['D4']],
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
  });
});
