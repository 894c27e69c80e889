/**
 * The pane's writes to a sheet that more than one section makes: rows of formulas in slices,
 * single-cell formulas, a laid-out sheet's cells, selecting a range, and recalculating rows (through src/office, which the
 * engine uses for the same job).
 */
import { recalculateCells } from '../../office/excelCalculate';
import { rangeA1 } from './a1';
import { rangeOf, run, slices } from './excel';
import type { RangeBox, SheetRange } from './grid';
import { refuseProtectedSheet } from './sheetState';

/** Writes rows of formulas from (top, left), ROWS_PER_RUN rows per sync. */
export async function writeFormulaRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  top: number,
  left: number,
  rows: readonly string[][],
): Promise<void> {
  const width = Math.max(0, ...rows.map((row) => row.length));
  for (const { start, size } of slices(rows.length)) {
    sheet.getRangeByIndexes(top + start, left, size, width).formulas = rows.slice(start, start + size);
    await context.sync();
  }
}

/** One cell of a sheet the pane lays out itself (the Climate summary, the Changes sheet). */
export interface PlannedCell {
  row: number;
  column: number;
  /** A formula when it starts with "=", otherwise a value (a number, TRUE/FALSE, a label). */
  content: string | number | boolean;
  bold?: boolean;
  numberFormat?: string;
}

/** Queues a plan's cells, each its own range (a plan's cells are scattered); the caller syncs. */
export function writePlannedCells(sheet: Excel.Worksheet, cells: readonly PlannedCell[]): void {
  for (const cell of cells) {
    const range = sheet.getRangeByIndexes(cell.row, cell.column, 1, 1);
    if (cell.numberFormat) range.numberFormat = [[cell.numberFormat]];
    range.formulas = [[cell.content]];
    if (cell.bold) range.format.font.bold = true;
  }
}

/** Writes formulas into single cells (Excel recalculates each), in one Excel.run; a protected sheet says `again`. */
export function writeCellFormulas(
  sheetName: string,
  cells: ReadonlyArray<{ row: number; column: number; formula: string }>,
  again: string,
): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    await refuseProtectedSheet(context, sheet, again);
    for (const cell of cells) sheet.getRangeByIndexes(cell.row, cell.column, 1, 1).formulas = [[cell.formula]];
    await context.sync();
  });
}

/** Selects a range on its sheet (the sheet is activated first). */
export function selectRange({ sheet: sheetName, box }: SheetRange): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.activate();
    rangeOf(sheet, box).select();
    await context.sync();
  });
}

/** Recalculates whole rows of `columns` on a sheet: consecutive rows go as one range. */
export function recalculateRows(sheet: string, rows: readonly number[], columns: RangeBox): Promise<void> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ranges: RangeBox[] = [];
  for (const row of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && last.rowIndex + last.rowCount === row) last.rowCount++;
    else
      ranges.push({ rowIndex: row, columnIndex: columns.columnIndex, rowCount: 1, columnCount: columns.columnCount });
  }
  return recalculateCells(ranges.map((range) => rangeA1(range, sheet)));
}
