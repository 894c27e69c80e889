/**
 * The KPI history as a build reads it back from the summary sheet (kpiHistory.ts): rows it wrote come
 * back as they were; a row of the same day is replaced, never doubled; and a workbook's rows are not
 * trusted: a date that is no day, lies ahead or repeats, a figure that is text, out of range or absurd,
 * is left out with a message naming the row and why (in the person's language), and reading stops at
 * the first empty row.
 */
import { setLanguage } from '../../../src/i18n/translate';
import {
  historyCells,
  historySkipMessage,
  HISTORY_LIMIT,
  readHistory,
  withToday,
  type HistoryRow,
} from '../../../src/taskpane/summary/kpiHistory';

const TODAY = '2026-12-06';
const FIRST_ROW = 27; // 0-based: sheet row 28
const row = (date: string, byCount: number | null = 0.25, bySpend: number | null = 0.4): HistoryRow => ({
  date,
  byCount,
  bySpend,
  suppliers: 120,
  scored: 117,
  meanScore: 54.3,
});
/** The cells as the sheet holds them: the target's column (a formula's value) between the shares and the counts. */
const cells = (...rows: HistoryRow[]) => rows.map((r) => historyCells(r).map((cell, c) => (c === 3 ? 0.7 : cell)));

afterEach(() => setLanguage('en'));

test('rows a build wrote come back as they were, empty cells as no figure', () => {
  const rows = [row('2026-09-01'), row('2026-12-01', null, null), { ...row('2026-12-05'), meanScore: null }];
  expect(readHistory(cells(...rows), FIRST_ROW, TODAY)).toEqual({ rows, skipped: [] });
});

test("a build on the same day replaces that day's row; another day adds one; oldest first", () => {
  const before = [row('2026-09-01'), row('2026-12-06', 0.2)];
  expect(withToday(before, row('2026-12-06', 0.3))).toEqual([row('2026-09-01'), row('2026-12-06', 0.3)]);
  expect(withToday([row('2026-12-06'), row('2026-09-01')], row('2026-12-07')).map((r) => r.date)).toEqual([
    '2026-09-01',
    '2026-12-06',
    '2026-12-07',
  ]);
});

test('the history keeps the newest HISTORY_LIMIT rows', () => {
  const many = Array.from({ length: HISTORY_LIMIT }, (_, i) =>
    row(new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10)),
  );
  const kept = withToday(many, row(TODAY));
  expect(kept).toHaveLength(HISTORY_LIMIT);
  expect(kept[0].date).toBe('2020-01-02');
  expect(kept.at(-1)!.date).toBe(TODAY);
});

test('a date Excel turned into a serial number (someone retyped it) is read as that day', () => {
  const [cellsOf] = cells(row('2026-11-02'));
  cellsOf[0] = 46328; // 2026-11-02 in Excel's 1900 date system
  expect(readHistory([cellsOf], FIRST_ROW, TODAY).rows.map((r) => r.date)).toEqual(['2026-11-02']);
});

test.each([
  ['a date that is no day', { 0: '2026-02-30' }, 'its date “2026-02-30” is not a day written as YYYY-MM-DD'],
  ['a date written another way', { 0: '06/12/2026' }, 'its date “06/12/2026” is not a day written as YYYY-MM-DD'],
  [
    'a forged date ahead of today',
    { 0: '2031-01-01' },
    'its date 2031-01-01 is not between 2000-01-01 and today (2026-12-06)',
  ],
  [
    'a date long before the add-in',
    { 0: '1999-12-31' },
    'its date 1999-12-31 is not between 2000-01-01 and today (2026-12-06)',
  ],
  ['a share held as text', { 1: '25%' }, 'its Share by count “25%” is not a number'],
  ['an absurd share', { 2: 1.5 }, 'its Share by spend of 150% is not between 0% and 100%'],
  ['a negative share', { 1: -0.1 }, 'its Share by count of -10% is not between 0% and 100%'],
  ['suppliers as text', { 4: '120' }, 'its number of suppliers “120” is not a whole number'],
  ['a fraction of a supplier', { 4: 12.5 }, 'its number of suppliers “12.5” is not a whole number'],
  [
    'more scored than suppliers',
    { 5: 130 },
    'its number scored “130” is not a whole number from 0 to its 120 suppliers',
  ],
  ['a mean above 100', { 6: 154.3 }, 'its mean score “154.3” is not a number from 0 to 100'],
  ['an error in a figure', { 6: '#N/A' }, 'its mean score “#N/A” is not a number from 0 to 100'],
])('%s: the row is left out, saying which and why', (_case, change, reason) => {
  const [good, bad] = cells(row('2026-09-01'), row('2026-10-01'));
  Object.assign(bad, change);
  const { rows, skipped } = readHistory([good, bad, ...cells(row('2026-11-01'))], FIRST_ROW, TODAY);
  expect(rows.map((r) => r.date)).toEqual(['2026-09-01', '2026-11-01']);
  expect(skipped).toEqual([{ row: FIRST_ROW + 2, reason }]);
  expect(historySkipMessage(skipped)).toBe(`1 row of the KPI history was left out (row 29: ${reason}).`);
});

test('a repeated date keeps the first row; reading stops at the first empty row', () => {
  const blank = ['', '', '', 0.7, '', '', ''];
  const { rows, skipped } = readHistory(
    [...cells(row('2026-09-01', 0.1), row('2026-09-01', 0.9)), blank, ...cells(row('2026-11-01'))],
    FIRST_ROW,
    TODAY,
  );
  expect(rows).toEqual([row('2026-09-01', 0.1)]);
  expect(skipped).toEqual([{ row: 29, reason: 'a row above has the same date, 2026-09-01' }]);
});

test('the message is in the person’s language, and counts the rows left out', () => {
  setLanguage('de');
  const { skipped } = readHistory(
    [...cells(row('2026-09-01')), ['2099-01-01', 0.1, 0.1, '', 1, 1, 1], ['x', 0.1, 0.1, '', 1, 1, 1]],
    FIRST_ROW,
    TODAY,
  );
  expect(historySkipMessage(skipped)).toBe(
    '2 Zeilen des KPI-Verlaufs wurden ausgelassen (die erste, Zeile 29: sein Datum 2099-01-01 liegt nicht zwischen 2000-01-01 und heute (2026-12-06)).',
  );
  expect(historySkipMessage([])).toBeNull();
});
