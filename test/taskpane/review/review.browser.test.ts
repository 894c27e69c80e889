/**
 * The match review in real Chromium: the BUILT pane, the sandbox over HTTP and the Excel.run shim on a
 * 300-row supplier sheet (exact names, subsidiaries' names that answer with their parent, and the
 * sandbox's near names that answer with another name). Score a column writes the Match column and the
 * conditional format on the scored block; Review matches lists exactly the check and parent rows,
 * counts and filters them, pages through them; Go to row selects; Accept records the pair in the
 * document settings and recalculates the row; Refine rewrites the row's formulas with a website or an
 * identifier, and refuses a bad one without writing. A large block: reviewLargeSheet.browser.test.ts.
 * Takes docs/screenshots/review-matches.png (with UPDATE_SCREENSHOTS=1).
 */
import { join } from 'path';
import type { Page } from 'playwright-core';
import { ACCEPTED_MATCHES_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import type { SandboxOrganization } from '../../../tools/sandbox/world/population';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { AccessibilityTree } from '../browser/accessibility';
import type { ShimSheet, WorkbookDump } from '../browser/excelShim';
import { openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { screenshotFolder } from '../../browsers/screenshots';

const SCREENSHOTS = screenshotFolder();
const ROWS = 300;

const suite = paneSuite({ organizations: 1200, profilingSeconds: 3600 });
let page: Page;
let ax: AccessibilityTree;
/** Per supplier row (sheet row = index + 3 once the attribution row is inserted): name, expected verdict, organization. */
const suppliers: Array<{ name: string; verdict: 'exact' | 'check' | 'parent'; org: SandboxOrganization }> = [];

let dump: () => Promise<WorkbookDump>;
const button = async (name: string) => (await ax.get('button', name)).locator;
/** Sheet row (1-based) of supplier `i` after Score a column inserted the attribution row. */
const sheetRow = (i: number): number => i + 3;
/** The rows the list shows now, on every page, as 1-based sheet rows. */
const listedRows = async (): Promise<number[]> => {
  const rows: number[] = [];
  await page.locator('#review-page').waitFor();
  for (;;) {
    rows.push(
      ...(await page
        .locator('#review-list > li[data-row]')
        .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-row'))))),
    );
    const next = await button('Next');
    if (await next.evaluate((element) => (element as HTMLButtonElement).disabled)) return rows;
    const label = await page.locator('#review-page').innerText();
    await next.click();
    await page.waitForFunction((before) => document.querySelector('#review-page')?.textContent !== before, label);
  }
};
/** Chooses a filter (again), which also goes back to the first page. */
const show = async (filter: string): Promise<void> => {
  await page.locator('#review-filter').selectOption(filter);
  await page.locator('#review-filter').dispatchEvent('change');
};
const counts = (): Promise<Record<string, number>> =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('#review-counts dt')].map((dt) => [
        dt.textContent,
        Number(dt.nextElementSibling?.textContent),
      ]),
    ),
  );

beforeAll(async () => {
  const population = suite.sandbox.population;
  const near = population
    .nearNameCases()
    .slice(0, 20)
    .map(({ name, organization }) => ({ name, verdict: 'check' as const, org: organization }));
  const subsidiaries = population.organizations.filter((o) => o.parentId !== null).slice(0, 15);
  const parents = subsidiaries.map((org) => ({ name: org.name, verdict: 'parent' as const, org }));
  const owners = population.organizations
    .filter((o) => o.parentId === null && o.profile !== null && !near.some((n) => n.org.id === o.id))
    .slice(0, ROWS - near.length - parents.length)
    .map((org) => ({ name: org.name, verdict: 'exact' as const, org }));
  // Interleaved, so that rows to review fall on several pages of the list.
  const special = [...near, ...parents];
  const step = Math.floor(owners.length / special.length);
  owners.forEach((owner, i) => {
    suppliers.push(owner);
    if (i % step === step - 1 && special.length > 0) suppliers.push(special.shift()!);
  });
  suppliers.push(...special);
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [['Supplier'], ...suppliers.map((s) => [s.name])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
    requirements: PLAIN_HOST.requirements,
  };
  ({ page, ax, dump } = await openPanePage(suite.browser, suite.site.url, sheet, storage));
}, 120_000);

test('the sheet has 300 suppliers: 265 exact, 20 near names, 15 subsidiaries', () => {
  expect(suppliers).toHaveLength(ROWS);
  expect(suppliers.filter((s) => s.verdict === 'check')).toHaveLength(20);
  expect(suppliers.filter((s) => s.verdict === 'parent')).toHaveLength(15);
});

test('score a column writes the Match column by default and marks the rows to review with a conditional format', async () => {
  await (await button('Use selection')).click();
  await waitForText(page, '#score-selection', `(${ROWS} rows)`);
  await (await button('Write formulas')).click();
  await waitForText(page, '#score-progress-text', `${ROWS} of ${ROWS} rows settled`, 60_000);
  const book = await dump();
  const at = (row: number, column: number) => book.cells.find((cell) => cell.row === row && cell.column === column);
  expect([1, 2, 3].map((column) => at(1, column)?.value)).toEqual(['Climate score', 'Match', 'Profile']);
  expect(at(2, 2)?.formula).toBe('=CLIMATE.MATCH($A3)');
  expect(at(ROWS + 1, 2)?.formula).toBe(`=CLIMATE.MATCH($A${ROWS + 2})`);
  // Data rows 3..302 (0-based 2..301), the three new columns B:D; the rule reads each row's own Match cell.
  expect(book.conditionalFormats).toEqual([
    {
      box: [2, 1, ROWS, 3],
      type: 'Custom',
      formula: '=AND(ISTEXT($C3),$C3<>"identifier",$C3<>"exact",$C3<>"accepted")',
      fill: '#FFF4CE',
    },
  ]);
});

test('review lists exactly the check and parent rows, with counts per verdict, a filter and pages', async () => {
  await page.locator('#section-review summary').click();
  await (await button('Review scored block')).click();
  await waitForText(page, '#review-status', `Suppliers!B3:D${ROWS + 2}: 35 of ${ROWS} rows to review.`);
  expect(await counts()).toEqual({ exact: 265, check: 20, parent: 15 });
  const expected = suppliers.flatMap((s, i) => (s.verdict === 'exact' ? [] : [sheetRow(i)]));
  expect(await listedRows()).toEqual(expected);

  await show('parent');
  expect(await listedRows()).toEqual(suppliers.flatMap((s, i) => (s.verdict === 'parent' ? [sheetRow(i)] : [])));
  const first = page.locator('#review-list > li[data-row]').first();
  const parentRow = suppliers.findIndex((s) => s.verdict === 'parent');
  const parent = suppliers[parentRow].org;
  const owner = suite.sandbox.population.organization(parent.parentId!)!;
  expect(await first.innerText()).toContain(`Row ${sheetRow(parentRow)}: ${parent.name}`);
  expect(await first.innerText()).toContain(`→ ${owner.name} · ultimate parent`);
  await show('to review');
});

test('Go to row selects the row of the block', async () => {
  await show('to review');
  const i = suppliers.findIndex((s) => s.verdict === 'check');
  await (await button(`Go to row Row ${sheetRow(i)} (${suppliers[i].name})`)).click();
  await waitForText(page, '#review-status', `Row ${sheetRow(i)} selected.`);
  expect((await dump()).selection).toEqual({ rowIndex: sheetRow(i) - 1, columnIndex: 1, rowCount: 1, columnCount: 3 });
});

test('Accept records (input, matched organization id) in the document settings, and the row recalculates as accepted', async () => {
  const i = suppliers.findIndex((s) => s.verdict === 'check');
  const { name, org } = suppliers[i];
  const before = (await dump()).calculations.length;
  await show('to review');
  await (await button(`Accept Row ${sheetRow(i)} (${name})`)).click();
  await waitForText(page, '#review-status', `Accepted: ${name} is ${org.name} in this workbook.`);
  const book = await dump();
  expect(book.documentSettings[ACCEPTED_MATCHES_SETTING]).toEqual([{ input: name, organization: org.id }]);
  expect(JSON.stringify(book.documentSettings[ACCEPTED_MATCHES_SETTING])).not.toMatch(/score|[0-9]\.[0-9]/); // never figures
  expect(book.documentSettingsSaves).toBeGreaterThan(0);
  expect(book.calculations.slice(before)).toEqual([{ scope: 'range', box: [sheetRow(i) - 1, 1, 1, 3] }]);
  expect(await counts()).toEqual({ exact: 265, check: 19, parent: 15, accepted: 1 });
  expect(await listedRows()).not.toContain(sheetRow(i));
});

test('Refine writes a website or an identifier into the row formulas; a bad identifier changes nothing', async () => {
  const checks = suppliers.flatMap((s, i) => (s.verdict === 'check' ? [i] : [])).slice(1, 3);
  const [byWebsite, byLei] = checks;
  const formulasOf = async (i: number) =>
    (await dump()).cells.filter((cell) => cell.row === sheetRow(i) - 1 && cell.formula).map((cell) => cell.formula);

  const bookBefore = await dump();
  await show('check');
  await (await button(`Refine Row ${sheetRow(byLei)} (${suppliers[byLei].name})`)).click();
  await (await ax.get('textbox', 'Identifier')).locator.fill('lei:12345');
  await (await button('Apply')).click();
  await waitForText(page, '#review-status', 'Not a valid LEI');
  expect((await dump()).cells).toEqual(bookBefore.cells);

  const lei = suppliers[byLei].org.lei;
  await (await ax.get('textbox', 'Identifier')).locator.fill(`lei:${lei}`);
  await (await button('Apply')).click();
  await waitForText(page, '#review-status', `Row ${sheetRow(byLei)}: 3 formulas refined.`);
  expect(await formulasOf(byLei)).toEqual([
    `=CLIMATE.SCORE("lei:${lei}")`,
    `=CLIMATE.MATCH("lei:${lei}")`,
    `=HYPERLINK(CLIMATE.LINK("lei:${lei}"),"Profile")`,
  ]);

  const website = suppliers[byWebsite].org.website;
  const row = sheetRow(byWebsite);
  await show('check');
  await (await button(`Refine Row ${row} (${suppliers[byWebsite].name})`)).click();
  await (await ax.get('textbox', 'Website')).locator.fill(website);
  await (await ax.get('textbox', 'Country')).locator.fill(suppliers[byWebsite].org.hqRegion);
  await (await button('Apply')).click();
  await waitForText(page, '#review-status', `Row ${row}: 3 formulas refined.`);
  const hq = suppliers[byWebsite].org.hqRegion;
  expect(await formulasOf(byWebsite)).toEqual([
    `=CLIMATE.SCORE($A${row},"${website}","${hq}")`,
    `=CLIMATE.MATCH($A${row},"${website}","${hq}")`,
    `=HYPERLINK(CLIMATE.LINK($A${row},"${website}","${hq}"),"Profile")`,
  ]);
  expect(await counts()).toEqual({ exact: 265, check: 17, parent: 15, accepted: 1, identifier: 2 });
  expect(await listedRows()).not.toEqual(expect.arrayContaining([sheetRow(byLei)]));
  await show('to review');
  await page.evaluate(() => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details.section'))
      details.open = details.id === 'section-review';
  });
  // The section's top: buttons, status, counts, filter and the first rows of the list.
  await page.setViewportSize({ width: 360, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const section = (await page.locator('#section-review').boundingBox())!;
  const clip = { x: section.x, y: section.y, width: section.width, height: Math.min(section.height, 980) };
  await page.screenshot({ path: join(SCREENSHOTS, 'review-matches.png'), clip, animations: 'disabled', caret: 'hide' });
});

test('a host without ExcelApi 1.6 gets its formulas without the marks, and is told where the rows to check are', async () => {
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [['Supplier'], ...suppliers.slice(0, 3).map((s) => [s.name])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 1 },
    requirements: { SharedRuntime: '1.1', CustomFunctionsRuntime: '1.3', ExcelApi: '1.5' },
  };
  const old = await openPanePage(
    suite.browser,
    suite.site.url,
    sheet,
    await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  );
  await (await old.ax.get('button', 'Use selection')).locator.click();
  await old.page.locator('#score-selection').filter({ hasText: '(3 rows)' }).waitFor();
  await (await old.ax.get('button', 'Write formulas')).locator.click();
  await old.page.locator('#score-selection').filter({ hasText: 'Review matches lists the rows to check.' }).waitFor();
  const book = await old.dump();
  expect(book.conditionalFormats).toEqual([]);
  expect(book.cells.find((cell) => cell.row === 2 && cell.column === 2)?.formula).toBe('=CLIMATE.MATCH($A3)');
  await old.page.context().close();
});
