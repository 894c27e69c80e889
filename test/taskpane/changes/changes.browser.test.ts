/**
 * What changed at a refresh, in real Chromium: the BUILT pane on the Excel.run shim over a sheet in the
 * card layout, whose CLIMATE.ORG cards are those of the sandbox's records (browser/cardEntities.ts).
 * 90 days pass on the sandbox's clock; Refresh all recalculates the cards, which then show the records
 * as they are now. The pane reads the rows before and after, says what changed, and lists it on the
 * Changes sheet (only organizations the sandbox's world changed, each with a link to its profile,
 * attributed, with both dates); the next refresh adds its own block or replaces the earlier ones, as
 * chosen, and the choice and the threshold stay with the workbook. "Refresh values older than N days"
 * says what it would do before it runs, and refuses an age that is none. Rows the service now matches to
 * another organization are one key press from Review matches, which then lists exactly those rows.
 */
import { join } from 'path';
import { CHANGES_OPTIONS_SETTING, CHANGES_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { screenshotFolder } from '../../browsers/screenshots';
import { afterCallbackCheck, answerOnRecalculation } from '../browser/answerOnRecalculation';
import { cardEntities } from '../browser/cardEntities';
import type { SheetDump } from '../browser/excelShim';
import type { PanePage } from '../browser/panePage';
import { drawSheet } from '../browser/sheetPicture';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { changesSheetOf, firstColumn, openCardRows } from './cardRows';

const SOURCE_LINE = '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")';
const DAY = 86_400;
const SUPPLIERS = 150;

const suite = paneSuite({ organizations: 1500, profilingSeconds: 0 });
let pane: PanePage;
let names: string[];

/** What a cell of the Changes sheet shows: a text formula its text, a link its label, TRUE/FALSE, a number. */
function shown(cell: SheetDump['cells'][number]): string {
  if (cell.formula === null)
    return typeof cell.value === 'boolean' ? String(cell.value).toUpperCase() : String(cell.value);
  const link = /^=HYPERLINK\(.*,"([^"]*)"\)$/.exec(cell.formula);
  if (link) return link[1];
  return cell.formula.startsWith('="') ? (JSON.parse(cell.formula.slice(1)) as string) : cell.formula;
}

const changesSheet = async (): Promise<SheetDump> => changesSheetOf(await pane.dump());

async function refreshAll(expected: string): Promise<void> {
  await pane.page.locator('#refresh-all').click();
  await waitForText(pane.page, '#changes-status', expected, 30_000);
}

beforeAll(async () => {
  ({ pane, names } = await openCardRows(suite, SUPPLIERS));
}, 120_000);
afterAll(() => pane?.page.context().close());

test('90 days on, Refresh all says what changed and lists it on the Changes sheet, dated and attributed', async () => {
  const world = suite.sandbox.advanceClock(90 * DAY);
  await answerOnRecalculation(pane.page, cardEntities(suite.sandbox.population, names));
  await refreshAll('What changed in');

  const status = await pane.page.locator('#changes-status').innerText();
  expect(status).toMatch(/What changed in \d+ organizations: .*\. Listed on the sheet “Climate changes”\./);
  const sheet = await changesSheet();
  const rows = firstColumn(sheet);
  expect(rows[0]).toBe('Climate changes');
  expect(rows[1]).toMatch(
    /^Refresh of \d{4}-\d{2}-\d{2} on “Suppliers”: before = values as of \d{4}-\d{2}-\d{2}; after/,
  );
  // The source line beside the logo, as over every score.
  expect(sheet.cells.find((cell) => cell.row === 4 && cell.column === 1)?.formula).toBe(SOURCE_LINE);
  expect(sheet.shapes).toEqual(['DitchCarbon logo']);
  // Only organizations the world changed, each with its checked profile link.
  const listed = rows.slice(4);
  const changed = new Set(world.map((change) => change.name));
  expect(listed.length).toBeGreaterThan(0);
  for (const name of listed) expect([name, changed.has(name)]).toEqual([name, true]);
  for (const change of world.filter((c) => c.kind === 'initiative' && names.includes(c.name)))
    expect(listed).toContain(change.name);
  const links = sheet.cells.filter((cell) => cell.column === 4 && cell.row > 5);
  expect(links.length).toBe(listed.length);
  for (const link of links) expect(link.formula).toMatch(/^=HYPERLINK\("https:\/\/[^"]+","Profile"\)$/);
  // The pane names them too, each linking to its profile.
  const named = await pane.page.locator('#changes-list li a').allInnerTexts();
  expect(named.length).toBe(Math.min(listed.length, 20));
  const book = await pane.dump();
  expect(book.documentSettings[CHANGES_SHEETS_SETTING]).toEqual([sheet.id]);
  // The person stays on the sheet they refreshed: the pane names the Changes sheet, it does not open it.
  expect(book.activeSheet).toBe('Suppliers');
  // docs/pane.md's picture of the sheet (its first rows), with UPDATE_SCREENSHOTS=1.
  const cells = sheet.cells.filter((cell) => cell.row < 16);
  await drawSheet(
    pane.page.context(),
    { ...book, cells, shapes: book.shapes.filter((s) => sheet.shapes.includes(s.name)) },
    {
      texts: cells.map(shown),
      logoUrl: `${suite.site.url}/assets/logo-provider.png`,
      path: join(screenshotFolder(), 'changes-sheet.png'),
    },
  );
}, 180_000);

test('the next refresh adds its own block, or replaces the earlier ones as chosen; the choice stays with the workbook', async () => {
  await refreshAll('Nothing changed in the 150 organizations compared.');
  let rows = firstColumn(await changesSheet());
  expect(rows.filter((text) => text.startsWith('Refresh of '))).toHaveLength(2);
  expect(rows[rows.length - 1]).toBe('No change.');

  await pane.page.locator('#changes-mode').selectOption('replace');
  await pane.page.locator('#changes-threshold').evaluate((input) => {
    (input as HTMLInputElement).value = '2.5';
  });
  await refreshAll('Nothing changed');
  rows = firstColumn(await changesSheet());
  expect(rows.filter((text) => text.startsWith('Refresh of '))).toHaveLength(1);
  expect((await pane.dump()).documentSettings[CHANGES_OPTIONS_SETTING]).toEqual({ threshold: 2.5, mode: 'replace' });
}, 180_000);

test('a threshold that is no number of points refuses the refresh and says why, changing nothing', async () => {
  const before = await changesSheet();
  await pane.page.locator('#changes-threshold').evaluate((input) => {
    (input as HTMLInputElement).value = 'five';
  });
  await pane.page.locator('#refresh-all').click();
  await waitForText(
    pane.page,
    '#activity-status',
    'The score threshold is a number of points from 0 to 100, such as 5.',
  );
  expect(await changesSheet()).toEqual(before);
}, 180_000);

test('Refresh values older than N days says what it finds before anything runs, and refuses an age that is none', async () => {
  await pane.page.locator('#older-days').evaluate((input) => {
    (input as HTMLInputElement).value = '0';
  });
  await pane.page.locator('#older-check').click();
  await waitForText(pane.page, '#older-status', 'The age is a whole number of days from 1 to 3650, such as 90.');
  await pane.page.locator('#older-days').evaluate((input) => {
    (input as HTMLInputElement).value = '90';
  });
  await pane.page.evaluate(() =>
    (window as unknown as { __workbook: { select(box: object, sheet: string): void } }).__workbook.select(
      { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
      'Suppliers',
    ),
  );
  await pane.page.locator('#older-check').click();
  // No cell has called in this shim: no organization's age is known, and nothing is offered to run.
  await waitForText(
    pane.page,
    '#older-status',
    'No organization on “Suppliers” has values older than 90 days. 150 others have not been read in this session',
  );
  expect(await pane.page.locator('#older-run').isHidden()).toBe(true);
}, 180_000);

test('rows now matched to another organization are one key press from Review matches, which lists exactly them', async () => {
  await pane.page.locator('#changes-threshold').evaluate((input) => {
    (input as HTMLInputElement).value = '5';
  });
  // The service now matches three suppliers to other organizations: their cards are those organizations'.
  const population = suite.sandbox.population;
  const others = population.organizations
    .filter((org) => org.parentId === null && org.profile !== null && !names.includes(org.name))
    .slice(0, 3)
    .map((org) => org.name);
  const moved = [7, 60, 121];
  const cards = cardEntities(population, names);
  const otherCards = cardEntities(population, others);
  moved.forEach((i, k) => (cards[names[i].toLowerCase()] = otherCards[others[k].toLowerCase()]));
  // The last refresh's cards are entered again first (answerOnRecalculation.ts says why).
  await afterCallbackCheck(pane.page, 'Suppliers');
  await answerOnRecalculation(pane.page, cards);
  await refreshAll('3 rows now matched to another organization');

  const offer = pane.page.locator('#changes-check fluent-button');
  expect(await offer.allInnerTexts()).toEqual(['Check the 3 rows on “Suppliers” in Review matches']);
  await offer.focus();
  await pane.page.keyboard.press('Enter');
  await waitForText(pane.page, '#review-status', '3 rows on “Suppliers” are now matched to another organization');

  // Exactly those rows (sheet rows, 1-based: the names start on row 2), each under its own name.
  const listed = pane.page.locator('#review-list > li[data-row]');
  expect(await listed.evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset.row)))).toEqual(
    moved.map((i) => i + 2),
  );
  const texts = await listed.allInnerTexts();
  moved.forEach((i, k) => expect(texts[k]).toContain(`Row ${i + 2}: ${names[i]}`));
  expect(await pane.page.locator('#section-review').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
    true,
  );
  // The keyboard goes on from the list: its heading has the focus, and Tab reaches the first row's controls.
  expect(await pane.page.evaluate(() => document.activeElement?.id)).toBe('review-list-heading');
  await pane.page.keyboard.press('Tab');
  expect(
    await pane.page.evaluate(() => document.activeElement?.closest('li[data-row]')?.getAttribute('data-row')),
  ).toBe(String(moved[0] + 2));
}, 180_000);
