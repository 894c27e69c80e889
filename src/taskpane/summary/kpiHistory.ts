/**
 * The summary's KPI history: one dated row per build of the summary (suppliers, scored, the share with
 * an SBTi commitment or target by count and by spend, the mean score), kept on the summary sheet as
 * values (the analyst's own figures; every other cell there is a formula). A build reads the rows back
 * before it clears the sheet, keeps those that are sound, and adds today's, replacing a row of the
 * same day: one row per day, the day's last build. The workbook is untrusted: a row whose date is no
 * calendar day, lies ahead of today or repeats an earlier row's, or whose figures are not numbers in
 * their range, is left out and said (`HistorySkip`), never read as a figure.
 */
import { t } from '../../i18n/translate';
import { isoDay } from '../common/calendarDate';
import type { CellValue } from '../sheet/grid';
import type { KpiFigures } from './kpiFigures';

export interface HistoryRow extends KpiFigures {
  /** The day, YYYY-MM-DD, as the analyst's calendar read it at the build. */
  date: string;
}

/** A row read back and left out: its sheet row (as Excel numbers rows) and why, in the person's words. */
export interface HistorySkip {
  row: number;
  reason: string;
}

/**
 * A history row's cells on the sheet, left to right: the date and the two shares first, then the
 * target's formula (null: not part of the row, written by kpiPlan.ts), so a line chart's data is one
 * block (ChartCollection.add takes one range); then the counts and the mean.
 */
export const HISTORY_FIELDS = ['date', 'byCount', 'bySpend', null, 'suppliers', 'scored', 'meanScore'] as const;
/** Where a field sits in a row of HISTORY_FIELDS. */
export const historyColumn = (field: keyof HistoryRow): number => HISTORY_FIELDS.indexOf(field);
/** Rows kept: the newest. Weekly builds fill it in 19 years; the read stays one small request. */
export const HISTORY_LIMIT = 1000;
/** Excel's rows: no more suppliers than that can be counted. */
const MOST_SUPPLIERS = 1_048_576;
/** A day before this is no build of the summary (a typo, or a forged row). */
const FIRST_DAY = '2000-01-01';
/** Excel's serial day 0 (1899-12-30, in the 1900 date system), for a date cell someone retyped as a date. */
const SERIAL_ZERO = Date.UTC(1899, 11, 30);

/** The day a build wrote, as YYYY-MM-DD text, when it is a day of the calendar. */
const writtenDay = (text: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
};

/** A date cell: the text a build wrote, or the serial number Excel keeps when someone typed a date. */
function readDay(value: CellValue): string | null {
  if (typeof value === 'string') return writtenDay(value);
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2_958_466)
    return new Date(SERIAL_ZERO + value * 86_400_000).toISOString().slice(0, 10);
  return null;
}

/** Why a row's figures cannot be read; null when they can (and `figures` holds them). */
function readFigures(cells: readonly CellValue[], figures: KpiFigures): string | null {
  const [suppliers, scored, byCount, bySpend, meanScore] = (
    ['suppliers', 'scored', 'byCount', 'bySpend', 'meanScore'] as const
  ).map((field) => cells[historyColumn(field)] ?? null);
  const whole = (value: CellValue, most: number): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= most;
  if (!whole(suppliers, MOST_SUPPLIERS)) return t('summary.history.badSuppliers', { value: String(suppliers) });
  if (!whole(scored, suppliers)) return t('summary.history.badScored', { value: String(scored), suppliers });
  const share = (value: CellValue, field: 'byCount' | 'bySpend'): number | null | string => {
    if (value === null || value === '') return null;
    const what = t(`summary.history.${field}`);
    if (typeof value !== 'number' || !Number.isFinite(value))
      return t('summary.history.shareNotNumber', { what, value: String(value) });
    if (value < 0 || value > 1)
      return t('summary.history.shareOutOfRange', { what, value: Math.round(value * 1000) / 10 });
    return value;
  };
  const count = share(byCount, 'byCount');
  if (typeof count === 'string') return count;
  const spend = share(bySpend, 'bySpend');
  if (typeof spend === 'string') return spend;
  let mean: number | null = null;
  if (meanScore !== null && meanScore !== '') {
    if (typeof meanScore !== 'number' || !(meanScore >= 0 && meanScore <= 100))
      return t('summary.history.badMean', { value: String(meanScore) });
    mean = meanScore;
  }
  Object.assign(figures, { suppliers, scored, byCount: count, bySpend: spend, meanScore: mean });
  return null;
}

/**
 * The history rows as read back from the sheet (`cells`: one array per row, HISTORY_FIELDS' order,
 * `firstRow` the first one's 0-based sheet row), up to the first empty row; `today` is the build's day.
 */
export function readHistory(
  cells: readonly (readonly CellValue[])[],
  firstRow: number,
  today: string,
): { rows: HistoryRow[]; skipped: HistorySkip[] } {
  const rows: HistoryRow[] = [];
  const skipped: HistorySkip[] = [];
  for (const [i, row] of cells.entries()) {
    if (HISTORY_FIELDS.every((field, c) => field === null || row[c] === null || row[c] === '')) break;
    const date = readDay(row[historyColumn('date')] ?? null);
    const figures = {} as KpiFigures;
    const reason =
      date === null
        ? t('summary.history.badDate', { value: String(row[historyColumn('date')]) })
        : date < FIRST_DAY || date > today
          ? t('summary.history.dateOutOfRange', { date, today })
          : rows.some((kept) => kept.date === date)
            ? t('summary.history.dateRepeated', { date })
            : readFigures(row, figures);
    if (reason !== null || date === null) skipped.push({ row: firstRow + i + 1, reason: reason ?? '' });
    else rows.push({ date, ...figures });
  }
  return { rows, skipped };
}

/** The history with today's row: a row of the same day replaced, oldest first, the newest HISTORY_LIMIT kept. */
export function withToday(rows: readonly HistoryRow[], today: HistoryRow): HistoryRow[] {
  const kept = rows.filter((row) => row.date !== today.date);
  return [...kept, today].sort((a, b) => a.date.localeCompare(b.date)).slice(-HISTORY_LIMIT);
}

/** A row's cells in HISTORY_FIELDS' order, as the sheet holds them: an empty cell for null and for the target's. */
export function historyCells(row: HistoryRow): Array<string | number> {
  return HISTORY_FIELDS.map((field) => (field === null ? '' : (row[field] ?? '')));
}

/** What the pane says of rows left out; null when every row was read. */
export function historySkipMessage(skipped: readonly HistorySkip[]): string | null {
  if (skipped.length === 0) return null;
  const [first] = skipped;
  return t('summary.history.skipped', { count: skipped.length, row: String(first.row), reason: first.reason });
}
