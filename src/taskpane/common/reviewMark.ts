/**
 * The mark of rows to review on the sheet: a formula-based conditional format over a scored block,
 * filled where the row's MATCH verdict is not settled. Score a column adds it; Review matches lists
 * the same rows (review/reviewModel.ts's needsReview reads the same SETTLED_VERDICTS). Excel keeps the
 * format in the file, prints it, and applies it again whenever the formula's cells change (a verdict
 * that turns `accepted` loses its fill). Conditional formats are ExcelApi 1.6.
 */
import { SETTLED_VERDICTS } from '../../functions/results/nameMatch';
import { isSetSupported } from '../../office/host';
import { cellA1 } from '../sheet/a1';
import { rangeOf, run } from '../sheet/excel';
import { literal } from '../sheet/formulas';
import type { SheetRange } from '../sheet/grid';

/** The fill of a row to review: Fluent's warning background, readable in print. */
const REVIEW_FILL = '#FFF4CE';

/**
 * The rule for a block whose MATCH column is `matchColumn`, written for its first row (`firstRow`,
 * 0-based) with the column fixed and the row relative, so that each row tests its own verdict.
 * Errors (pending, not found) make the rule an error, which Excel treats as not met.
 */
export function reviewRuleFormula(matchColumn: number, firstRow: number): string {
  const cell = `$${cellA1(firstRow, matchColumn)}`;
  return `=AND(ISTEXT(${cell}),${SETTLED_VERDICTS.map((verdict) => `${cell}<>${literal(verdict)}`).join(',')})`;
}

/** Adds the mark over `target`; false on a host that cannot (the scoring stands, the pane says so). */
export function addReviewMark({ sheet: sheetName, box }: SheetRange, formula: string): Promise<boolean> {
  // A host that reports its requirement sets and lacks ExcelApi 1.6 (Excel 2016 without updates).
  const reported = typeof Office !== 'undefined' && Office.context?.requirements !== undefined;
  if (reported && !isSetSupported('ExcelApi', '1.6')) return Promise.resolve(false);
  return run(async (context) => {
    const format = rangeOf(context.workbook.worksheets.getItem(sheetName), box).conditionalFormats.add('Custom');
    format.custom.rule.formula = formula;
    format.custom.format.fill.color = REVIEW_FILL;
    await context.sync();
    return true;
  });
}
