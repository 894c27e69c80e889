/**
 * The workbook harness behaves as Microsoft documents Excel, and as OfficeDev's trackers report it
 * where the docs are silent (each behaviour's source is in the harness's comments and docs/excel.md):
 * null for omitted arguments and the invocation always last; sheet names quoted as Excel quotes them;
 * reopening as the desktop (nothing calculated) or the web (everything) does; cells holding an error
 * that a calculation ignores (a switch); edit mode refusing with InvalidOperation unless
 * `delayForCellEdit`; the startup behaviour kept with the document; an IndexedDB that never opens.
 */
import { hangingIndexedDb } from './cacheStorage';
import { MODERN_HOST } from './hostProfiles';
import type { RequestContextShim } from './officeGlobals';
import type { ErrorCellsOnCalculate, FunctionsMetadata, HarnessOptions } from './types';
import { Workbook } from './workbook';

const METADATA: FunctionsMetadata = {
  functions: [
    {
      id: 'ARGS',
      name: 'ARGS',
      parameters: [
        { name: 'a', type: 'any' },
        { name: 'b', type: 'any', optional: true },
        { name: 'c', type: 'any', optional: true },
      ],
      result: {},
    },
    {
      id: 'WHERE',
      name: 'WHERE',
      parameters: [{ name: 'x', type: 'any' }],
      result: {},
      options: { requiresAddress: true },
    },
    { id: 'FAIL', name: 'FAIL', parameters: [{ name: 'x', type: 'any' }], result: {} },
  ],
};

function workbookWith(options: Partial<HarnessOptions> = {}) {
  const workbook = new Workbook({ metadata: METADATA, ...options });
  const { CustomFunctions } = workbook.globals;
  const received: unknown[][] = [];
  CustomFunctions.associate('ARGS', (...args: unknown[]) => {
    received.push(args);
    return 1;
  });
  CustomFunctions.associate('WHERE', (_x: unknown, invocation: unknown) => (invocation as { address: string }).address);
  CustomFunctions.associate('FAIL', () => {
    throw new CustomFunctions.Error('#N/A', 'Profiling (created) — this cell updates itself');
  });
  const run = <T>(batch: (context: RequestContextShim) => Promise<T>, delayForCellEdit = false) =>
    workbook.globals.Excel.run({ delayForCellEdit }, batch);
  return { workbook, received, run };
}

const calls = (workbook: Workbook, address: string) => workbook.report()[address].invocations;

test('an omitted argument is null, trailing or not, and the invocation always comes last', async () => {
  const { workbook, received } = workbookWith();
  workbook.enter({ inputs: [[1]], formulas: { B: '=ARGS(A{row})', C: '=ARGS(A{row},,2)' } });
  await workbook.settled();
  expect(received).toEqual([
    [1, null, null, { functionName: 'ARGS' }],
    [1, null, 2, { functionName: 'ARGS' }],
  ]);
});

test("sheet names are quoted as Excel quotes them in an invocation's address", async () => {
  const { workbook } = workbookWith();
  for (const name of ['Sheet1', 'Q3_suppliers', 'Q3 suppliers', "Bob's"]) {
    workbook.enter({ name, inputs: [[1]], formulas: { B: '=WHERE(A{row})' } });
  }
  await workbook.settled();
  const shown = Object.values(workbook.report()).map(({ outcome }) => (outcome as { value: unknown }).value);
  expect(shown).toEqual(['Sheet1!B2', "'Q3_suppliers'!B2", "'Q3 suppliers'!B2", "'Bob''s'!B2"]);
});

describe('reopening a saved workbook', () => {
  async function savedWorkbook() {
    const { workbook } = workbookWith();
    workbook.enter({ inputs: [[1], [2]], formulas: { B: '=WHERE(A{row})', C: '=FAIL(A{row})' } });
    await workbook.settled();
    const shown = workbook.report();
    workbook.releaseRuntime('copy');
    return { workbook, shown };
  }

  test('as the desktop does: nothing is calculated, every cell shows what was saved', async () => {
    const { workbook, shown } = await savedWorkbook();
    expect(workbook.reopen('desktop')).toEqual([]);
    expect(workbook.report()).toEqual(shown);
    expect(workbook.isSettled()).toBe(true);
  });

  test('as the web may: every formula cell is calculated again', async () => {
    const { workbook } = await savedWorkbook();
    expect(workbook.reopen('web')).toEqual(['Sheet1!B2', 'Sheet1!C2', 'Sheet1!B3', 'Sheet1!C3']);
  });

  test('the startup behaviour an add-in set is kept with the document', async () => {
    const { workbook } = workbookWith();
    expect(workbook.startupBehavior()).toBe('None');
    await workbook.globals.Office.addin.setStartupBehavior(workbook.globals.Office.StartupBehavior.load);
    workbook.releaseRuntime('copy');
    workbook.reopen('desktop');
    expect(workbook.startupBehavior()).toBe('Load');
  });
});

describe('cells holding an error, asked to calculate', () => {
  async function failingCell(errorCells: ErrorCellsOnCalculate) {
    const { workbook, run } = workbookWith({ errorCells });
    workbook.enter({ inputs: [[1]], formulas: { B: '=FAIL(A{row})', C: '=WHERE(A{row})' } });
    await workbook.settled();
    const calculate = () =>
      run(async (context) => context.workbook.worksheets.getItem('Sheet1').getRange('B2:C2').calculate());
    return { workbook, run, calculate };
  }

  test('recalculated (the documented behaviour): each calculation calls the cell', async () => {
    const { workbook, calculate } = await failingCell('recalculated');
    await calculate();
    expect(calls(workbook, 'Sheet1!B2')).toBe(2);
  });

  test('first-ignored: the next calculation leaves it #BUSY! uncalled, the one after calls it (office-js#3234)', async () => {
    const { workbook, calculate } = await failingCell('first-ignored');
    await calculate();
    expect(workbook.report()['Sheet1!B2']).toMatchObject({ invocations: 1, outcome: { kind: 'busy' } });
    expect(calls(workbook, 'Sheet1!C2')).toBe(2); // a cell with a value is called as ever
    await calculate();
    expect(workbook.report()['Sheet1!B2']).toMatchObject({ invocations: 2, outcome: { kind: 'error', code: '#N/A' } });
  });

  test('never: no calculation calls it, not even a full one (office-js#4502); its formula entered again does', async () => {
    const { workbook, run, calculate } = await failingCell('never');
    await calculate();
    await run(async (context) => context.workbook.application.calculate('Full'));
    expect(calls(workbook, 'Sheet1!B2')).toBe(1);
    await run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2').load('formulas');
      await context.sync();
      const formulas = range.formulas;
      expect(formulas).toEqual([['=FAIL(A2)']]);
      range.formulas = formulas;
    });
    expect(calls(workbook, 'Sheet1!B2')).toBe(2);
  });
});

describe('a cell being edited', () => {
  const calculateB2 = (context: RequestContextShim) =>
    context.workbook.worksheets.getItem('Sheet1').getRange('B2').calculate();

  test('Excel refuses a batch with InvalidOperation, as Microsoft documents it, or the code a client uses', async () => {
    for (const [cellEditRefusal, code] of [
      [undefined, 'InvalidOperation'],
      ['InvalidOperationInCellEditMode', 'InvalidOperationInCellEditMode'],
    ] as const) {
      const { workbook, run } = workbookWith({ cellEditRefusal });
      workbook.enter({ inputs: [[1]], formulas: { B: '=WHERE(A{row})' } });
      workbook.editCell('Sheet1!D4');
      await expect(run(async (context) => calculateB2(context))).rejects.toMatchObject({ code });
    }
  });

  test('delayForCellEdit queues the batch until the user leaves the cell (ExcelApi 1.11)', async () => {
    const { workbook, run } = workbookWith();
    workbook.enter({ inputs: [[1]], formulas: { B: '=WHERE(A{row})' } });
    workbook.editCell('Sheet1!D4');
    let done = false;
    const queued = run(async (context) => calculateB2(context), true).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([done, calls(workbook, 'Sheet1!B2')]).toEqual([false, 1]);
    workbook.editCell(null);
    await queued;
    expect(calls(workbook, 'Sheet1!B2')).toBe(2);
  });

  test('below ExcelApi 1.11 delayForCellEdit is not known: the batch is refused', async () => {
    const { workbook, run } = workbookWith({ requirements: { ...MODERN_HOST.requirements, ExcelApi: '1.10' } });
    workbook.enter({ inputs: [[1]], formulas: { B: '=WHERE(A{row})' } });
    workbook.editCell('Sheet1!D4');
    await expect(run(async (context) => calculateB2(context), true)).rejects.toMatchObject({
      code: 'InvalidOperation',
    });
  });
});

test('the used range, its formulas and value types, read as Office.js reads them', async () => {
  const { workbook, run } = workbookWith();
  workbook.enter({ name: 'Q3 suppliers', inputs: [['a'], ['b']], formulas: { C: '=FAIL(A{row})' } });
  await workbook.settled();
  const read = await run(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    await context.sync();
    const used = sheets.items[0].getUsedRangeOrNullObject().load('rowIndex, columnIndex, rowCount, columnCount');
    await context.sync();
    const block = sheets.items[0].getRangeByIndexes(used.rowIndex, used.columnIndex, used.rowCount, used.columnCount);
    block.load('formulas, valueTypes');
    await context.sync();
    return {
      name: sheets.items[0].name,
      at: [used.rowIndex, used.columnIndex],
      formulas: block.formulas,
      types: block.valueTypes,
    };
  });
  expect(read).toEqual({
    name: 'Q3 suppliers',
    at: [1, 0],
    formulas: [
      ['a', '', '=FAIL(A2)'],
      ['b', '', '=FAIL(A3)'],
    ],
    types: [
      ['String', 'Empty', 'Error'],
      ['String', 'Empty', 'Error'],
    ],
  });
});

test('an IndexedDB whose open never answers (WebKit bug 226547): no event ever fires', async () => {
  const request = hangingIndexedDb().open('climate-cache');
  const fired: string[] = [];
  request.onsuccess = () => fired.push('success');
  request.onerror = () => fired.push('error');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fired).toEqual([]);
});
