/**
 * The summary sheet's hidden helper columns: one formula per block row, where per-row work has to be
 * done without array formulas (see summaryPlan.ts). Their place on the summary sheet is HELPER_COLUMNS,
 * the one statement of it; figures and lists reach them through helperRange.
 */
import { t } from '../../i18n/translate';
import type { BlockLayout } from '../common/blockScored';
import { columnLetters } from '../sheet/a1';
import { sheetPrefix } from '../../office/sheetName';
import { callText } from '../sheet/formulas';
import { namedFormula } from '../sheet/grid';
import { spendGapFormula } from './spendGaps';

export type HelperKind =
  'status' | 'rankLowest' | 'rankHighest' | 'spend' | 'weighted' | 'named' | 'spendGap' | 'noTarget' | 'rankNoTarget';

/** Where each helper sits on the summary sheet (0-based columns Z to AH), hidden, from HELPER_FIRST_ROW down. */
const HELPER_COLUMNS: Readonly<Record<HelperKind, number>> = {
  status: 25,
  rankLowest: 26,
  rankHighest: 27,
  spend: 28,
  weighted: 29,
  named: 30,
  spendGap: 31,
  noTarget: 32,
  rankNoTarget: 33,
};
/**
 * The criterion "is TRUE" of COUNTIFS and SUMIFS: the boolean itself, not the text "TRUE". A criterion
 * given as text is read in the language of the Excel that calculates it (German Excel writes WAHR), and
 * Microsoft does not say that the English word is understood there; a boolean is the same everywhere,
 * so the summary's counts do not depend on who opens the workbook.
 */
export const IS_TRUE = 'TRUE()';
/** How scores show on the summary sheet. */
export const SCORE_FORMAT = '0.0';

/** Row 2: row 1 holds the helpers' headers. */
export const HELPER_FIRST_ROW = 1;

export type SummaryContent = string | number;

export interface SummaryCell {
  row: number;
  column: number;
  /** A formula when it starts with "=", otherwise a value (labels, the build date). */
  content: SummaryContent;
  bold?: boolean;
  numberFormat?: string;
}

export interface HelperColumn {
  kind: HelperKind;
  column: number;
  header: string;
  formulas: string[];
}

/** The helper column's cells for the block's rows, on the summary sheet. */
export function helperRange(kind: HelperKind, rows: number): string {
  const letters = columnLetters(HELPER_COLUMNS[kind]);
  return `$${letters}$${HELPER_FIRST_ROW + 1}:$${letters}$${HELPER_FIRST_ROW + rows}`;
}

export function rowsOf(block: BlockLayout): number {
  return block.lastRow - block.firstRow + 1;
}

/** A column of the block, its rows only, from the summary sheet: `'Suppliers'!$C$3:$C$40`. */
export function absoluteColumn(block: BlockLayout, column: number): string {
  const letters = columnLetters(column);
  return `${sheetPrefix(block.sheet)}$${letters}$${block.firstRow + 1}:$${letters}$${block.lastRow + 1}`;
}

/**
 * One formula per block row: whether the row names a supplier (by the pane's own rule, so the
 * counts take the rows Score a column wrote formulas for); CLIMATE.STATUS of the row's supplier (a
 * live call answered from the engine's cache, never a copied value), asked only where there is a
 * name; with spend, the spend that counts (a positive number, else 0), score × that spend and whether
 * the row's spend cell is no number though it says something (spendGaps.ts: text such as `€1.234,56`
 * counts as no spend, and the sheet says how many); without
 * dynamic arrays, the row's unique rank among the scored rows (equal scores by spend, then in sheet
 * order), which the lists look up with MATCH. COUNTIFS criteria match numbers only, so errors and
 * pending cells get no rank. With an SBTi flag, whether the supplier has no SBTi commitment or target
 * (its flag is not TRUE: FALSE, or no answer yet, as the share by count counts it) and, without dynamic
 * arrays, its rank among those by spend, the larger first, then in sheet order: the gap list.
 */
export function helperColumns(block: BlockLayout, dynamicArrays: boolean): HelperColumn[] {
  const ref = (column: number | null, r: number, fixed = true): string =>
    column === null ? '' : `${sheetPrefix(block.sheet)}$${columnLetters(column)}${fixed ? '$' : ''}${r + 1}`;
  const rows = rowsOf(block);
  const withSpend = block.spendColumn !== null;
  const named: string[] = [];
  const status: string[] = [];
  const spend: string[] = [];
  const weighted: string[] = [];
  const spendGap: string[] = [];
  const lowest: string[] = [];
  const highest: string[] = [];
  const noTarget: string[] = [];
  const rankNoTarget: string[] = [];
  const sbti = block.flags.find((flag) => flag.initiative === 'sbti');
  const G = helperRange('noTarget', rows);
  const gapLetters = columnLetters(HELPER_COLUMNS.noTarget);
  const S = absoluteColumn(block, block.scoreColumn);
  const K = helperRange('spend', rows);
  const first = ref(block.scoreColumn, block.firstRow);
  const spendLetters = columnLetters(HELPER_COLUMNS.spend);
  for (let r = block.firstRow; r <= block.lastRow; r++) {
    /** The row's own cell of a helper column. */
    const own = (kind: HelperKind): string =>
      `${columnLetters(HELPER_COLUMNS[kind])}${HELPER_FIRST_ROW + 1 + r - block.firstRow}`;
    const args = {
      organization: ref(block.nameColumn, r, false),
      website: ref(block.websiteColumn, r, false),
      country: ref(block.countryColumn, r, false),
    };
    named.push(`=${namedFormula(args.organization)}`);
    status.push(`=IF(${own('named')},IFERROR(${callText('STATUS', args)},""),"")`);
    const score = ref(block.scoreColumn, r, false);
    const upTo = `${first}:$${columnLetters(block.scoreColumn)}${r + 1}`;
    let tied = `COUNTIFS(${upTo},${score})`;
    if (withSpend) {
      const amount = ref(block.spendColumn, r, false);
      const counted = own('spend');
      spend.push(`=IF(ISNUMBER(${amount}),MAX(${amount},0),0)`);
      weighted.push(`=IF(ISNUMBER(${score}),${score}*${counted},0)`);
      spendGap.push(spendGapFormula(own('named'), amount));
      // Equal scores: those with a larger spend first, then those above in the sheet with the same spend.
      const spendUpTo = `$${spendLetters}$${HELPER_FIRST_ROW + 1}:${counted}`;
      tied = `COUNTIFS(${S},${score},${K},">"&${counted})+COUNTIFS(${upTo},${score},${spendUpTo},${counted})`;
    }
    const rank = (beyond: string): string => `=IF(ISNUMBER(${score}),COUNTIFS(${S},"${beyond}"&${score})+${tied},"")`;
    lowest.push(rank('<'));
    highest.push(rank('>'));
    if (sbti) {
      const gap = own('noTarget');
      noTarget.push(`=AND(${own('named')},NOT(IFERROR(${ref(sbti.column, r, false)}=TRUE(),FALSE())))`);
      // Among those: a larger spend first, then those above in the sheet (with the same spend).
      const above = `COUNTIFS($${gapLetters}$${HELPER_FIRST_ROW + 1}:${gap},${IS_TRUE}`;
      const counted = own('spend');
      const spendUpTo = `$${spendLetters}$${HELPER_FIRST_ROW + 1}:${counted}`;
      rankNoTarget.push(
        withSpend
          ? `=IF(${gap},COUNTIFS(${G},${IS_TRUE},${K},">"&${counted})+${above},${spendUpTo},${counted}),"")`
          : `=IF(${gap},${above}),"")`,
      );
    }
  }
  const helpers: HelperColumn[] = [
    { kind: 'named', column: HELPER_COLUMNS.named, header: t('summary.helper.named'), formulas: named },
    { kind: 'status', column: HELPER_COLUMNS.status, header: t('summary.helper.status'), formulas: status },
  ];
  if (!dynamicArrays) {
    helpers.push({
      kind: 'rankLowest',
      column: HELPER_COLUMNS.rankLowest,
      header: t('summary.helper.rankLowest'),
      formulas: lowest,
    });
    helpers.push({
      kind: 'rankHighest',
      column: HELPER_COLUMNS.rankHighest,
      header: t('summary.helper.rankHighest'),
      formulas: highest,
    });
  }
  if (sbti) {
    helpers.push({
      kind: 'noTarget',
      column: HELPER_COLUMNS.noTarget,
      header: t('summary.helper.noTarget'),
      formulas: noTarget,
    });
    if (!dynamicArrays)
      helpers.push({
        kind: 'rankNoTarget',
        column: HELPER_COLUMNS.rankNoTarget,
        header: t('summary.helper.rankNoTarget'),
        formulas: rankNoTarget,
      });
  }
  if (withSpend) {
    helpers.push({ kind: 'spend', column: HELPER_COLUMNS.spend, header: t('summary.helper.spend'), formulas: spend });
    helpers.push({
      kind: 'weighted',
      column: HELPER_COLUMNS.weighted,
      header: t('summary.helper.weighted'),
      formulas: weighted,
    });
    helpers.push({
      kind: 'spendGap',
      column: HELPER_COLUMNS.spendGap,
      header: t('summary.helper.spendGap'),
      formulas: spendGap,
    });
  }
  return helpers;
}
