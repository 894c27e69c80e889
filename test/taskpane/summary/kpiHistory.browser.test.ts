/**
 * The summary's KPI over time in real Chromium: the BUILT pane, the sandbox over HTTP, the Excel.run
 * shim, and the page's clock set by the test (Playwright's clock.setFixedTime: Date only, the timers
 * run), so two builds fall on two days without waiting for one. A block of cards (CLIMATE.ORG, its
 * Score and SBTi fields, spend) on an entity host is summarized with a target typed in the pane:
 * the history gets one value row per day (the same day's build replaces its row), the line chart its
 * points, the target its dashed series, the gap list names who lacks a commitment, largest spend
 * first; a forged history row is left out with a message; on a host without the series API the chart
 * is one block of columns. A summary written in German is then refreshed by a pane in English: it is
 * still the summary's own sheet, keeps its history, and computes the same formulas. Draws the chart
 * of two days for the docs (docs/screenshots/kpi-history.png with UPDATE_SCREENSHOTS=1).
 */
import type { Language } from '../../../src/i18n/languages';
import { t } from '../../../src/i18n/translate';
import { SUMMARY_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { MODERN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { join } from 'path';
import { screenshotFolder } from '../../browsers/screenshots';
import { cardEntities } from '../browser/cardEntities';
import { drawLineChart } from '../browser/chartPicture';
import type { SheetDump, ShimSheet, WorkbookDump } from '../browser/excelShim';
import { openPanePage, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const ROWS = 30;
const suite = paneSuite({ organizations: 300, profilingSeconds: 3600 });
let names: string[] = [];
let storage: Record<string, string>;

beforeAll(async () => {
  names = suite.sandbox.population.organizations
    .filter((org) => org.parentId === null && org.profile !== null)
    .slice(0, ROWS)
    .map((org) => org.name);
  storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
});

/** Suppliers with spend (row 2 down), the headers of their card and its Score and SBTi fields; the fields selected. */
const cardSheet = (requirements: Record<string, string>, more: Partial<ShimSheet> = {}): ShimSheet => ({
  name: 'Suppliers',
  rows: [
    ['Supplier', 'Annual spend', 'Organization', 'Climate score', 'SBTi'],
    ...names.map((name, i) => [name, 1000 * ((i * 7) % 31) + 500]),
  ],
  selection: { rowIndex: 1, columnIndex: 3, rowCount: ROWS, columnCount: 2 },
  requirements,
  entities: cardEntities(suite.sandbox.population, names),
  ...more,
});
/** The card layout's formulas, written as the pane writes them (Range.formulas), so Excel calculates them. */
const CARD_FORMULAS = (): string[][] =>
  names.map((_, i) => [`=CLIMATE.ORG($A${i + 2})`, `=C${i + 2}.Score`, `=C${i + 2}.SBTi`]);

const sheetNamed = (book: WorkbookDump, name: string): SheetDump => book.sheets.find((sheet) => sheet.name === name)!;
const at = (sheet: SheetDump, a1: string) => {
  const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return sheet.cells.find((cell) => cell.row === Number(digits) - 1 && cell.column === column);
};
/** The history table's value cells (P28 down: date, by count, by spend, target, suppliers, scored, mean). */
const historyOf = (sheet: SheetDump): unknown[][] => {
  const rows: unknown[][] = [];
  for (let r = 28; at(sheet, `P${r}`); r++)
    rows.push(['P', 'Q', 'R', 'T', 'U', 'V'].map((column) => at(sheet, `${column}${r}`)?.value));
  return rows;
};
const trendOf = (sheet: SheetDump) => sheet.charts.find((chart) => chart.name === 'Climate summary: KPI history');

async function open(sheet: ShimSheet, day: string): Promise<PanePage> {
  const pane = await openPanePage(suite.browser, suite.site.url, sheet, storage, {
    prepare: (page) => page.clock.setFixedTime(new Date(`${day}T10:00:00`)),
  });
  await pane.page.evaluate(async (formulas) => {
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Suppliers').getRangeByIndexes(1, 2, formulas.length, 3).formulas = formulas;
      await context.sync();
    });
  }, CARD_FORMULAS());
  await openSection(pane, 'section-summary');
  return pane;
}
/** Builds the summary with the pane's button, named in the pane's language. */
const build = async (pane: PanePage, said: string, language: Language = 'en'): Promise<SheetDump> => {
  await (await pane.ax.get('button', t('pane.summary.build', {}, language))).locator.click();
  await waitForText(pane.page, '#summary-status', said);
  return sheetNamed(await pane.dump(), 'Climate summary');
};

describe('an entity host with the series API: two builds on two days', () => {
  let pane: PanePage;
  /** What the block's cells show, read from the workbook: the figures a history row must hold. */
  let expected: { suppliers: number; scored: number; byCount: number; bySpend: number; mean: number };
  beforeAll(async () => {
    pane = await open(cardSheet(MODERN_HOST.requirements), '2026-09-07');
    const block = sheetNamed(await pane.dump(), 'Suppliers');
    const value = (row: number, column: number) =>
      block.cells.find((cell) => cell.row === row && cell.column === column)?.value;
    const rows = names.map((_, i) => ({
      spend: value(i + 1, 1) as number,
      score: value(i + 1, 3),
      sbti: value(i + 1, 4),
    }));
    const scores = rows.map((r) => r.score).filter((s): s is number => typeof s === 'number');
    const total = rows.reduce((sum, r) => sum + r.spend, 0);
    expected = {
      suppliers: ROWS,
      scored: scores.length,
      byCount: rows.filter((r) => r.sbti === true).length / ROWS,
      bySpend: rows.filter((r) => r.sbti === true).reduce((sum, r) => sum + r.spend, 0) / total,
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
    };
  }, 60_000);
  afterAll(() => pane?.page.context().close());

  test('the first build: one history row of values, the target kept on the sheet, the chart with one point', async () => {
    // The sample has suppliers with and without a commitment, and scores.
    expect(expected.byCount).toBeGreaterThan(0);
    expect(expected.byCount).toBeLessThan(1);
    expect(expected.scored).toBeGreaterThan(ROWS / 2);
    await pane.page.locator('#summary-target-share').evaluate((el) => {
      (el as HTMLInputElement).value = '70';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await pane.page.locator('#summary-target-year').evaluate((el) => {
      (el as HTMLInputElement).value = '2030';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const summary = await build(pane, 'The KPI history has 1 day.');
    const [row] = historyOf(summary);
    expect(row[0]).toBe('2026-09-07');
    expect(row[1]).toBeCloseTo(expected.byCount, 12);
    expect(row[2]).toBeCloseTo(expected.bySpend, 12);
    expect(row.slice(3, 5)).toEqual([expected.suppliers, expected.scored]);
    expect(row[5]).toBeCloseTo(expected.mean, 9);
    // Values, not formulas: the figures as they stood that day. The target's column is a formula.
    expect(['P28', 'Q28', 'R28', 'T28', 'U28', 'V28'].map((a1) => at(summary, a1)?.formula)).toEqual(
      Array(6).fill(null),
    );
    expect(at(summary, 'S28')?.formula).toBe('=$Q$7');
    expect([at(summary, 'Q7')?.value, at(summary, 'Q8')?.value]).toEqual([0.7, 2030]);
    expect(trendOf(summary)).toMatchObject({
      type: 'Line',
      source: "'Climate summary'!P27:Q28",
      title: 'Share of suppliers with an SBTi commitment or target (target: 70% by spend by 2030)',
      position: 'P10',
      series: [
        { name: 'Share by count', values: 'Q28', categories: 'P28', points: 1 },
        { name: 'Share by spend', values: 'R28', categories: 'P28', points: 1, lineStyle: 'Automatic' },
        { name: 'Target', values: 'S28', categories: 'P28', points: 1, lineStyle: 'Dash' },
      ],
    });
    // The pane's target fields show the sheet's target.
    expect(await pane.page.locator('#summary-target-share').evaluate((el) => (el as HTMLInputElement).value)).toBe(
      '70',
    );
  });

  test('the gap list: who has no SBTi commitment or target, largest spend first, and the share each adds', async () => {
    const summary = sheetNamed(await pane.dump(), 'Climate summary');
    const title = summary.cells.find(
      (cell) => cell.value === 'Without an SBTi commitment or target (largest spend first)',
    )!;
    const formulas = [0, 1, 2, 3, 4].map(
      (column) => at(summary, `${String.fromCharCode(65 + column)}${title.row + 2}`)?.formula,
    );
    // Dynamic arrays: one spilled formula per list column, over the hidden column of who has none.
    expect(formulas[0]).toMatch(
      /^=IFERROR\(INDEX\(SORTBY\(FILTER\('Suppliers'!\$A\$2:\$A\$31,\$AG\$2:\$AG\$31\),FILTER\(\$AC\$2:\$AC\$31,\$AG\$2:\$AG\$31\),-1,/,
    );
    expect(formulas[2]).toMatch(/^=IF\(\$E\$\d+="","",IFERROR\(INDEX\(\$AC\$2:\$AC\$31,\$E\$\d+\)\/B\d+,0\)\)$/);
    expect(formulas[3]).toMatch(/^=IF\(\$E\$\d+="","",C\d+\+C\d+\)$/);
    expect(at(summary, 'AG2')?.formula).toBe("=AND(AE2,NOT(IFERROR('Suppliers'!$E2=TRUE(),FALSE())))");
    expect(summary.hiddenColumns).toContain(32);
  });

  test('a build 90 days later adds a row; the chart has two points; the same day again replaces its row', async () => {
    await pane.page.clock.setFixedTime(new Date('2026-12-06T10:00:00'));
    let summary = await build(pane, 'Refreshed "Climate summary" from 30 rows of Suppliers');
    await waitForText(pane.page, '#summary-status', 'The KPI history has 2 days.');
    expect(historyOf(summary).map((row) => row[0])).toEqual(['2026-09-07', '2026-12-06']);
    // The target typed on the first day was kept by the sheet.
    expect(at(summary, 'Q7')?.value).toBe(0.7);
    expect(trendOf(summary)?.series.map((series) => [series.name, series.points])).toEqual([
      ['Share by count', 2],
      ['Share by spend', 2],
      ['Target', 2],
    ]);
    // docs/summary-sheet.md shows this chart (UPDATE_SCREENSHOTS=1), as the test draws what Excel is asked for.
    await drawLineChart(
      pane.page.context(),
      summary,
      'Climate summary: KPI history',
      join(screenshotFolder(), 'kpi-history.png'),
    );
    summary = await build(pane, "The KPI history has 2 days; today's row was replaced by this build.");
    expect(historyOf(summary)).toHaveLength(2);
    expect(summary.charts).toHaveLength(3);
  });

  test('a forged history row is left out, saying which and why, and the rest is kept', async () => {
    await pane.page.evaluate(async () => {
      await Excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Climate summary');
        sheet.getRange('P30:V30').values = [['2031-01-01', 1.5, '', '', 'many', 3, 250]];
        await context.sync();
      });
    });
    await pane.page.clock.setFixedTime(new Date('2026-12-07T10:00:00'));
    const summary = await build(
      pane,
      '1 row of the KPI history was left out (row 30: its date 2031-01-01 is not between 2000-01-01 and today (2026-12-07)).',
    );
    expect(historyOf(summary).map((row) => row[0])).toEqual(['2026-09-07', '2026-12-06', '2026-12-07']);
    expect(await pane.page.locator('#summary-status').getAttribute('data-tone')).toBe('info');
  });
});

test('a host without the series API (ExcelApi 1.4): the chart is one block of columns, nothing fails', async () => {
  const pane = await open(cardSheet({ ...MODERN_HOST.requirements, ExcelApi: '1.4' }), '2026-09-07');
  const summary = await build(pane, 'Built "Climate summary"');
  expect(trendOf(summary)).toMatchObject({
    source: "'Climate summary'!P27:R28",
    series: [
      { name: 'Share by count', points: 1 },
      { name: 'Share by spend', points: 1 },
    ],
  });
  await pane.page.context().close();
}, 60_000);

test('a summary written in German is the summary’s own in English: refreshed in place, its history kept', async () => {
  const german = await open(cardSheet(MODERN_HOST.requirements, { displayLanguage: 'de-DE' }), '2026-09-07');
  const written = await build(german, 'Der KPI-Verlauf umfasst 1 Tag.', 'de');
  expect([at(written, 'A1')?.value, at(written, 'A3')?.value, at(written, 'P27')?.value]).toEqual([
    'Klimaübersicht',
    'Erstellt',
    'Datum',
  ]);
  const book = await german.dump();
  await german.page.context().close();

  // The same workbook, opened where Office speaks English: the German sheet as the file holds it.
  const english = await open(
    cardSheet(MODERN_HOST.requirements, {
      otherSheets: [{ name: 'Climate summary', rows: gridOf(written) }],
      documentSettings: { [SUMMARY_SHEETS_SETTING]: book.documentSettings[SUMMARY_SHEETS_SETTING] },
    }),
    '2026-12-06',
  );
  const refreshed = await build(english, 'Refreshed "Climate summary"');
  await waitForText(english.page, '#summary-status', 'The KPI history has 2 days.');
  expect([at(refreshed, 'A1')?.value, at(refreshed, 'A3')?.value, at(refreshed, 'P27')?.value]).toEqual([
    'Climate summary',
    'Built',
    'Date',
  ]);
  expect(historyOf(refreshed)[0]).toEqual(historyOf(written)[0]);
  // The formulas do not depend on the language the labels were written in; only the note a person
  // reads beside the spend count ("first: row 14") is in the sheet's language.
  const formulas = (sheet: SheetDump) =>
    sheet.cells
      .filter((cell) => cell.formula !== null && !cell.formula.includes('&(MATCH(TRUE(),'))
      .map((cell) => [cell.row, cell.column, cell.formula]);
  expect(formulas(refreshed)).toEqual(formulas(written));
  await english.page.context().close();
}, 90_000);

/** A sheet's cells as rows of what a file holds: a formula as its text, else the value. */
function gridOf(sheet: SheetDump): Array<Array<string | number | boolean | null>> {
  const grid: Array<Array<string | number | boolean | null>> = [];
  for (const cell of sheet.cells) {
    grid[cell.row] ??= [];
    grid[cell.row][cell.column] = (cell.formula ?? cell.value) as string | number | boolean | null;
  }
  return Array.from(grid, (row) => Array.from(row ?? [], (value) => value ?? null));
}
