/**
 * The summary sheet's KPI block, to the right of the figures (columns P to V): the target (three cells
 * of values, kpiTarget.ts), a native line chart of the trend, and the history table (kpiHistory.ts),
 * one value row per day the summary was built, with the target beside each row as a formula over the
 * target's cell (the chart's second line). Its places are fixed, so a build finds what the last one
 * wrote, whatever language the sheet's labels are in.
 */
import { t } from '../../i18n/translate';
import { ROW_COUNT_LABELS } from '../common/outcome';
import { cellA1, columnLetters } from '../sheet/a1';
import { historyCells, historyColumn, HISTORY_FIELDS, HISTORY_LIMIT, type HistoryRow } from './kpiHistory';
import type { KpiTarget } from './kpiTarget';
import { SCORE_FORMAT, type SummaryCell } from './summaryHelpers';

/** Column P: the KPI block's first column. */
const KPI_COLUMN = 15;
const TITLE_ROW = 4;
/** The target's cells, one row each: a share by count, a share by spend (one of the two), the year. */
const TARGET_ROWS = { count: 5, spend: 6, year: 7 } as const;
const CHART_ROW = 9;
/** The history table's header row; its rows follow. Below the chart (about 15 rows high at Excel's default size). */
const HISTORY_HEADER_ROW = 26;
const PERCENT = '0.0%';

/** The cells a build reads back before it clears the sheet: the target's three, and the history's rows. */
export const KPI_READ = {
  target: `${cellA1(TARGET_ROWS.count, KPI_COLUMN + 1)}:${cellA1(TARGET_ROWS.year, KPI_COLUMN + 1)}`,
  history: `${cellA1(HISTORY_HEADER_ROW + 1, KPI_COLUMN)}:${cellA1(
    HISTORY_HEADER_ROW + HISTORY_LIMIT,
    KPI_COLUMN + HISTORY_FIELDS.length - 1,
  )}`,
  historyFirstRow: HISTORY_HEADER_ROW + 1,
};

export interface TrendSeries {
  name: string;
  /** A1 ranges on the summary sheet: the series' values and its dates. */
  values: string;
  categories: string;
  dashed: boolean;
}

export interface TrendChart {
  name: string;
  title: string;
  /** What ChartCollection.add (ExcelApi 1.1) draws as a line chart, series by columns, header row included. */
  source: string;
  /** Series added to it with the series API (ExcelApi 1.7); none where the host lacks it (`source` holds them). */
  series: TrendSeries[];
  anchor: { row: number; column: number };
}

export interface KpiOptions {
  /** The history with today's row, oldest first. */
  history: readonly HistoryRow[];
  target: KpiTarget | null;
  /** The block has an SBTi flag column: the shares, the chart. */
  sbti: boolean;
  /** The host adds series to a chart (ExcelApi 1.7). */
  chartSeries: boolean;
}

/** The KPI block's cells, and its chart where the host draws charts (`charts`: ExcelApi 1.1). */
export function planKpi(
  options: KpiOptions,
  charts: boolean,
): { cells: SummaryCell[]; trend: TrendChart | null; rowCount: number } {
  const cells: SummaryCell[] = [];
  const put = (row: number, column: number, content: string | number, extra: Partial<SummaryCell> = {}): string => {
    cells.push({ row, column: KPI_COLUMN + column, content, ...extra });
    return cellA1(row, KPI_COLUMN + column);
  };
  const { history, target } = options;
  put(TITLE_ROW, 0, t('summary.kpi.title'), { bold: true });
  put(TARGET_ROWS.count, 0, t('summary.kpi.targetByCount'));
  put(TARGET_ROWS.spend, 0, t('summary.kpi.targetBySpend'));
  put(TARGET_ROWS.year, 0, t('summary.kpi.targetYear'));
  let targetCell: string | null = null;
  if (target) {
    targetCell = put(TARGET_ROWS[target.basis], 1, target.share, { numberFormat: PERCENT });
    put(TARGET_ROWS.year, 1, target.year);
  }

  put(HISTORY_HEADER_ROW - 1, 0, t('summary.kpi.historyNote'));
  const headers: Record<Exclude<(typeof HISTORY_FIELDS)[number], null> | 'target', string> = {
    date: t('summary.history.date'),
    byCount: t('summary.history.byCount'),
    bySpend: t('summary.history.bySpend'),
    target: t('summary.history.target'),
    // The counts' and the mean's own labels: a row keeps the figures the Counts and Scores sections show.
    suppliers: t('summary.figure.suppliers'),
    scored: ROW_COUNT_LABELS.scored,
    meanScore: t('summary.figure.meanScore'),
  };
  HISTORY_FIELDS.forEach((field, c) => put(HISTORY_HEADER_ROW, c, headers[field ?? 'target'], { bold: true }));
  const formats: Partial<Record<keyof HistoryRow | 'target', string>> = {
    // Text: the day as written, never turned into a number a chart would plot as a series.
    date: '@',
    byCount: PERCENT,
    bySpend: PERCENT,
    target: PERCENT,
    meanScore: SCORE_FORMAT,
  };
  const targetColumn = HISTORY_FIELDS.indexOf(null);
  history.forEach((row, i) => {
    const r = HISTORY_HEADER_ROW + 1 + i;
    historyCells(row).forEach((content, c) => {
      const field = HISTORY_FIELDS[c] ?? 'target';
      const numberFormat = formats[field];
      if (c === targetColumn) {
        if (targetCell) put(r, c, `=${targetCell.replace(/([A-Z]+)(\d+)/, '$$$1$$$2')}`, { numberFormat });
      } else if (content !== '') put(r, c, content, numberFormat ? { numberFormat } : {});
    });
  });
  const last = HISTORY_HEADER_ROW + history.length;
  const rowCount = last + 1;
  if (!options.sbti || !charts) return { cells, trend: null, rowCount };

  const column = (field: keyof HistoryRow | null, from = HISTORY_HEADER_ROW + 1): string => {
    const letters = columnLetters(KPI_COLUMN + (field === null ? targetColumn : historyColumn(field)));
    return `${letters}${from + 1}:${letters}${last + 1}`;
  };
  const dates = column('date');
  const header = (field: keyof HistoryRow | null): string => column(field, HISTORY_HEADER_ROW);
  const withSpend = history.some((row) => row.bySpend !== null);
  const series: TrendSeries[] = [];
  let source: string;
  if (options.chartSeries) {
    // The date and the share by count; the share by spend where some row has one, and the target.
    source = `${header('date').split(':')[0]}:${header('byCount').split(':')[1]}`;
    if (withSpend) series.push({ name: headers.bySpend, values: column('bySpend'), categories: dates, dashed: false });
    if (targetCell) series.push({ name: headers.target, values: column(null), categories: dates, dashed: true });
  } else {
    // One block, as far as it goes: the target's column is the last, the share by spend before it.
    source = `${header('date').split(':')[0]}:${header(targetCell ? null : 'bySpend').split(':')[1]}`;
  }
  const title = target
    ? t(target.basis === 'spend' ? 'summary.kpi.chartTitleBySpend' : 'summary.kpi.chartTitleByCount', {
        share: Math.round(target.share * 1000) / 10,
        year: String(target.year),
      })
    : t('summary.kpi.chartTitle');
  return {
    cells,
    trend: {
      name: 'Climate summary: KPI history',
      title,
      source,
      series,
      anchor: { row: CHART_ROW, column: KPI_COLUMN },
    },
    rowCount,
  };
}
