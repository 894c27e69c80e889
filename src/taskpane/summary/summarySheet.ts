/**
 * The Climate summary's workbook writer, thin on purpose: write a summary plan into its own sheet,
 * creating it or refreshing it in place. A sheet the summary did not create is never touched: the
 * writer refuses with ForeignSheetError and the pane asks for another name. The workbook's list of the
 * summary's sheets (document settings) is only a claim, which whoever sent the file could write: a
 * listed sheet is the summary's only while its top still is (`isSummaryTop`).
 */
import { readSummarySheetIds, rememberSummarySheet } from '../../office/documentSettings';
import { run } from '../sheet/excel';
import { refuseProtectedSheet, refuseProtectedStructure } from '../sheet/sheetState';
import { addLogo, LOGO_NAME } from '../sheet/sourceLine';
import { writeFormulaRows } from '../sheet/write';
import { HELPER_FIRST_ROW } from './summaryHelpers';
import { isSummaryTop, SUMMARY_TOP, type SummaryPlan } from './summaryPlan';

export class ForeignSheetError extends Error {
  constructor(readonly sheetName: string) {
    super(`A sheet called "${sheetName}" already exists and was not made by the Climate summary: choose another name.`);
    this.name = 'ForeignSheetError';
  }
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
    const again = 'build the summary again';
    if (created) {
      await refuseProtectedStructure(context, `the summary cannot add its sheet "${name}"`, again);
      sheet = sheets.add(name);
      sheet.load(['id', 'name']);
      await context.sync();
      await rememberSummarySheet(sheet.id);
    } else {
      if (!readSummarySheetIds().includes(sheet.id)) throw new ForeignSheetError(name);
      const top = sheet.getRange(SUMMARY_TOP).load('formulas');
      await context.sync();
      if (!isSummaryTop(top.formulas)) throw new ForeignSheetError(name);
      await refuseProtectedSheet(context, sheet, again);
      sheet.charts.load('items/name');
      // Shapes need ExcelApi 1.9: only a plan with a logo (a host that has them) looks for the old one.
      if (plan.logo) sheet.shapes.load('items/name');
      await context.sync();
      for (const chart of sheet.charts.items) chart.delete();
      if (plan.logo) for (const shape of sheet.shapes.items) if (shape.name === LOGO_NAME) shape.delete();
      sheet.getRange().clear('All');
    }

    for (const cell of plan.cells) {
      const range = sheet.getRangeByIndexes(cell.row, cell.column, 1, 1);
      if (cell.numberFormat) range.numberFormat = [[cell.numberFormat]];
      range.formulas = [[cell.content]];
      if (cell.bold) range.format.font.bold = true;
    }
    for (const helper of plan.helpers) {
      const rows = helper.formulas.map((formula) => [formula]);
      await writeFormulaRows(context, sheet, HELPER_FIRST_ROW, helper.column, rows);
      sheet.getRangeByIndexes(0, helper.column, 1, 1).getEntireColumn().columnHidden = true;
    }
    for (const spec of plan.charts) {
      const chart = sheet.charts.add(spec.type, sheet.getRange(spec.source), 'Columns');
      chart.name = spec.name;
      chart.title.text = spec.title;
      chart.setPosition(sheet.getRangeByIndexes(spec.anchor.row, spec.anchor.column, 1, 1));
    }
    if (plan.logo && logoBase64) await addLogo(context, sheet, plan.logo, logoBase64);
    sheet.activate();
    await context.sync();
    return { created };
  });
}
