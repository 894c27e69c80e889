/**
 * The workbook reads and writes of the pane, the only place that speaks Excel.run for it. The pane's
 * logic gets plain snapshots (values and boxes) and hands back plans, so it runs in tests without
 * Excel; this module is exercised in the browser tests through an Excel.run shim.
 */
import type { CellGrid } from './climateCalls';
import type { CellAt, SheetFormulas } from '../attribution/attributionCheck';
import type { AttributionCell, CellValue, ScoringPlan } from '../score/scoringPlan';
import type { RangeBox, SelectionSnapshot } from './selectionModel';
import { PROVIDER } from '../../provider';
import { hasExcelApi, supportsImages } from '../../office/host';

/** Rows written (or read) per round trip: Excel on the web limits the size of one request. */
const ROWS_PER_WRITE = 500;

export class NoWorkbookError extends Error {
  constructor() {
    super('Open this pane in Excel to work with the sheet.');
    this.name = 'NoWorkbookError';
  }
}

/** One Excel.run, or NoWorkbookError outside Excel (also for the review's and the summary's). */
export function run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  if (!hasExcelApi()) return Promise.reject(new NoWorkbookError());
  return Excel.run(batch);
}

export function box(range: Excel.Range): RangeBox {
  return {
    rowIndex: range.rowIndex,
    columnIndex: range.columnIndex,
    rowCount: range.rowCount,
    columnCount: range.columnCount,
  };
}

export const BOX_FIELDS = ['rowIndex', 'columnIndex', 'rowCount', 'columnCount'];

export interface LoadedSelection {
  sheet: Excel.Worksheet;
  selection: RangeBox;
  used: RangeBox | null;
}

/** Loads the selection, its sheet and the sheet's used range. */
export async function loadSelection(context: Excel.RequestContext): Promise<LoadedSelection> {
  const range = context.workbook.getSelectedRange();
  range.load(BOX_FIELDS);
  const sheet = range.worksheet;
  sheet.load('name');
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(BOX_FIELDS);
  await context.sync();
  return { sheet, selection: box(range), used: used.isNullObject ? null : box(used) };
}

/** A range to read again later: the sheet and the box of an earlier selection. */
export interface RangeTarget {
  sheet: string;
  box: RangeBox;
}

/**
 * The selection (or an earlier one, read again) with the values the scoring pane needs: the used
 * columns, from the row above the selection down to its last row inside the used range.
 */
export function readSelection(target?: RangeTarget): Promise<SelectionSnapshot> {
  return run(async (context) => {
    const { sheet, selection, used } = target ? await loadTarget(context, target) : await loadSelection(context);
    const snapshot: SelectionSnapshot = { sheet: sheet.name, selection, used, values: [], valuesFirstRow: 0 };
    if (!used) return snapshot;
    const from = Math.max(used.rowIndex, selection.rowIndex - 1);
    const to = Math.min(used.rowIndex + used.rowCount, selection.rowIndex + selection.rowCount) - 1;
    if (to < from) return snapshot;
    const block = sheet.getRangeByIndexes(from, used.columnIndex, to - from + 1, used.columnCount);
    block.load('values');
    await context.sync();
    return { ...snapshot, values: block.values as CellValue[][], valuesFirstRow: from };
  });
}

async function loadTarget(context: Excel.RequestContext, target: RangeTarget): Promise<LoadedSelection> {
  const sheet = context.workbook.worksheets.getItem(target.sheet);
  sheet.load('name');
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(BOX_FIELDS);
  await context.sync();
  return { sheet, selection: target.box, used: used.isNullObject ? null : box(used) };
}

/**
 * The selected rows across the used columns of their sheet (values and formulas): what "Refresh
 * selected rows" reads. Only those rows, so that a long sheet is not read whole; a formula that points
 * at another row is reported as unresolved by the pane.
 */
export function readSelectedRows(): Promise<{ grid: CellGrid; top: number; bottom: number } | null> {
  return run(async (context) => {
    const { sheet, selection, used } = await loadSelection(context);
    if (!used) return null;
    const top = Math.max(used.rowIndex, selection.rowIndex);
    const bottom = Math.min(used.rowIndex + used.rowCount, selection.rowIndex + selection.rowCount) - 1;
    if (bottom < top) return null;
    const range = sheet.getRangeByIndexes(top, used.columnIndex, bottom - top + 1, used.columnCount);
    range.load(['values', 'formulas']);
    await context.sync();
    const grid: CellGrid = {
      sheet: sheet.name,
      rowIndex: top,
      columnIndex: used.columnIndex,
      values: range.values as CellValue[][],
      formulas: range.formulas as string[][],
    };
    return { grid, top, bottom };
  });
}

/** Recalculates rows `top..bottom` of the used range of a sheet (the cells of "Refresh selected rows"). */
export function recalculateRows(
  sheetName: string,
  top: number,
  bottom: number,
  columns: { columnIndex: number; columnCount: number },
): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.getRangeByIndexes(top, columns.columnIndex, bottom - top + 1, columns.columnCount).calculate();
    await context.sync();
  });
}

/** Recalculates every formula of the workbook: cached values come back at once, failed cells ask again. */
export function recalculateWorkbook(): Promise<void> {
  return run(async (context) => {
    context.workbook.application.calculate('Full');
    await context.sync();
  });
}

/**
 * Writes a scoring plan into a sheet: inserted rows first (the plan's rows already count them), then
 * headers, formulas in slices, the attribution line and the logo (when the plan has a logo column
 * and an image was given).
 */
export function writeScoringPlan(sheetName: string, plan: ScoringPlan, logoBase64: string | null): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const width = plan.headers.length;
    if (plan.insertRowsAtTop > 0) {
      sheet.getRangeByIndexes(0, 0, plan.insertRowsAtTop, 1).getEntireRow().insert('Down');
    }
    const header = sheet.getRangeByIndexes(plan.headerRow, plan.firstColumn, 1, width);
    header.values = [plan.headers];
    header.format.font.bold = true;
    for (let start = 0; start < plan.formulas.length; start += ROWS_PER_WRITE) {
      const slice = plan.formulas.slice(start, start + ROWS_PER_WRITE);
      sheet.getRangeByIndexes(plan.firstDataRow + start, plan.firstColumn, slice.length, width).formulas = slice;
      await context.sync();
    }
    await writeAttribution(context, sheet, plan.attribution, logoBase64);
  });
}

/** The source line in its cell and, when there is a logo column and an image, the logo floating over it. */
async function writeAttribution(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  place: AttributionCell,
  logoBase64: string | null,
): Promise<void> {
  sheet.getRangeByIndexes(place.row, place.textColumn, 1, 1).formulas = [[place.formula]];
  if (place.logoColumn !== null && logoBase64) {
    const cell = sheet.getRangeByIndexes(place.row, place.logoColumn, 1, 1);
    cell.load(['left', 'top', 'height']);
    await context.sync();
    const image = sheet.shapes.addImage(logoBase64);
    image.name = `${PROVIDER.name} logo`;
    image.altTextDescription = `${PROVIDER.sourceLine} (logo)`;
    image.lockAspectRatio = true;
    image.height = Math.max(12, cell.height - 2);
    image.left = cell.left + 1;
    image.top = cell.top + 1;
  }
  await context.sync();
}

/**
 * The formulas (values where there is none) of the active sheet's used range: what the attribution
 * check reads. In slices of rows, as writes are, so that a long sheet stays under Excel's request size.
 */
export function readActiveSheetFormulas(): Promise<SheetFormulas | null> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load('name');
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load(BOX_FIELDS);
    await context.sync();
    if (used.isNullObject) return null;
    const formulas: CellValue[][] = [];
    for (let start = 0; start < used.rowCount; start += ROWS_PER_WRITE) {
      const count = Math.min(ROWS_PER_WRITE, used.rowCount - start);
      const slice = sheet.getRangeByIndexes(used.rowIndex + start, used.columnIndex, count, used.columnCount);
      slice.load('formulas');
      await context.sync();
      formulas.push(...(slice.formulas as CellValue[][]));
    }
    return { sheet: sheet.name, rowIndex: used.rowIndex, columnIndex: used.columnIndex, formulas };
  });
}

/**
 * Writes attributions the check placed, each only if the cells it uses are still empty (the sheet may
 * have changed since it was read): nothing is written over. Returns the places written.
 */
export function writeAttributions(
  sheetName: string,
  places: Array<{ place: AttributionCell; cells: CellAt[] }>,
  logoBase64: string | null,
): Promise<AttributionCell[]> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const targets = places.map(({ place, cells }) => ({
      place,
      cells: cells.map(({ row, column }) => sheet.getRangeByIndexes(row, column, 1, 1).load('formulas')),
    }));
    await context.sync();
    const written: AttributionCell[] = [];
    for (const { place, cells } of targets) {
      if (cells.some((cell) => String(cell.formulas[0][0] ?? '') !== '')) continue;
      await writeAttribution(context, sheet, place, logoBase64);
      written.push(place);
    }
    return written;
  });
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Which of these cells an image (any shape) of the sheet floats over; none where the host has no shapes. */
export function cellsUnderShapes(sheetName: string, cells: CellAt[]): Promise<CellAt[]> {
  if (cells.length === 0 || !supportsImages()) return Promise.resolve([]);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const shapes = sheet.shapes;
    shapes.load('items/left,items/top,items/width,items/height');
    const box = ['left', 'top', 'width', 'height'];
    const ranges = cells.map(({ row, column }) => sheet.getRangeByIndexes(row, column, 1, 1).load(box));
    await context.sync();
    return cells.filter((_cell, i) => shapes.items.some((shape) => overlaps(shape, ranges[i])));
  });
}
