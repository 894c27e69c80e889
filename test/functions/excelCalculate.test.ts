/**
 * The recalculation wrapper the engine calls: exactly the given cells, grouped by sheet, through the
 * harness's Excel.run shim (the same one the workbook tests use), and nothing outside Excel.
 */
import { groupBySheet, recalculateCells } from '../../src/office/excelCalculate';
import { Workbook } from '../harness/workbook';
import type { FunctionsMetadata } from '../harness/types';

const metadata: FunctionsMetadata = {
  allowCustomDataForDataTypeAny: true,
  functions: [{ id: 'COUNT', name: 'COUNT', parameters: [{ name: 'x', type: 'any' }], result: {} }],
};

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

describe('recalculateCells', () => {
  const saved = (globalThis as { Excel?: unknown }).Excel;
  afterEach(() => {
    (globalThis as { Excel?: unknown }).Excel = saved;
  });

  test('re-invokes exactly the given cells; a missing sheet does not stop the others', async () => {
    const workbook = new Workbook({ metadata });
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

  test('outside Excel it does nothing', async () => {
    delete (globalThis as { Excel?: unknown }).Excel;
    await expect(recalculateCells(['Sheet1!B2'])).resolves.toBeUndefined();
  });
});
