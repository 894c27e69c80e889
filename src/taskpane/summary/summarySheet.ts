/**
 * The Climate summary's workbook side, thin on purpose: read the selected block (values and formulas)
 * and write a summary plan into its own sheet, creating it or refreshing it in place. A sheet the
 * summary did not create (not in the workbook's document settings) is never touched: the writer
 * refuses with ForeignSheetError and the pane asks for another name.
 */
import type { CellValue } from '../score/scoringPlan';
import type { SelectionSnapshot } from '../sheet/selectionModel';
import type { FormulaGrid } from './summaryBlock';
import type { SummaryPlan } from './summaryPlan';
import { PROVIDER } from '../../provider';
import { readSummarySheetIds, rememberSummarySheet } from '../../office/documentSettings';
import { loadSelection, run } from '../sheet/workbook';

/** Rows of a helper column written per round trip (Excel on the web limits one request's size). */
const ROWS_PER_WRITE = 500;

export class ForeignSheetError extends Error {
  constructor(readonly sheetName: string) {
    super(`A sheet called "${sheetName}" already exists and was not made by the Climate summary: choose another name.`);
    this.name = 'ForeignSheetError';
  }
}

/** The selected rows (and the row above, for headers) across the used columns, as values and formulas. */
export function readSelectedBlock(): Promise<{ snapshot: SelectionSnapshot; grid: FormulaGrid }> {
  return run(async (context) => {
    const { sheet, selection, used } = await loadSelection(context);
    const empty = { sheet: sheet.name, rowIndex: 0, columnIndex: 0, formulas: [], headers: [] };
    if (!used) return { snapshot: { sheet: sheet.name, selection, used, values: [], valuesFirstRow: 0 }, grid: empty };
    const from = Math.max(used.rowIndex, selection.rowIndex - 1);
    const to = Math.min(used.rowIndex + used.rowCount, selection.rowIndex + selection.rowCount) - 1;
    if (to < from)
      return { snapshot: { sheet: sheet.name, selection, used, values: [], valuesFirstRow: 0 }, grid: empty };
    const range = sheet.getRangeByIndexes(from, used.columnIndex, to - from + 1, used.columnCount);
    range.load(['values', 'formulas']);
    await context.sync();
    const values = range.values as CellValue[][];
    const formulas = range.formulas as CellValue[][];
    return {
      snapshot: { sheet: sheet.name, selection, used, values, valuesFirstRow: from },
      grid: { sheet: sheet.name, rowIndex: from, columnIndex: used.columnIndex, formulas, headers: values[0] ?? [] },
    };
  });
}

/**
 * Writes the plan into the sheet `name`: a new sheet (recorded as the summary's), or the summary's own
 * sheet cleared and written again (charts and logo included). Activates it. Returns whether it was new.
 */
export function writeSummarySheet(
  name: string,
  plan: SummaryPlan,
  logoBase64: string | null,
): Promise<{ created: boolean }> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    let sheet = sheets.getItemOrNullObject(name);
    sheet.load(['id', 'name']);
    await context.sync();
    const created = sheet.isNullObject;
    if (created) {
      sheet = sheets.add(name);
      sheet.load(['id', 'name']);
      await context.sync();
      await rememberSummarySheet(sheet.id);
    } else {
      if (!readSummarySheetIds().includes(sheet.id)) throw new ForeignSheetError(name);
      sheet.charts.load('items/name');
      // Shapes need ExcelApi 1.9: only a plan with a logo (a host that has them) looks for the old one.
      if (plan.logo) sheet.shapes.load('items/name');
      await context.sync();
      for (const chart of sheet.charts.items) chart.delete();
      if (plan.logo) for (const shape of sheet.shapes.items) if (shape.name === logoName) shape.delete();
      sheet.getRange().clear('All');
    }

    for (const cell of plan.cells) {
      const range = sheet.getRangeByIndexes(cell.row, cell.column, 1, 1);
      if (cell.numberFormat) range.numberFormat = [[cell.numberFormat]];
      range.formulas = [[cell.content]];
      if (cell.bold) range.format.font.bold = true;
    }
    for (const helper of plan.helpers) {
      for (let start = 0; start < helper.formulas.length; start += ROWS_PER_WRITE) {
        const slice = helper.formulas.slice(start, start + ROWS_PER_WRITE).map((formula) => [formula]);
        sheet.getRangeByIndexes(1 + start, helper.column, slice.length, 1).formulas = slice;
        await context.sync();
      }
      sheet.getRangeByIndexes(0, helper.column, 1, 1).getEntireColumn().columnHidden = true;
    }
    for (const spec of plan.charts) {
      const chart = sheet.charts.add(spec.type, sheet.getRange(spec.source), 'Columns');
      chart.name = spec.name;
      chart.title.text = spec.title;
      chart.setPosition(sheet.getRangeByIndexes(spec.anchor.row, spec.anchor.column, 1, 1));
    }
    if (plan.logo && logoBase64) {
      const cell = sheet.getRangeByIndexes(plan.logo.row, plan.logo.column, 1, 1);
      cell.load(['left', 'top', 'height']);
      await context.sync();
      const image = sheet.shapes.addImage(logoBase64);
      image.name = logoName;
      image.altTextDescription = `${PROVIDER.sourceLine} (logo)`;
      image.lockAspectRatio = true;
      image.height = Math.max(12, cell.height - 2);
      image.left = cell.left + 1;
      image.top = cell.top + 1;
    }
    sheet.activate();
    await context.sync();
    return { created };
  });
}

const logoName = `${PROVIDER.name} logo`;
