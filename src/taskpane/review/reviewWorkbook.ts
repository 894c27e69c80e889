/**
 * The workbook reads and writes of the pane's match review, beside sheet/workbook.ts and through its
 * Excel.run: the rows of a block in slices (values and formulas of the used columns), the conditional
 * format that marks rows to review, selecting a row, rewriting a row's formulas, recalculating rows.
 * Conditional formats are ExcelApi 1.6; selecting a range 1.1.
 */
import type { CellGrid } from '../sheet/climateCalls';
import type { CellValue } from '../score/scoringPlan';
import type { RangeBox } from '../sheet/selectionModel';
import { isSetSupported } from '../../office/host';
import { BOX_FIELDS, box, run } from '../sheet/workbook';

/** The fill of a row to review: Fluent's warning background, readable in print. */
export const REVIEW_FILL = '#FFF4CE';

/** The selected range and its sheet: the block "Review selection" reads. */
export function readSelectedBox(): Promise<{ sheet: string; box: RangeBox }> {
  return run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load(BOX_FIELDS);
    range.worksheet.load('name');
    await context.sync();
    return { sheet: range.worksheet.name, box: box(range) };
  });
}

/**
 * Rows `top..bottom` across the used columns of the sheet, values and formulas, in one Excel.run; null
 * when the sheet has nothing there. The used columns (not only the block's) hold the names the
 * formulas point at.
 */
export function readRowGrid(sheetName: string, top: number, bottom: number): Promise<CellGrid | null> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load(BOX_FIELDS);
    await context.sync();
    if (used.isNullObject) return null;
    const from = Math.max(top, used.rowIndex);
    const to = Math.min(bottom, used.rowIndex + used.rowCount - 1);
    if (to < from) return null;
    const range = sheet.getRangeByIndexes(from, used.columnIndex, to - from + 1, used.columnCount);
    range.load(['values', 'formulas']);
    await context.sync();
    return {
      sheet: sheetName,
      rowIndex: from,
      columnIndex: used.columnIndex,
      values: range.values as CellValue[][],
      formulas: range.formulas as string[][],
    };
  });
}

/**
 * A formula-based conditional format on `target`: Excel keeps it in the file, prints it, and applies
 * it again whenever the formula's cells change (a verdict that turns `accepted` loses its fill).
 */
export function addReviewFormat(sheetName: string, target: RangeBox, formula: string): Promise<boolean> {
  // A host that reports its requirement sets and lacks ExcelApi 1.6 (Excel 2016 without updates)
  // cannot add one: the scoring stands without the marks, and the pane says so.
  const reported = typeof Office !== 'undefined' && Office.context?.requirements !== undefined;
  if (reported && !isSetSupported('ExcelApi', '1.6')) return Promise.resolve(false);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const range = sheet.getRangeByIndexes(target.rowIndex, target.columnIndex, target.rowCount, target.columnCount);
    const format = range.conditionalFormats.add('Custom');
    format.custom.rule.formula = formula;
    format.custom.format.fill.color = REVIEW_FILL;
    await context.sync();
    return true;
  });
}

/** Selects a row of a block on its sheet (the sheet is activated first). */
export function selectRange(sheetName: string, target: RangeBox): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.activate();
    sheet.getRangeByIndexes(target.rowIndex, target.columnIndex, target.rowCount, target.columnCount).select();
    await context.sync();
  });
}

/** Writes formulas into single cells (Excel recalculates each), in one Excel.run. */
export function writeCellFormulas(
  sheetName: string,
  cells: ReadonlyArray<{ row: number; column: number; formula: string }>,
): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (const cell of cells) sheet.getRangeByIndexes(cell.row, cell.column, 1, 1).formulas = [[cell.formula]];
    await context.sync();
  });
}

/** Recalculates the given rows of a block, in one Excel.run. */
export function recalculateBlockRows(
  sheetName: string,
  rows: readonly number[],
  columns: { columnIndex: number; columnCount: number },
): Promise<void> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (const row of rows) sheet.getRangeByIndexes(row, columns.columnIndex, 1, columns.columnCount).calculate();
    await context.sync();
  });
}
