/**
 * The "Climate summary" sheet as a plan, pure: given where a scored block is (names, score, flags,
 * optional spend and industry mean) it returns every cell, formula, number format and chart of the
 * sheet. Every figure is a formula over the block's cells, so it stays live when they recalculate and
 * no copy of the data is made (the licence forbids a bulk copy). Errors and pending cells are counted
 * and never reach a figure: ISNUMBER/ISNA/IFERROR and criteria that only match numbers keep them out.
 *
 * Two variants of the top-10 lists: spilled SORTBY/FILTER/SEQUENCE where the host has dynamic arrays,
 * a per-row rank (COUNTIFS) looked up with INDEX/MATCH elsewhere. Both order by score, equal scores by
 * spend (the larger first: the one to engage first), then in sheet order.
 * No figure puts IF or IFERROR over a range inside SUMPRODUCT: Excel without dynamic arrays evaluates
 * that as an array only when entered with Ctrl+Shift+Enter, which the API cannot do. Per-row work goes
 * into hidden helper columns instead.
 *
 * Every figure's formula sits next to its label and number format, so a reader checks each figure
 * where it is built; the helper columns and the lists are in summaryHelpers.ts and summaryLists.ts,
 * and the sheet writer (summarySheet.ts) holds no formulas.
 */
import { FLAG_LABELS, type FlagKey } from '../../functions/arguments/initiatives';
import { LANGUAGES } from '../../i18n/languages';
import { t, type MessageKey } from '../../i18n/translate';
import { sheetPrefix } from '../../office/sheetName';
import type { BlockLayout } from '../common/blockScored';
import { ROW_COUNT_LABELS } from '../common/outcome';
import { cellA1, columnLetters } from '../sheet/a1';
import { literal } from '../sheet/formulas';
import { SOURCE_LINE_FORMULA } from '../sheet/sourceLine';
import {
  absoluteColumn,
  HELPER_FIRST_ROW,
  helperColumns,
  IS_TRUE,
  helperRange,
  rowsOf,
  SCORE_FORMAT,
  type HelperColumn,
  type SummaryCell,
  type SummaryContent,
} from './summaryHelpers';
import { planKpi, type KpiOptions, type TrendChart } from './kpiPlan';
import { LIST_LENGTH, writeList, type ListSpec } from './summaryLists';

/** The sheet's default name, the same in every language: the pane and the ribbon find the sheet by it. */
export const SUMMARY_SHEET_NAME = 'Climate summary';
/** Rows of the gap list: the suppliers without an SBTi commitment or target, largest spend first. */
export const GAP_LENGTH = 25;
/** The cells read back to tell a sheet the summary wrote (`isSummaryTop`). */
export const SUMMARY_TOP = 'A1:B3';

/** A label as every language writes it: a sheet built in one language is the summary's in every other. */
const inAnyLanguage = (key: MessageKey, values?: Record<string, string>): string[] =>
  LANGUAGES.map((language) => t(key, values, language));

/**
 * Whether a sheet's top (SUMMARY_TOP's formulas) is one `planSummary` writes, in any of the languages
 * it writes in: its title in A1, "Suppliers in …" in B1, the source line's formula in A2 or B2 (beside
 * the logo, or in its place) and "Built" in A3. Every summary has them; a sheet of one's own does not
 * by accident (it would need the provider's link formula under that title), so a worksheet id the
 * workbook lists as the summary's is trusted only then.
 */
export function isSummaryTop(top: readonly (readonly unknown[])[]): boolean {
  const [[title, block] = [], [a2, b2] = [], [built] = []] = top;
  const blockLines = inAnyLanguage('summary.blockLine', { block: '\u0000' }).map((line) => line.split('\u0000'));
  return (
    inAnyLanguage('summary.title').includes(String(title)) &&
    typeof block === 'string' &&
    blockLines.some(([before, after]) => block.startsWith(before) && block.endsWith(after)) &&
    (a2 === SOURCE_LINE_FORMULA || b2 === SOURCE_LINE_FORMULA) &&
    inAnyLanguage('summary.built').includes(String(built))
  );
}

export interface SummaryOptions {
  /** SORTBY/FILTER/SEQUENCE spill (dynamic arrays); otherwise COUNTIFS ranks and INDEX/MATCH. */
  dynamicArrays: boolean;
  /** Top of the score scale: 100 (the default 0-100 display) or 1 (the raw 0-1 scale). */
  scoreMax: number;
  /** The date the sheet was built, as the analyst reads it (e.g. 2026-11-23). */
  builtOn: string;
  /** The host can place an image (the provider logo). */
  logo: boolean;
  /** The host draws charts (ExcelApi 1.1); absent: it does. */
  charts?: boolean;
  /** The KPI block (history, target, trend chart: kpiPlan.ts); absent: none, nor a gap list. */
  kpi?: KpiOptions;
}

export interface SummaryChart {
  name: string;
  type: 'ColumnClustered' | 'BarClustered';
  title: string;
  /** A1 address on the summary sheet of the chart's data: categories in the first column. */
  source: string;
  /** Cell under the chart's top-left corner. */
  anchor: { row: number; column: number };
}

/** The key figures' cells, by name, so the pane and the tests can read them back. */
export type SummaryFigure =
  | 'suppliers'
  | 'scored'
  | 'profiling'
  | 'notFound'
  | 'errors'
  | 'meanScore'
  | 'weightedMeanScore'
  | 'industryMean'
  | 'totalSpend'
  | 'spendNotNumber'
  | 'spendNotNumberFirst';

export interface SummaryPlan {
  cells: SummaryCell[];
  charts: SummaryChart[];
  figures: Partial<Record<SummaryFigure, string>>;
  /** Per initiative: A1 cells of its share by count and (with spend) by spend. */
  shares: Array<{ initiative: FlagKey; byCount: string; bySpend: string | null }>;
  /** The line chart of the KPI's history, when the block has an SBTi flag and the host draws charts. */
  trend: TrendChart | null;
  /** First cell of the gap list (supplier, spend, share it adds, share reached, row), when there is one. */
  gap: { firstRow: number; column: number } | null;
  /** The ten bands' count cells, lowest band first. */
  bands: string[];
  /** First cells of the two lists (supplier, score, spend columns to the right). */
  lowest: { firstRow: number; column: number };
  highest: { firstRow: number; column: number };
  /**
   * Hidden columns with one formula per block row (summaryHelpers.ts): the status the counts read;
   * with spend, the spend that counts and score × spend; without dynamic arrays, the ranks.
   */
  helpers: HelperColumn[];
  logo: { row: number; column: number } | null;
  /** Every row and column the plan writes into, for clearing before a refresh. */
  extent: { rowCount: number; columnCount: number };
}

const PERCENT = '0.0%';

/** Builds the sheet. Rows are laid out top to bottom in sections; charts sit to the right. */
export function planSummary(block: BlockLayout, options: SummaryOptions): SummaryPlan {
  if (block.lastRow < block.firstRow) throw new Error(t('summary.error.noRows'));
  const cells: SummaryCell[] = [];
  const put = (row: number, column: number, content: SummaryContent, extra: Partial<SummaryCell> = {}): string => {
    cells.push({ row, column, content, ...extra });
    return cellA1(row, column);
  };
  const N = absoluteColumn(block, block.nameColumn);
  const S = absoluteColumn(block, block.scoreColumn);
  const Sp = block.spendColumn === null ? null : absoluteColumn(block, block.spendColumn);
  const rows = rowsOf(block);
  const T = helperRange('status', rows);
  // Rows with a supplier name, by the pane's blank rule (a name of only spaces is none).
  const H = helperRange('named', rows);

  put(0, 0, t('summary.title'), { bold: true });
  const from = `${columnLetters(block.nameColumn)}${block.firstRow + 1}`;
  const names = `${sheetPrefix(block.sheet)}${from}:${columnLetters(block.nameColumn)}${block.lastRow + 1}`;
  put(0, 1, t('summary.blockLine', { block: names }));
  const logo = options.logo ? { row: 1, column: 0 } : null;
  put(1, logo ? 1 : 0, SOURCE_LINE_FORMULA);
  put(2, 0, t('summary.built'));
  put(2, 1, options.builtOn);

  const figures: SummaryPlan['figures'] = {};
  let row = 4;
  const section = (title: string, headers: string[] = []): void => {
    put(row, 0, title, { bold: true });
    headers.forEach((header, i) => put(row, i + 1, header, { bold: true }));
    row++;
  };
  const figure = (key: SummaryFigure, label: string, formula: string, numberFormat?: string): string => {
    put(row, 0, label);
    const address = put(row, 1, formula, numberFormat ? { numberFormat } : {});
    figures[key] = address;
    row++;
    return address;
  };

  section(t('summary.section.counts'));
  const suppliers = figure('suppliers', t('summary.figure.suppliers'), `=COUNTIFS(${H},${IS_TRUE})`);
  figure('scored', ROW_COUNT_LABELS.scored, `=SUMPRODUCT(--ISNUMBER(${S}))`);
  // CLIMATE.STATUS's words are the service's status codes, the same in every language.
  const pendingStatus = `(${T}<>"")*(${T}<>"synced")*(${T}<>"errored")`;
  figure('profiling', ROW_COUNT_LABELS.profiling, `=SUMPRODUCT(ISNA(${S})*${pendingStatus})`);
  figure(
    'notFound',
    ROW_COUNT_LABELS['no value'],
    `=SUMPRODUCT(ISNA(${S})*((${T}="")+(${T}="synced")+(${T}="errored")))`,
  );
  figure('errors', ROW_COUNT_LABELS.error, `=SUMPRODUCT(ISERROR(${S})-ISNA(${S}))`);
  row++;

  section(t('summary.section.scores'));
  figure(
    'meanScore',
    t('summary.figure.meanScore'),
    `=IFERROR(SUMIFS(${S},${S},">=0")/COUNTIFS(${S},">=0"),"")`,
    SCORE_FORMAT,
  );
  if (Sp) {
    figure('totalSpend', t('summary.figure.totalSpend'), `=SUMIFS(${Sp},${Sp},">0",${H},${IS_TRUE})`, '#,##0');
    // Beside the spend it leaves out: suppliers whose spend cell holds text or an error, and where the first is.
    const gaps = helperRange('spendGap', rows);
    const [before, after] = t('summary.figure.firstRow', { row: '\u0000' }).split('\u0000');
    const firstRow = `${literal(before)}&(MATCH(TRUE(),${gaps},0)+${block.firstRow})${after ? `&${literal(after)}` : ''}`;
    figures.spendNotNumberFirst = put(row, 2, `=IFERROR(${firstRow},"")`);
    figure('spendNotNumber', t('summary.figure.spendNotNumber'), `=COUNTIFS(${gaps},${IS_TRUE})`);
    figure(
      'weightedMeanScore',
      t('summary.figure.weightedMeanScore'),
      `=IFERROR(SUM(${helperRange('weighted', rows)})/SUMIFS(${Sp},${Sp},">0",${S},">=0"),"")`,
      SCORE_FORMAT,
    );
  }
  if (block.industryMeanColumn !== null) {
    const I = absoluteColumn(block, block.industryMeanColumn);
    figure(
      'industryMean',
      t('summary.figure.industryMean'),
      `=IFERROR(SUMIFS(${I},${I},">=0")/COUNTIFS(${I},">=0"),"")`,
      SCORE_FORMAT,
    );
  }
  row++;

  const shares: SummaryPlan['shares'] = [];
  const charts: SummaryChart[] = [];
  if (block.flags.length > 0) {
    const [byCount, bySpend, count] = [
      t('summary.history.byCount'),
      t('summary.history.bySpend'),
      t('summary.figure.suppliers'),
    ];
    section(t('summary.section.initiatives'), Sp ? [byCount, bySpend, count] : [byCount, count]);
    const top = row;
    for (const flag of block.flags) {
      const F = absoluteColumn(block, flag.column);
      put(row, 0, FLAG_LABELS[flag.initiative]);
      const byCount = put(row, 1, `=IFERROR(COUNTIFS(${F},${IS_TRUE},${H},${IS_TRUE})/${suppliers},0)`, {
        numberFormat: PERCENT,
      });
      let bySpend: string | null = null;
      if (Sp) {
        const total = figures.totalSpend as string;
        bySpend = put(row, 2, `=IFERROR(SUMIFS(${Sp},${Sp},">0",${F},${IS_TRUE},${H},${IS_TRUE})/${total},0)`, {
          numberFormat: PERCENT,
        });
      }
      put(row, Sp ? 3 : 2, `=COUNTIFS(${F},${IS_TRUE},${H},${IS_TRUE})`);
      shares.push({ initiative: flag.initiative, byCount, bySpend });
      row++;
    }
    charts.push({
      name: 'Climate summary: initiatives',
      type: 'BarClustered',
      title: t(Sp ? 'summary.chart.initiativesBySpend' : 'summary.chart.initiatives'),
      source: `A${top}:${columnLetters(Sp ? 2 : 1)}${row}`,
      anchor: { row: 4, column: 6 },
    });
    row++;
  }

  section(t('summary.section.distribution'), [t('summary.figure.suppliers')]);
  const bandsTop = row;
  const bands: string[] = [];
  const step = options.scoreMax / 10;
  const bound = (i: number): number => Number((i * step).toPrecision(12));
  for (let i = 0; i < 10; i++) {
    const label = options.scoreMax === 100 ? `${i * 10}–${i * 10 + 10}` : `${bound(i)}–${bound(i + 1)}`;
    put(row, 0, label);
    const upper = i === 9 ? `"<="&${bound(10)}` : `"<"&${bound(i + 1)}`;
    bands.push(put(row, 1, `=COUNTIFS(${S},">="&${bound(i)},${S},${upper})`));
    row++;
  }
  charts.push({
    name: 'Climate summary: score distribution',
    type: 'ColumnClustered',
    title: t('summary.chart.bands'),
    source: `A${bandsTop}:B${bandsTop + 10}`,
    anchor: { row: 22, column: 6 },
  });
  row++;

  const [scoreHeader, spendHeader, rowHeader] = [
    t('summary.list.score'),
    t('summary.list.spend'),
    t('summary.list.row'),
  ];
  const listHeaders = Sp ? [scoreHeader, spendHeader, rowHeader] : [scoreHeader, rowHeader];
  const K = helperRange('spend', rows);
  /** Supplier, score and spend (the scored rows, by score, equal scores by spend, the larger first). */
  const byScore = (direction: 1 | -1, rank: ListSpec['rank']): ListSpec => ({
    rows,
    length: LIST_LENGTH,
    filter: `ISNUMBER(${S})`,
    picked: `COUNT(${S})`,
    keys: Sp
      ? [
          [S, direction],
          [K, -1],
        ]
      : [[S, direction]],
    rank,
    columns: [
      { column: 0, values: N },
      { column: 1, values: S, numberFormat: SCORE_FORMAT },
      ...(Sp ? [{ column: 2, values: Sp, numberFormat: '#,##0' }] : []),
    ],
    positionColumn: Sp ? 3 : 2,
  });
  section(t('summary.section.lowest'), listHeaders);
  const lowest = { firstRow: row, column: 0 };
  writeList(cells, lowest.firstRow, options.dynamicArrays, byScore(1, 'rankLowest'));
  row += LIST_LENGTH + 1;
  section(t('summary.section.highest'), listHeaders);
  const highest = { firstRow: row, column: 0 };
  writeList(cells, highest.firstRow, options.dynamicArrays, byScore(-1, 'rankHighest'));
  row += LIST_LENGTH;

  // The gap to the SBTi target: who has no commitment or target, largest spend first, and what each adds.
  const sbti = shares.find((share) => share.initiative === 'sbti');
  let gap: SummaryPlan['gap'] = null;
  if (options.kpi && sbti) {
    row++;
    const bySpend = Sp !== null && options.kpi.target?.basis !== 'count';
    section(t(bySpend ? 'summary.section.gapBySpend' : 'summary.section.gapByCount'), [
      ...(Sp ? [spendHeader] : []),
      t('summary.list.adds'),
      t('summary.list.reaches'),
      rowHeader,
    ]);
    gap = { firstRow: row, column: 0 };
    const G = helperRange('noTarget', rows);
    const at = Sp ? 3 : 2;
    const positions = writeList(cells, row, options.dynamicArrays, {
      rows,
      length: GAP_LENGTH,
      filter: G,
      picked: `COUNTIFS(${G},${IS_TRUE})`,
      keys: Sp ? [[K, -1]] : [],
      rank: 'rankNoTarget',
      columns: [{ column: 0, values: N }, ...(Sp ? [{ column: 1, values: Sp, numberFormat: '#,##0' }] : [])],
      positionColumn: at + 1,
    });
    // The share each adds (its spend over the suppliers', or one supplier over all), and the share
    // reached with it and those above: where the list meets the target.
    const start = bySpend ? sbti.bySpend! : sbti.byCount;
    positions.forEach((position, k) => {
      const adds = bySpend ? `INDEX(${K},${position})/${figures.totalSpend}` : `1/${suppliers}`;
      const added = put(row + k, at - 1, `=IF(${position}="","",IFERROR(${adds},0))`, { numberFormat: PERCENT });
      const before = k === 0 ? start : cellA1(row + k - 1, at);
      put(row + k, at, `=IF(${position}="","",${before}+${added})`, { numberFormat: PERCENT });
    });
    row += GAP_LENGTH;
  }

  const kpi = options.kpi ? planKpi(options.kpi, options.charts !== false) : null;
  if (kpi) cells.push(...kpi.cells);
  const helpers = helperColumns(block, options.dynamicArrays);
  for (const helper of helpers) put(0, helper.column, helper.header, { bold: true });
  return {
    cells,
    charts: options.charts === false ? [] : charts,
    trend: kpi?.trend ?? null,
    gap,
    figures,
    shares,
    bands,
    lowest,
    highest,
    helpers,
    logo,
    extent: {
      rowCount: Math.max(row, HELPER_FIRST_ROW + rows, kpi?.rowCount ?? 0),
      columnCount: Math.max(...helpers.map((helper) => helper.column)) + 1,
    },
  };
}
