/**
 * Refresh selected rows in the card layout, end to end in Node: the functions' CLIMATE.ORG (the
 * catalogue the bundle wires) over the engine, the harness's Excel calculating the cards and Excel's
 * dot notation, and the pane's plan and recalculation of the rows. The service's data changed: the
 * card and every field show the new record with the new As of, one custom-function call per card,
 * however few of the row's cells were selected.
 */
import { createCatalogue } from '../../../src/functions/catalogue';
import { callContext, toCellNow } from '../../../src/functions/excelBoundary';
import { rowsToRefresh } from '../../../src/taskpane/activity/activity';
import type { CellGrid } from '../../../src/taskpane/sheet/grid';
import { recalculateClimateCells } from '../../../src/office/excelCalculate';
import { recalculateRows } from '../../../src/taskpane/sheet/write';
import type { BatchRequestItem } from '../../../src/service/types';
import { record, type RequestAnswer } from '../../engine/fakeService';
import { advance, rig, track } from '../../engine/rig';
import type { FunctionsMetadata } from '../../harness/types';
import { Workbook } from '../../harness/workbook';

const ORG_METADATA: FunctionsMetadata = {
  allowCustomDataForDataTypeAny: true,
  allowErrorForDataTypeAny: true,
  functions: [
    {
      id: 'ORG',
      name: 'ORG',
      parameters: [
        { name: 'organization', type: 'any' },
        { name: 'website', type: 'any', optional: true },
        { name: 'country', type: 'any', optional: true },
      ],
      result: { type: 'any' },
      options: { requiresAddress: true, cancelable: true },
    },
  ],
};
const FORMULAS = { B: '=CLIMATE.ORG(A{row})', C: '=B{row}.Score', D: '=B{row}.[As of]' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const globals = globalThis as { Excel?: unknown; CustomFunctions?: unknown };
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete globals.Excel;
  delete globals.CustomFunctions;
});

/** Suppliers as cards with two fields each, calculated (or still asked, `held`); the grid the pane reads of them. */
async function cardSheet(count = 2, held = false) {
  const workbook = new Workbook({ metadata: ORG_METADATA });
  Object.assign(globals, { Excel: workbook.globals.Excel, CustomFunctions: workbook.globals.CustomFunctions });
  const { engine, service } = await rig();
  const catalogue = createCatalogue({
    engine: () => engine,
    scoreScale: () => '0-100',
    dataTypes: () => true,
    entities: () => true,
    logoUrl: () => null,
    isAccepted: () => false,
    deadlineMs: () => 120_000,
  });
  workbook.globals.CustomFunctions.associate('ORG', (...args: unknown[]) =>
    toCellNow(() =>
      catalogue.org(args[0], args[1], args[2], callContext(args[3] as CustomFunctions.CancelableInvocation)),
    ),
  );
  const inputs = Array.from({ length: count }, (_, i) => [`Supplier ${i + 1}`]);
  if (held) service.hold();
  workbook.enter({ inputs, formulas: FORMULAS });
  await advance(30);
  const rowFormulas = (row: number) => Object.values(FORMULAS).map((formula) => formula.replace('{row}', String(row)));
  const grid: CellGrid = {
    sheet: 'Sheet1',
    rowIndex: 1,
    columnIndex: 0,
    formulas: inputs.map(([name], i) => [name, ...rowFormulas(i + 2)]),
    values: inputs.map(([name]) => [name, null, null, null]),
  };
  return { workbook, engine, service, grid };
}

const shown = (workbook: Workbook, address: string): unknown => {
  const outcome = workbook.report()[address].outcome;
  return outcome.kind === 'value' ? outcome.value : outcome;
};
const cardProperty = (workbook: Workbook, address: string, name: string): unknown =>
  (shown(workbook, address) as { properties: Record<string, { basicValue?: unknown }> }).properties[name].basicValue;

const changed = (items: BatchRequestItem[]): RequestAnswer => ({
  kind: 'items',
  items: items.map(() => ({ status: 200, body: record(1, 'Supplier 1', 'synced', { score: 0.9142 }) })),
});

test.each([
  ['the fields only', { rowIndex: 1, columnIndex: 2, rowCount: 1, columnCount: 2 }],
  ['the card only', { rowIndex: 1, columnIndex: 1, rowCount: 1, columnCount: 1 }],
])(
  'the card and its fields show the new record, one call per card, whichever cells are selected: %s',
  async (_case, selection) => {
    const { workbook, engine, service, grid } = await cardSheet();
    const before = { score: shown(workbook, 'Sheet1!C2'), asOf: shown(workbook, 'Sheet1!D2') };
    const invocations = workbook.stats().invocations;
    jest.setSystemTime(Date.now() + DAY); // the card's As of is a day
    service.script.push(changed);

    const used = { rowIndex: 1, columnIndex: 0, rowCount: 2, columnCount: 4 };
    const plan = rowsToRefresh({ sheet: 'Sheet1', selection, used, firstFilledRow: 1, grid });
    if ('nothing' in plan) throw new Error(plan.nothing);
    expect(plan.queries).toEqual([{ name: 'Supplier 1' }]);
    const [report] = await Promise.all([engine.refresh({ queries: plan.queries }), advance(30)]);
    expect(report).toMatchObject({ organizations: 1, refreshed: 1, requests: 1, failed: [] });
    await recalculateRows(plan.sheet, plan.rows, plan.columns);
    await advance(0);

    expect(shown(workbook, 'Sheet1!C2')).toBe(91.4);
    expect(shown(workbook, 'Sheet1!C2')).not.toEqual(before.score);
    expect(cardProperty(workbook, 'Sheet1!B2', 'Score')).toBe(91.4);
    expect(shown(workbook, 'Sheet1!D2')).not.toEqual(before.asOf); // As of: the refresh's fetch
    expect(cardProperty(workbook, 'Sheet1!B2', 'As of')).toEqual(shown(workbook, 'Sheet1!D2'));
    expect(workbook.stats().invocations - invocations).toBe(1); // the card; its fields are Excel's
    expect(workbook.report()['Sheet1!B3'].invocations).toBe(1); // the other row untouched
    expect(service.sent).toHaveLength(2);
    expect(workbook.isSettled()).toBe(true);
  },
);

/** Excel's date serial of a moment's day, local time, as a card's As of holds it. */
const serial = (iso: string): number => {
  const ms = Date.parse(iso);
  return Math.floor((ms - new Date(ms).getTimezoneOffset() * 60_000) / 86_400_000) + 25_569;
};

test('As of is when the service produced the record: a later fetch of the same record keeps it, a newer record moves it', async () => {
  const dated = (updated_at: string, score: number) => (items: BatchRequestItem[]) => ({
    kind: 'items' as const,
    items: items.map(() => ({ status: 200, body: record(1, 'Supplier 1', 'synced', { score, updated_at }) })),
  });
  const { workbook, engine, service } = await (async () => {
    const sheet = await cardSheet(1, true);
    sheet.service.script.push(dated('2026-01-15T08:00:00Z', 0.5));
    sheet.service.release();
    await advance(30);
    return sheet;
  })();
  expect(shown(workbook, 'Sheet1!D2')).toBe(serial('2026-01-15T08:00:00Z'));
  expect(cardProperty(workbook, 'Sheet1!B2', 'As of')).toBe(serial('2026-01-15T08:00:00Z'));

  // Fetched again an hour later, the service's record unchanged: As of says when it was produced, as before.
  jest.setSystemTime(Date.now() + HOUR);
  service.script.push(dated('2026-01-15T08:00:00Z', 0.5));
  await Promise.all([engine.refresh(), advance(30)]);
  await recalculateClimateCells('all');
  await advance(0);
  expect(shown(workbook, 'Sheet1!D2')).toBe(serial('2026-01-15T08:00:00Z'));

  service.script.push(dated('2026-04-15T08:00:00Z', 0.61));
  await Promise.all([engine.refresh(), advance(30)]);
  await recalculateClimateCells('all');
  await advance(0);
  expect(shown(workbook, 'Sheet1!C2')).toBe(61);
  expect(shown(workbook, 'Sheet1!D2')).toBe(serial('2026-04-15T08:00:00Z'));
  expect(workbook.isSettled()).toBe(true);
});

test('Refresh all while a cold sheet is still being answered: one registration per organization, no cell left busy', async () => {
  const { workbook, engine, service } = await cardSheet(60, true);
  expect(workbook.isSettled()).toBe(false); // every card still asking
  const refresh = track(engine.refresh());
  await advance(30);
  service.release();
  await advance(30);
  expect(refresh.value).toMatchObject({ organizations: 60, refreshed: 60, failed: [] });
  await recalculateClimateCells('all');
  await advance(0);
  expect(workbook.isSettled()).toBe(true);
  const registered = service.items().map((item) => (item.body as { name: string }).name);
  expect(new Set(registered).size).toBe(60);
  expect(registered).toHaveLength(60);
  for (let row = 2; row <= 61; row += 1) {
    expect(typeof shown(workbook, `Sheet1!C${row}`)).toBe('number');
    expect(cardProperty(workbook, `Sheet1!B${row}`, 'Score')).toBe(shown(workbook, `Sheet1!C${row}`));
  }
});
