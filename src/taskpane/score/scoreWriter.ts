/**
 * Score a column's workbook writer: a scoring plan into its sheet (inserted rows first, since the
 * plan's rows already count them; then headers, formulas in slices, the source line and the logo), and
 * the mark of rows to review over the written block when it has a Match column.
 */
import { t } from '../../i18n/translate';
import { addReviewMark, reviewRuleFormula } from '../common/reviewMark';
import { run } from '../sheet/excel';
import type { SheetRange } from '../sheet/grid';
import { refuseProtectedSheet } from '../sheet/sheetState';
import { writeSourceLine } from '../sheet/sourceLine';
import { writeFormulaRows } from '../sheet/write';
import type { ScoringPlan } from './scoringPlan';

/**
 * Writes the plan; the logo goes in when the plan has a logo column and an image was given. A protected
 * sheet is refused before the first write.
 */
export function writeScoringPlan(sheetName: string, plan: ScoringPlan, logoBase64: string | null): Promise<void> {
  if (plan.headers.length === 0) return Promise.resolve(); // the block already has every output
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    await refuseProtectedSheet(context, sheet, t('score.again'));
    if (plan.insertRowsAtTop > 0) {
      sheet.getRangeByIndexes(0, 0, plan.insertRowsAtTop, 1).getEntireRow().insert('Down');
    }
    const header = sheet.getRangeByIndexes(plan.headerRow, plan.firstColumn, 1, plan.headers.length);
    header.values = [plan.headers];
    header.format.font.bold = true;
    await writeFormulaRows(context, sheet, plan.firstDataRow, plan.firstColumn, plan.formulas);
    if (plan.attribution) await writeSourceLine(context, sheet, plan.attribution, logoBase64);
  });
}

/** Marks the rows to review when the plan wrote a Match column; false when the host cannot. */
export function markRowsToReview(written: SheetRange, plan: ScoringPlan): Promise<boolean> {
  const matchAt = plan.outputs.indexOf('match');
  if (matchAt < 0) return Promise.resolve(true);
  return addReviewMark(written, reviewRuleFormula(plan.outputColumn + matchAt, plan.firstDataRow));
}
