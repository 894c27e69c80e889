/**
 * The Climate summary's workbook writer, thin on purpose: write a summary plan into its own sheet,
 * creating it or refreshing it in place, and read back first what a build keeps (the KPI's target and
 * history, kpiPlan.ts). A sheet the summary did not create is never touched: the writer refuses with
 * ForeignSheetError and the pane asks for another name. The workbook's list of the summary's sheets
 * (document settings) is only a claim, which whoever sent the file could write: a listed sheet is the
 * summary's only while its top still is (`isSummaryTop`).
 */
import { t } from '../../i18n/translate';
import { readSummarySheetIds, rememberSummarySheet } from '../../office/documentSettings';
import { run } from '../sheet/excel';
import type { CellValue } from '../sheet/grid';
import { refuseProtectedSheet, refuseProtectedStructure } from '../sheet/sheetState';
import { addLogo, LOGO_NAME } from '../sheet/sourceLine';
import { writeFormulaRows, writePlannedCells } from '../sheet/write';
import { KPI_READ } from './kpiPlan';
import { HELPER_FIRST_ROW } from './summaryHelpers';
import { isSummaryTop, SUMMARY_TOP, type SummaryPlan } from './summaryPlan';

export class ForeignSheetError extends Error {
  constructor(readonly sheetName: string) {
    super(t('summary.pane.foreign', { name: sheetName }));
    this.name = 'ForeignSheetError';
  }
}

/** The sheet `name` when it is the summary's own, null when there is none; ForeignSheetError when it is another's. */
async function ownSheet(context: Excel.RequestContext, name: string): Promise<Excel.Worksheet | null> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(name);
  sheet.load(['id', 'name']);
  await context.sync();
  if (sheet.isNullObject) return null;
  if (!readSummarySheetIds().includes(sheet.id)) throw new ForeignSheetError(name);
  const top = sheet.getRange(SUMMARY_TOP).load('formulas');
  await context.sync();
  if (!isSummaryTop(top.formulas)) throw new ForeignSheetError(name);
  return sheet;
}

/** What the last build left that the next keeps: the target's cells and the history's rows (values). */
export interface KeptCells {
  target: CellValue[];
  history: CellValue[][];
}

/** The summary sheet's kept cells, as the workbook holds them now; null when there is no summary sheet yet. */
export function readKept(name: string): Promise<KeptCells | null> {
  return run(async (context) => {
    const sheet = await ownSheet(context, name);
    if (!sheet) return null;
    const target = sheet.getRange(KPI_READ.target).load('values');
    const history = sheet.getRange(KPI_READ.history).load('values');
    await context.sync();
    return {
      target: (target.values as CellValue[][]).map(([value]) => value),
      history: history.values as CellValue[][],
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
    let sheet = await ownSheet(context, name);
    const created = sheet === null;
    const again = t('summary.pane.again');
    if (sheet === null) {
      await refuseProtectedStructure(context, t('summary.pane.cannotAdd', { sheet: name }), again);
      sheet = context.workbook.worksheets.add(name);
      sheet.load(['id', 'name']);
      await context.sync();
      await rememberSummarySheet(sheet.id);
    } else {
      await refuseProtectedSheet(context, sheet, again);
      sheet.charts.load('items/name');
      // Shapes need ExcelApi 1.9: only a plan with a logo (a host that has them) looks for the old one.
      if (plan.logo) sheet.shapes.load('items/name');
      await context.sync();
      for (const chart of sheet.charts.items) chart.delete();
      if (plan.logo) for (const shape of sheet.shapes.items) if (shape.name === LOGO_NAME) shape.delete();
      sheet.getRange().clear('All');
    }

    writePlannedCells(sheet, plan.cells);
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
    if (plan.trend) {
      const { trend } = plan;
      const chart = sheet.charts.add('Line', sheet.getRange(trend.source), 'Columns');
      chart.name = trend.name;
      chart.title.text = trend.title;
      chart.setPosition(sheet.getRangeByIndexes(trend.anchor.row, trend.anchor.column, 1, 1));
      for (const spec of trend.series) {
        const series = chart.series.add(spec.name);
        series.setValues(sheet.getRange(spec.values));
        series.setXAxisValues(sheet.getRange(spec.categories));
        if (spec.dashed) series.format.line.lineStyle = 'Dash';
      }
    }
    if (plan.logo && logoBase64) await addLogo(context, sheet, plan.logo, logoBase64);
    sheet.activate();
    await context.sync();
    return { created };
  });
}
