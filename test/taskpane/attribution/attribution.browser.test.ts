/**
 * The licence in the grid, in real Chromium: the BUILT pane, the sandbox over HTTP and the Excel.run
 * shim playing a host profile (test/harness/hostProfiles.ts). "Score a column" writes the source
 * line and the logo above the headers on a data-type host (the profile link column may be left out
 * there) and on a plain host (the link column cannot); the attribution check adds the line and logo
 * to hand-typed blocks of CLIMATE formulas without writing over any occupied cell; the ribbon's
 * Score selection runs the same check. Also takes docs/attribution.md's picture of a scored sheet
 * (docs/screenshots/attribution.png with UPDATE_SCREENSHOTS=1).
 */
import { join } from 'path';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { excelRound } from '../../harness/expectations';
import { hostProfile, MODERN_HOST, type HostProfile } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet, WorkbookDump } from '../browser/excelShim';
import { drawSheet } from '../browser/sheetPicture';
import { openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { screenshotFolder } from '../../browsers/screenshots';

const SCREENSHOTS = screenshotFolder();
const PLAIN_WITH_116 = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');
const SOURCE_LINE = '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")';
const LOGO = {
  name: 'DitchCarbon logo',
  altTextDescription: 'Climate data by DitchCarbon (logo)',
  height: 18,
  lockAspectRatio: true,
};
/** The shim's cell size: a shape over cell (row, column) sits at these points. */
const at = (row: number, column: number) => ({ left: column * 64 + 1, top: row * 20 + 1 });

const suite = paneSuite({ organizations: 300, profilingSeconds: 3600 });
let storage: Record<string, string>;
const names: string[] = [];

beforeAll(async () => {
  names.push(
    ...suite.sandbox.population.organizations
      .filter((org) => org.profile !== null)
      .slice(0, 3)
      .map((org) => org.name),
  );
  storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
});

interface Pane extends PanePage {
  waitForText(selector: string, expected: string): Promise<void>;
}

/** The built pane on a sheet, as a host of this profile runs it, connected to the sandbox. */
async function openPane(profile: HostProfile, sheet: Omit<ShimSheet, 'requirements'>): Promise<Pane> {
  const opened = await openPanePage(
    suite.browser,
    suite.site.url,
    { ...sheet, requirements: profile.requirements },
    storage,
  );
  return { ...opened, waitForText: (selector, expected) => waitForText(opened.page, selector, expected, 15_000) };
}

const supplierSheet = (): Omit<ShimSheet, 'requirements'> => ({
  name: 'Suppliers',
  rows: [['Supplier', 'Website', 'Country', 'Spend'], ...names.map((name, i) => [name, '', '', 100 * (i + 1)])],
  selection: { rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 1 },
});

/** These tests are about the formula layout, which an entity host offers beside cards (cards.browser.test.ts). */
const chooseFormulaLayout = (pane: Pane): Promise<void> =>
  pane.page.evaluate(() => {
    const picker = document.getElementById('score-layout') as HTMLSelectElement;
    picker.value = 'formulas';
    picker.dispatchEvent(new Event('change'));
  });

const cellAt = (book: WorkbookDump, row: number, column: number) =>
  book.cells.find((cell) => cell.row === row && cell.column === column);

test('data-type host (ExcelApi 1.19): the source line and logo above the headers; the link column may be left out', async () => {
  const pane = await openPane(MODERN_HOST, supplierSheet());
  await (await pane.ax.get('button', 'Use selection')).locator.click();
  await pane.waitForText('#score-selection', 'Names: Suppliers!A2:A4 (3 rows).');
  await chooseFormulaLayout(pane);
  // Cells carry the link in their card here: the column is offered, ticked, and can be unticked.
  const link = await pane.ax.get('checkbox', 'Profile');
  expect(await link.state()).toMatchObject({ checked: 'true', disabled: false });
  await link.locator.click();
  expect((await link.state()).checked).toBe('false');
  await (await pane.ax.get('button', 'Write formulas')).locator.click();
  await pane.waitForText('#score-selection', 'Wrote 6 formulas');

  const book = await pane.dump();
  expect(book.inserts).toEqual([{ row: 0, count: 1, direction: 'Down' }]);
  expect([cellAt(book, 1, 4)?.value, cellAt(book, 1, 5)?.value]).toEqual(['Climate score', 'Match']);
  expect(cellAt(book, 1, 6)).toBeUndefined(); // no Profile column
  expect(cellAt(book, 0, 5)?.formula).toBe(SOURCE_LINE);
  expect(book.shapes).toEqual([{ ...LOGO, base64Length: expect.any(Number), ...at(0, 4) }]);
  await pane.page.context().close();
});

test('formulas on a host without data types (CustomFunctionsRuntime 1.4 + ExcelApi 1.16): line, logo and a link per row that cannot be left out', async () => {
  const pane = await openPane(PLAIN_WITH_116, supplierSheet());
  await (await pane.ax.get('button', 'Use selection')).locator.click();
  await pane.waitForText('#score-selection', 'Names: Suppliers!A2:A4 (3 rows).');
  await chooseFormulaLayout(pane);
  expect(await (await pane.ax.get('checkbox', 'Profile (always, with each score)')).state()).toMatchObject({
    checked: 'true',
    disabled: true,
  });
  await (await pane.ax.get('button', 'Write formulas')).locator.click();
  await pane.waitForText('#score-selection', 'Wrote 9 formulas');

  const book = await pane.dump();
  expect([4, 5, 6].map((column) => cellAt(book, 1, column)?.value)).toEqual(['Climate score', 'Match', 'Profile']);
  expect(cellAt(book, 2, 6)?.formula).toBe('=HYPERLINK(CLIMATE.LINK($A3,$B3,$C3),"Profile")');
  expect(cellAt(book, 0, 5)?.formula).toBe(SOURCE_LINE);
  expect(book.shapes).toEqual([{ ...LOGO, base64Length: expect.any(Number), ...at(0, 4) }]);
  await pane.waitForText('#score-progress-text', '3 of 3 rows settled');
  await drawSheet(pane.page.context(), book, {
    texts: book.cells.map((cell) => shown(book, cell)),
    logoUrl: `${suite.site.url}/assets/logo-provider.png`,
    path: join(SCREENSHOTS, 'attribution.png'),
  });
  await pane.page.context().close();
});

/** Formulas typed by hand: two blocks without attribution (one hemmed in above), one with it. */
const handTyped = (): Omit<ShimSheet, 'requirements'> => ({
  name: 'Suppliers',
  rows: [
    ['Supplier', 'Score', 'SBTi', 'Notes', null, null, 'Region', 'Region score'],
    [
      names[0],
      '=CLIMATE.SCORE(A2)',
      '=CLIMATE.FLAG(A2,"sbti")',
      'key account',
      null,
      null,
      'EU',
      '=CLIMATE.SCORE("Acme GmbH")',
    ],
    [names[1], '=CLIMATE.SCORE(A3)', '=CLIMATE.FLAG(A3,"sbti")', null, null, null, 'US', '=CLIMATE.SCORE("Acme Inc")'],
    [names[2], '=CLIMATE.SCORE(A4)', '=CLIMATE.FLAG(A4,"sbti")'],
    ['Average', '=AVERAGE(B2:B4)'],
    [],
    [],
    [],
    [null, 'Climate data by DitchCarbon'],
    ['Acme', '=CLIMATE.SCORE(A10)'],
  ],
  selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
});

test('attribution check on hand-typed formulas: line and logo added beside the blocks that lack them, nothing overwritten', async () => {
  const pane = await openPane(PLAIN_WITH_116, handTyped());
  const before = await pane.dump();
  await (await pane.ax.get('button', 'Check attribution')).locator.click();
  await pane.waitForText(
    '#attribution-status',
    '3 blocks of CLIMATE scores and flags on Suppliers: 2 without attribution, added to 2.',
  );
  expect(await pane.page.locator('#attribution-list > li').allInnerTexts()).toEqual([
    'Suppliers!B2:C4: logo over C5, source line in D5.',
    'Suppliers!H2:H3: logo over H4, source line in I4.',
  ]);

  const after = await pane.dump();
  // Every cell that was there is there unchanged; the only new cells are the two source lines.
  expect(
    after.cells.filter((cell) => before.cells.some((old) => old.row === cell.row && old.column === cell.column)),
  ).toEqual(before.cells);
  const added = after.cells.filter(
    (cell) => !before.cells.some((old) => old.row === cell.row && old.column === cell.column),
  );
  expect(added.map(({ row, column, formula }) => ({ row, column, formula }))).toEqual([
    { row: 3, column: 8, formula: SOURCE_LINE },
    { row: 4, column: 3, formula: SOURCE_LINE },
  ]);
  // The logos float over cells that were empty and still are.
  expect(after.shapes.map(({ left, top }) => ({ left, top }))).toEqual([at(4, 2), at(3, 7)]);
  for (const [row, column] of [
    [4, 2],
    [3, 7],
  ])
    expect(cellAt(after, row, column)).toBeUndefined();

  // The pane's account of it, for docs/attribution.md.
  await pane.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await pane.page.locator('#attribution-check').screenshot({ path: join(SCREENSHOTS, 'attribution-check.png') });

  // Checked again: nothing more to add, nothing written.
  await (await pane.ax.get('button', 'Check attribution')).locator.click();
  await pane.waitForText(
    '#attribution-status',
    'Every block of CLIMATE scores and flags on Suppliers shows the attribution (3 blocks).',
  );
  expect((await pane.dump()).shapes).toHaveLength(2);
  await pane.page.context().close();
});

test('an image already floating over the first free cell: the check places the logo and line around it', async () => {
  const image = { name: 'Company logo', ...at(4, 2), width: 30, height: 18 };
  const pane = await openPane(PLAIN_WITH_116, { ...handTyped(), images: [image] });
  const before = await pane.dump();
  await (await pane.ax.get('button', 'Check attribution')).locator.click();
  await pane.waitForText('#attribution-status', 'without attribution, added to 2.');
  expect(await pane.page.locator('#attribution-list > li').allInnerTexts()).toEqual([
    'Suppliers!B2:C4: logo over B6, source line in C6.',
    'Suppliers!H2:H3: logo over H4, source line in I4.',
  ]);
  const after = await pane.dump();
  expect(
    after.cells.filter((cell) => before.cells.some((old) => old.row === cell.row && old.column === cell.column)),
  ).toEqual(before.cells);
  expect(after.shapes.map(({ left, top }) => ({ left, top }))).toEqual([at(5, 1), at(3, 7)]);
  await pane.page.context().close();
});

test("the ribbon's Score selection scores the selection and runs the same check on the sheet's hand-typed blocks", async () => {
  const sheet = handTyped();
  const pane = await openPane(PLAIN_WITH_116, {
    ...sheet,
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 1 },
  });
  await chooseFormulaLayout(pane);
  await pane.press('scoreSelection');
  await pane.waitForText('#score-selection', 'Wrote 9 formulas');
  await pane.waitForText(
    '#attribution-status',
    '3 blocks of CLIMATE scores and flags on Suppliers: 1 without attribution, added to 1.',
  );
  const book = await pane.dump();
  // A row was inserted at the top for the scored columns' line (I1 logo, J1 line): everything moved down
  // one. The check then finds B3:C5 without a line (above its headers is free now) and H3:H4 next to the
  // new columns, under their line.
  expect(book.inserts).toEqual([{ row: 0, count: 1, direction: 'Down' }]);
  expect(book.cells.filter((cell) => cell.formula === SOURCE_LINE).map(({ row, column }) => [row, column])).toEqual([
    [0, 2],
    [0, 9],
  ]);
  expect(book.shapes.map(({ left, top }) => ({ left, top }))).toEqual([at(0, 8), at(0, 1)]);
  expect(await pane.page.locator('#attribution-list > li').allInnerTexts()).toEqual([
    'Suppliers!B3:C5: logo over B1, source line in C1.',
  ]);
  await pane.page.context().close();
});

test('a scored list with two blank rows in a row is one block: the check adds nothing inside it', async () => {
  const rows = Array.from({ length: 16 }, (_, i) => (i === 8 || i === 9 ? [null, null] : [`Supplier ${i}`, i]));
  const pane = await openPane(PLAIN_WITH_116, {
    name: 'Suppliers',
    rows: [['Supplier', 'Spend'], ...rows],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
  });
  await chooseFormulaLayout(pane);
  await pane.press('scoreSelection'); // writes, then runs the check
  const attributed = 'Every block of CLIMATE scores and flags on Suppliers shows the attribution (1 block).';
  await pane.waitForText('#attribution-status', attributed);
  const book = await pane.dump();
  expect(book.cells.filter((cell) => cell.formula === SOURCE_LINE).map(({ row, column }) => [row, column])).toEqual([
    [0, 3],
  ]);
  expect(book.shapes).toHaveLength(1);
  expect(book.conditionalFormats).toHaveLength(1);
  await (await pane.ax.get('button', 'Check attribution')).locator.click();
  await pane.page.waitForTimeout(500);
  expect(await pane.page.locator('#attribution-status').innerText()).toBe(attributed);
  expect(await pane.dump()).toEqual(book);
  await pane.page.context().close();
});

/**
 * What Excel shows in a cell the pane wrote: a HYPERLINK its text, SCORE the sandbox record's score
 * as ROUND(score*100, 1) (what the harness tests check the functions return). The shim itself does
 * not calculate.
 */
function shown(book: WorkbookDump, cell: WorkbookDump['cells'][number]): string {
  if (cell.formula === null) return String(cell.value);
  const link = /^=HYPERLINK\(.*,"([^"]*)"\)$/.exec(cell.formula);
  if (link) return link[1];
  const name = String(cellAt(book, cell.row, 0)?.value);
  const record = suite.sandbox.population.recordFor({ name });
  if (cell.formula.startsWith('=CLIMATE.SCORE(') && record?.score != null)
    return String(excelRound(record.score * 100, 1));
  return cell.formula;
}
