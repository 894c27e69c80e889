/**
 * The pane's reads of a sheet: the selection (one reader for every section that starts from it) and
 * rows of a sheet across its used columns, values and formulas, in slices of ROWS_PER_RUN rows (fewer
 * on a wide sheet: CELLS_PER_READ cells, and halves of a slice Excel refuses as too large), with
 * the sheet's Excel tables when it has any (what structured references in the formulas name), and a
 * few columns' values on their own. The selection comes with the sheet's merged areas and the hidden
 * columns right of its used range: where Score a column may write (sheetState.ts). The sections get
 * plain snapshots (sheet/grid.ts) and never touch Excel.Range themselves.
 */
import { isSetSupported } from '../../office/host';
import { t } from '../../i18n/translate';
import { listAreas } from './a1';
import { box, BOX_FIELDS, CELLS_PER_READ, ROWS_PER_RUN, run, slices, tooLarge } from './excel';
import { hiddenColumns, mergedAreas, SHEET_COLUMNS } from './sheetState';
import {
  hasColumn,
  lastRow,
  type CellGrid,
  type CellValue,
  type RangeBox,
  type SelectionSnapshot,
  type SheetRange,
  type SheetTable,
  type TableRows,
} from './grid';

export interface SelectionRead {
  /** An earlier selection, read again (the sheet may have changed since). */
  target?: SheetRange;
  /** Read the cells too (default); false reads the boxes only. */
  cells?: boolean;
  /** Read the merged areas and the hidden columns right of the used range too (default): where Score a column may write. */
  layout?: boolean;
}

const emptyGrid = (sheet: string, rowIndex = 0, columnIndex = 0): CellGrid => ({
  sheet,
  rowIndex,
  columnIndex,
  values: [],
  formulas: [],
});

/**
 * Loads rows `from..to` of the used columns, slice by slice, into a grid that carries the sheet's tables.
 * A slice holds CELLS_PER_READ cells at most; one Excel refuses as too large (long texts) is read again
 * in halves.
 */
async function loadRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  used: RangeBox,
  from: number,
  to: number,
  tables: readonly SheetTable[],
  detail: RowsDetail = {},
): Promise<CellGrid> {
  const grid: CellGrid = emptyGrid(sheetName, from, used.columnIndex);
  if (tables.length > 0) grid.tables = tables;
  const asJson = detail.valuesAsJson === true && isSetSupported('ExcelApi', '1.16');
  if (detail.valueTypes) grid.valueTypes = [];
  if (detail.numberFormat) grid.numberFormat = [];
  if (asJson) grid.valuesAsJson = [];
  const properties = [
    'values',
    'formulas',
    ...(detail.valueTypes ? ['valueTypes'] : []),
    ...(detail.numberFormat ? ['numberFormat'] : []),
    ...(asJson ? ['valuesAsJson'] : []),
  ];
  let size = Math.max(1, Math.min(ROWS_PER_RUN, Math.floor(CELLS_PER_READ / used.columnCount)));
  for (let row = from; row <= to;) {
    const rows = Math.min(size, to - row + 1);
    const range = sheet.getRangeByIndexes(row, used.columnIndex, rows, used.columnCount);
    range.load(properties);
    try {
      await context.sync();
    } catch (error) {
      if (!tooLarge(error)) throw error;
      if (rows === 1)
        throw new Error(t('sheet.rowTooLarge', { row: String(row + 1), sheet: sheetName }), { cause: error });
      size = Math.ceil(rows / 2);
      continue;
    }
    grid.values.push(...(range.values as CellValue[][]));
    grid.formulas.push(...(range.formulas as CellValue[][]));
    grid.valueTypes?.push(...(range.valueTypes as string[][]));
    grid.numberFormat?.push(...(range.numberFormat as string[][]));
    grid.valuesAsJson?.push(...(range.valuesAsJson as unknown[][]));
    row += rows;
  }
  return grid;
}

/** The used range of a sheet or a range (values only, not formats), null when empty; needs a sync. */
function usedRange(within: Excel.Worksheet | Excel.Range): Excel.Range {
  const used = within.getUsedRangeOrNullObject(true);
  used.load(BOX_FIELDS);
  return used;
}

/** Where the selection is: its sheet and, once synced, its box; an earlier selection's when given. */
function locate(context: Excel.RequestContext, target?: SheetRange): { sheet: Excel.Worksheet; box(): RangeBox } {
  if (target) return { sheet: context.workbook.worksheets.getItem(target.sheet), box: () => target.box };
  const range = context.workbook.getSelectedRange().load(BOX_FIELDS);
  return { sheet: range.worksheet, box: () => box(range) };
}

/** The sheet's tables, with their names and whether each shows its header and total rows. */
function loadTables(sheet: Excel.Worksheet): Excel.TableCollection {
  return sheet.tables.load('items/name,items/showHeaders,items/showTotals');
}

/** The loaded tables with their ranges and column names: a sheet without tables costs no round trip. */
async function sheetTables(context: Excel.RequestContext, tables: Excel.TableCollection): Promise<SheetTable[]> {
  if (tables.items.length === 0) return [];
  const parts = tables.items.map((table) => ({
    range: table.getRange().load(BOX_FIELDS),
    columns: table.columns.load('items/name'),
  }));
  await context.sync();
  return tables.items.map(({ name, showHeaders, showTotals }, i) => {
    const whole = box(parts[i].range);
    return {
      name,
      box: whole,
      headers: parts[i].columns.items.map((column) => column.name),
      headerRow: showHeaders ? whole.rowIndex : null,
      firstDataRow: whole.rowIndex + (showHeaders ? 1 : 0),
      lastDataRow: lastRow(whole) - (showTotals ? 1 : 0),
    };
  });
}

/** The rows of the table the selection's first column runs through; null when it is in none. */
function selectedTable(tables: readonly SheetTable[], selection: RangeBox): TableRows | null {
  const table = tables.find(
    ({ box: whole }) =>
      hasColumn(whole, selection.columnIndex) &&
      whole.rowIndex <= lastRow(selection) &&
      lastRow(whole) >= selection.rowIndex,
  );
  return table
    ? { headerRow: table.headerRow, firstDataRow: table.firstDataRow, lastDataRow: table.lastDataRow }
    : null;
}

/**
 * Columns right of the used range whose visibility is read: the widest block Score a column writes (every
 * output and the card column, some 20) with room for hidden columns before it.
 */
const COLUMNS_LOOKED_AT = 64;

/**
 * Excel hands over one block only: a selection of several areas fails the request (InvalidSelection).
 * Said as such, with the areas where Excel lists them (ExcelApi 1.9); any other failure as it came.
 */
async function severalAreas(context: Excel.RequestContext, error: unknown): Promise<Error> {
  if ((error as { code?: unknown }).code !== 'InvalidSelection') return error as Error;
  if (!isSetSupported('ExcelApi', '1.9')) return new Error(t('sheet.severalAreas'));
  const ranges = context.workbook.getSelectedRanges().areas.load(BOX_FIELDS);
  await context.sync();
  return new Error(t('sheet.severalAreasListed', { areas: listAreas(ranges.items.map(box)) }));
}

/** The selection (or an earlier one) with its sheet, the used range, and the cells around it. */
export function readSelection(read: SelectionRead = {}): Promise<SelectionSnapshot> {
  return run(async (context) => {
    const where = locate(context, read.target);
    const sheet = where.sheet;
    sheet.load('name');
    const used = usedRange(sheet);
    const tables = read.cells === false ? null : loadTables(sheet);
    await context.sync().catch(async (error: unknown) => {
      throw await severalAreas(context, error);
    });
    const selection = where.box();
    const snapshot = { sheet: sheet.name, selection, used: used.isNullObject ? null : box(used), firstFilledRow: null };
    const from = Math.max(snapshot.used?.rowIndex ?? 0, selection.rowIndex - 2);
    const to = snapshot.used
      ? Math.min(snapshot.used.rowIndex + snapshot.used.rowCount, selection.rowIndex + selection.rowCount) - 1
      : -1;
    if (read.cells === false || !snapshot.used || to < from) return { ...snapshot, grid: emptyGrid(sheet.name) };
    const column = usedRange(sheet.getRangeByIndexes(0, selection.columnIndex, 1, 1).getEntireColumn());
    const layout = read.layout !== false;
    const right = snapshot.used.columnIndex + snapshot.used.columnCount;
    const hidden = layout ? hiddenColumns(sheet, right, COLUMNS_LOOKED_AT) : () => [];
    await context.sync();
    const firstFilledRow = column.isNullObject ? null : column.rowIndex;
    const usedRows = { rowIndex: 0, columnIndex: 0, rowCount: lastRow(snapshot.used) + 1, columnCount: SHEET_COLUMNS };
    const merged = layout ? await mergedAreas(context, sheet, usedRows) : [];
    const onSheet = tables ? await sheetTables(context, tables) : [];
    const grid = await loadRows(context, sheet, sheet.name, snapshot.used, from, to, onSheet);
    const table = selectedTable(onSheet, selection);
    return { ...snapshot, firstFilledRow, table, merged, hiddenColumns: hidden(), grid };
  });
}

/** What a read of rows loads beside values and formulas. */
export interface RowsDetail {
  /** Each value's type: an error told from a text in any display language. */
  valueTypes?: boolean;
  /** Each value as JSON where the host has it (ExcelApi 1.16): the properties of a card, a score's profile link. */
  valuesAsJson?: boolean;
  /** Each cell's number format code: what a copy of the sheet formats its cells with. */
  numberFormat?: boolean;
}

/**
 * Rows `top..bottom` (all used rows when not given) across the used columns of a sheet (the active
 * one when `sheetName` is null), values and formulas (and `detail`); null when the sheet has nothing
 * there. The used columns, not only a block's, hold the names the formulas point at.
 */
export function readRows(
  sheetName: string | null,
  top = 0,
  bottom = Infinity,
  detail: RowsDetail = {},
): Promise<CellGrid | null> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    const sheet = sheetName === null ? sheets.getActiveWorksheet() : sheets.getItem(sheetName);
    sheet.load('name');
    const used = usedRange(sheet);
    const tables = loadTables(sheet);
    await context.sync();
    if (used.isNullObject) return null;
    const from = Math.max(top, used.rowIndex);
    const to = Math.min(bottom, used.rowIndex + used.rowCount - 1);
    if (to < from) return null;
    return loadRows(context, sheet, sheet.name, box(used), from, to, await sheetTables(context, tables), detail);
  });
}

/**
 * The values of `columns` (0-based) on rows `top..bottom` of a sheet, one array per column: the few
 * columns a check needs of a long block, without its other columns or its formulas.
 */
export function readColumns(
  sheetName: string,
  top: number,
  bottom: number,
  columns: readonly number[],
): Promise<CellValue[][]> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const read = columns.map((): CellValue[] => []);
    for (const { start, size } of slices(bottom - top + 1)) {
      const ranges = columns.map((column) => sheet.getRangeByIndexes(top + start, column, size, 1).load('values'));
      await context.sync();
      ranges.forEach((range, i) => read[i].push(...(range.values as CellValue[][]).map(([value]) => value)));
    }
    return read;
  });
}
