/**
 * The pane under Excel's limits (real Chromium, the built pane, the sandbox over HTTP, the Excel.run
 * shim enforcing them): Range.getMergedAreasOrNullObject fails above 512 merged areas (the typings,
 * ExcelApi 1.13), and Excel on the web fails a request or response over 5 MB
 * (RequestPayloadSizeLimitExceeded). On a report sheet with 600 merged cells, and on a 120-column
 * export whose cells hold long texts, Score a column, Build summary, Check attribution and Refine all
 * do their work, and no sync passes 5 MB. A sheet renamed under the pane fails worksheets.getItem at
 * sync() with ItemNotFound, which the pane says in its own words.
 */
import { MODERN_HOST } from '../../harness/hostProfiles';
import type { ShimSheet } from '../browser/excelShim';
import { activateSheet, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 400, profilingSeconds: 3600 });

const button = async (pane: PanePage, name: string) => (await pane.ax.get('button', name)).locator;
const responses = (pane: PanePage): Promise<number[]> =>
  pane.page.evaluate(() => (window as unknown as { __workbook: { responses(): number[] } }).__workbook.responses());
const MB = 1_000_000;

/** Scores column A (every row of it selected) with the default outputs, and waits for every row to settle. */
async function scoreColumnA(pane: PanePage, rows: number): Promise<void> {
  await openSection(pane, 'section-score');
  await (await button(pane, 'Use selection')).click();
  await waitForText(pane.page, '#score-selection', `(${rows} rows)`);
  await (await button(pane, 'Write formulas')).click();
  await waitForText(pane.page, '#score-progress-text', `${rows} of ${rows} rows settled`, 90_000);
}

/** Builds the summary from the block just scored, then goes back to `sheet` and checks its attribution. */
async function summaryAndAttribution(pane: PanePage, rows: number, sheet: string): Promise<void> {
  await openSection(pane, 'section-summary');
  await (await button(pane, 'Build summary')).click();
  await waitForText(pane.page, '#summary-status', `Built "Climate summary" from ${rows} rows`, 60_000);
  await activateSheet(pane.page, sheet);
  await (await button(pane, 'Check attribution')).click();
  await waitForText(pane.page, '#attribution-status', `of CLIMATE scores and flags on ${sheet}`, 60_000);
  expect(await pane.page.locator('#attribution-status').getAttribute('data-tone')).not.toBe('error');
}

describe('a report sheet with 600 merged cells', () => {
  const ROWS = 40;
  const PER_ROW = 15;
  /** Suppliers in A, a hand-typed score in B, and fifteen merged two-cell notes per row from D on. */
  const sheet = (): ShimSheet => {
    const names = suite.sandbox.population.organizations.slice(0, ROWS).map((org) => org.name);
    const notes = (r: number) => Array.from({ length: PER_ROW }, (_, k) => [`note ${r}.${k}`, null]).flat();
    return {
      name: 'Supplier report',
      rows: [
        [
          'Supplier',
          'Climate score',
          null,
          ...Array.from({ length: PER_ROW }, (_, k) => [`Note ${k + 1}`, null]).flat(),
        ],
        ...names.map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`, null, ...notes(i)]),
      ],
      merged: names.flatMap((_, i) =>
        Array.from({ length: PER_ROW }, (__, k) => ({
          rowIndex: i + 1,
          columnIndex: 3 + 2 * k,
          rowCount: 1,
          columnCount: 2,
        })),
      ),
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
      requirements: MODERN_HOST.requirements,
    };
  };

  test('the sheet has more merged areas than Excel lists at once', () => {
    expect(sheet().merged).toHaveLength(600);
  });

  test('Score a column, Build summary and Check attribution do their work there', async () => {
    const pane = await suite.openSheet(sheet());
    await scoreColumnA(pane, ROWS);
    const scored = await pane.dump();
    // The new columns start right of the merged notes (the last pair ends in column AG, 0-based 32).
    const headers = scored.cells.filter((cell) => cell.value === 'Climate score').map((cell) => cell.column);
    expect(Math.max(...headers)).toBeGreaterThan(3 + 2 * PER_ROW - 1);

    // Back on the report, the hand-typed scores in B are a block of their own: the check looks for room beside it.
    await summaryAndAttribution(pane, ROWS, 'Supplier report');
    await pane.page.context().close();
  }, 180_000);
});

describe('a 120-column export of long texts', () => {
  const ROWS = 90;
  const TEXT = 'Framework agreement for facility services, renewed yearly; contact procurement before changing terms. '
    .repeat(3)
    .slice(0, 250);
  /** Suppliers in A (five near names first: rows for Review to check), 119 columns of 250-character texts. */
  const sheet = (): ShimSheet => {
    const near = suite.sandbox.population
      .nearNameCases()
      .slice(0, 5)
      .map((entry) => entry.name);
    const others = suite.sandbox.population.organizations.filter(
      (org) => org.parentId === null && org.profile !== null,
    );
    const names = [...near, ...others.slice(0, ROWS - near.length).map((org) => org.name)];
    return {
      name: 'ERP export',
      rows: [
        ['Supplier', ...Array.from({ length: 119 }, (_, k) => `Field ${k + 1}`)],
        ...names.map((name) => [name, ...Array.from({ length: 119 }, () => TEXT)]),
      ],
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
      requirements: MODERN_HOST.requirements,
    };
  };

  test('one read of every used column of its rows would pass 5 MB', () => {
    const { rows } = sheet();
    // Values and formulas, as JSON: what one slice of ROWS_PER_RUN rows would load.
    expect(2 * new TextEncoder().encode(JSON.stringify(rows)).length).toBeGreaterThan(5 * MB);
  });

  test('Score a column, Build summary, Check attribution and Refine do their work, each sync under 5 MB', async () => {
    const pane = await suite.openSheet(sheet());
    await scoreColumnA(pane, ROWS);
    await summaryAndAttribution(pane, ROWS, 'ERP export');

    await openSection(pane, 'section-review');
    await (await button(pane, 'Review scored block')).click();
    await waitForText(pane.page, '#review-status', 'rows to review', 60_000);
    const item = pane.page.locator('#review-list > li[data-row]').first();
    const row = /Row (\d+)/.exec(await item.innerText())?.[1];
    await item.locator('fluent-button[data-control="Refine"]').click();
    await (await pane.ax.get('textbox', 'Website')).locator.fill('https://www.example.com');
    await (await button(pane, 'Apply')).click();
    await waitForText(pane.page, '#review-status', `Row ${row}: `, 60_000);
    expect(await pane.page.locator('#review-status').innerText()).toMatch(/formulas? refined/);

    expect(Math.max(...(await responses(pane)))).toBeLessThanOrEqual(5 * MB);
    await pane.page.context().close();
  }, 240_000);
});

test('a sheet renamed between Use selection and Write formulas: the pane says so, in its words, and writes nothing', async () => {
  const names = suite.sandbox.population.organizations.slice(0, 5).map((org) => org.name);
  const pane = await suite.openSheet({
    name: 'Suppliers',
    rows: [['Supplier'], ...names.map((name) => [name])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 6, columnCount: 1 },
    requirements: MODERN_HOST.requirements,
  });
  await openSection(pane, 'section-score');
  await (await button(pane, 'Use selection')).click();
  await waitForText(pane.page, '#score-selection', '(5 rows)');
  await pane.page.evaluate(() =>
    (window as unknown as { __workbook: { rename(from: string, to: string): void } }).__workbook.rename(
      'Suppliers',
      'Suppliers 2026',
    ),
  );
  const before = await pane.dump();
  await (await button(pane, 'Write formulas')).click();
  await waitForText(
    pane.page,
    '#score-selection',
    'The sheet this works on is no longer in the workbook (renamed or deleted since the pane read it): select the cells again and retry.',
  );
  expect((await pane.dump()).cells).toEqual(before.cells);
  await pane.page.context().close();
}, 120_000);
