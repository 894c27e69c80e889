/**
 * Share a copy in real Chromium: the BUILT pane, the sandbox over HTTP and the Excel shim on a host that
 * renders cards. Suppliers scored with Score a column are copied, from the keyboard, into a new
 * workbook (Excel.createWorkbook); the file the shim was handed is opened as another program would
 * (test/taskpane/copy/xlsxReading.ts) and calculated without the add-in: every card is its matched
 * name, every field its value, the source line has its logo, each row links to its profile on the
 * sandbox, no cell needs the add-in and no key or setting is in it. The workbook itself is unchanged.
 * A workbook without CLIMATE cells has nothing to copy; a host without ExcelApi 1.8 is told what it lacks
 * and gets the same file as a download.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { screenshotFolder } from '../../browsers/screenshots';
import { hostProfile } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { cardEntities } from '../browser/cardEntities';
import type { ShimSheet } from '../browser/excelShim';
import { openPanePage, openSection, type PanePage } from '../browser/panePage';
import { drawSheet } from '../browser/sheetPicture';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { calculatedWithoutAddin, readXlsx } from './xlsxReading';

const ENTITY_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');
const suite = paneSuite({ organizations: 60 });
let names: string[] = [];
let storage: Record<string, string>;

beforeAll(async () => {
  const owners = suite.sandbox.population.organizations.filter((org) => org.parentId === null && org.profile !== null);
  names = owners.slice(0, 4).map((org) => org.name);
  storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
});

const supplierSheet = (requirements: Record<string, string>): ShimSheet => ({
  name: 'Q3 suppliers',
  rows: [['Supplier'], ...names.map((name) => [name])],
  selection: { rowIndex: 0, columnIndex: 0, rowCount: names.length + 1, columnCount: 1 },
  requirements,
  entities: cardEntities(suite.sandbox.population, names),
  otherSheets: [{ name: 'Notes', rows: [['nothing scored here']] }],
});

async function copyByKeyboard(pane: PanePage, said: string): Promise<void> {
  await openSection(pane, 'section-copy');
  await (await pane.ax.get('button', 'Write a copy for others')).locator.focus();
  await pane.page.keyboard.press('Enter');
  await waitForText(pane.page, '#copy-status', said);
}

describe('a scored sheet, copied for people without the add-in', () => {
  let pane: PanePage;
  beforeAll(async () => {
    pane = await openPanePage(suite.browser, suite.site.url, supplierSheet(ENTITY_HOST.requirements), storage);
    await (await pane.ax.get('button', 'Use selection')).locator.click();
    await waitForText(pane.page, '#score-selection', `(${names.length} rows)`);
    await (await pane.ax.get('button', 'Write formulas')).locator.click();
    await waitForText(pane.page, '#score-selection', 'Wrote');
  }, 90_000);
  afterAll(() => pane?.page.context().close());

  test('the copy opens as a new workbook with values, names, logo and links, and nothing of the add-in', async () => {
    const before = await pane.dump();
    await copyByKeyboard(pane, 'The copy opened as a new workbook: Q3 suppliers');
    const after = await pane.dump();
    // The workbook itself is only read: same cells, no setting saved, nothing recalculated.
    expect(after.sheets).toEqual(before.sheets);
    expect(after.documentSettingsSaves).toBe(before.documentSettingsSaves);
    expect(after.calculations).toEqual(before.calculations);
    expect(after.createdWorkbooks).toHaveLength(1);

    const bytes = Buffer.from(after.createdWorkbooks[0], 'base64');
    expect(bytes.toString('latin1')).not.toContain(SANDBOX_PROJECT_KEY);
    const book = readXlsx(bytes);
    expect(book.sheets.map((sheet) => sheet.name)).toEqual(['About this copy', 'Q3 suppliers']);
    expect([...book.entries.keys()].filter((path) => /webextension|customXml|vbaProject/i.test(path))).toEqual([]);
    const shown = calculatedWithoutAddin(book);

    const original = before.sheets[0];
    const copied = book.sheets[1];
    const valueAt = (row: number, column: number) =>
      shown.get('Q3 suppliers')!.get(copied.cells.find((c) => c.row === row && c.column === column)?.ref ?? '');
    const headerRow = original.cells.find((cell) => cell.value === 'Organization')!.row;
    const cardColumn = original.cells.find((cell) => cell.value === 'Organization')!.column;
    const scoreColumn = original.cells.find((cell) => cell.row === headerRow && cell.value === 'Climate score')!.column;
    names.forEach((name, i) => {
      const row = headerRow + 1 + i;
      const card = cardEntities(suite.sandbox.population, [name])[name.toLowerCase()] as { text: string };
      expect(valueAt(row, cardColumn)).toBe(card.text);
      // Each field shows the value the original's field showed.
      const field = original.cells.find((cell) => cell.row === row && cell.column === scoreColumn)!;
      expect(typeof field.value).toBe('number');
      expect(valueAt(row, scoreColumn)).toBe(field.value);
    });
    for (const cell of copied.cells) {
      expect(cell.formula ?? '').not.toMatch(/CLIMATE\.|_xldudf_|\b[A-Z]+\d+\.[[A-Za-z]/i);
      expect(shown.get('Q3 suppliers')!.get(cell.ref)).not.toBe('#NAME?');
    }
    const links = copied.cells.filter((cell) => /^=HYPERLINK\("https:\/\//.test(cell.formula ?? ''));
    const sourceLine = links.filter((cell) => cell.formula!.includes('"Climate data by DitchCarbon"'));
    expect(sourceLine).toHaveLength(1);
    expect(copied.pictures).toEqual([
      { row: sourceLine[0].row, column: sourceLine[0].column - 1, name: 'DitchCarbon logo' },
    ]);
    // Every scored row links to its profile (the card's name, and the Profile column).
    const linkedRows = new Set(links.filter((cell) => cell !== sourceLine[0]).map((cell) => cell.row));
    expect([...linkedRows].sort()).toEqual(names.map((_, i) => headerRow + 1 + i));
    const note = book.sheets[0].cells.map((cell) => String(cell.value ?? ''));
    expect(note.join('\n')).toMatch(/snapshot of \d{4}-\d{2}-\d{2} .*not for redistribution as a dataset/);

    // The copy's sheet as a program without the add-in shows it, for docs/pane.md.
    const cells = copied.cells.map((cell) => ({
      row: cell.row,
      column: cell.column,
      value: shown.get('Q3 suppliers')!.get(cell.ref),
      formula: cell.formula,
      bold: false,
    }));
    const shapes = copied.pictures.map(({ row, column }) => ({
      name: 'DitchCarbon logo',
      altTextDescription: 'Climate data by DitchCarbon (logo)',
      base64Length: 0,
      left: column * 64 + 1,
      top: row * 20 + 1,
      height: 18,
    }));
    await drawSheet(
      pane.page.context(),
      { ...after, cells, shapes },
      {
        texts: cells.map((cell) => String(cell.value ?? '')),
        logoUrl: `${suite.site.url}/assets/logo-provider.png`,
        path: join(screenshotFolder(), 'shared-copy.png'),
      },
    );
  }, 60_000);
});

test('a workbook without CLIMATE cells has nothing to copy; nothing is opened', async () => {
  const pane = await openPanePage(
    suite.browser,
    suite.site.url,
    { ...supplierSheet(ENTITY_HOST.requirements), entities: undefined },
    storage,
  );
  await copyByKeyboard(pane, 'No sheet of this workbook has CLIMATE cells');
  expect((await pane.dump()).createdWorkbooks).toEqual([]);
  await pane.page.context().close();
}, 60_000);

test('an Excel without ExcelApi 1.8 is told what it lacks and gets the same copy as a file to download', async () => {
  const old = { SharedRuntime: '1.1', CustomFunctionsRuntime: '1.1', ExcelApi: '1.7' };
  const pane = await openPanePage(suite.browser, suite.site.url, supplierSheet(old), storage);
  await (await pane.ax.get('button', 'Use selection')).locator.click();
  await waitForText(pane.page, '#score-selection', `(${names.length} rows)`);
  await (await pane.ax.get('button', 'Write formulas')).locator.click();
  await waitForText(pane.page, '#score-selection', 'Wrote');
  const before = await pane.dump();
  await copyByKeyboard(pane, 'Excel.createWorkbook needs ExcelApi 1.8');
  const said = await pane.page.locator('#copy-status').innerText();
  expect(said).toContain('the copy of Q3 suppliers is ready as a file instead: choose “Download the copy (.xlsx)”');
  expect(said).toContain('open this workbook in Excel on the web and use Share a copy there');
  // From the keyboard: the link comes next after the button.
  await pane.page.keyboard.press('Tab');
  expect(await pane.page.evaluate(() => document.activeElement?.id)).toBe('copy-download');
  const [download] = await Promise.all([pane.page.waitForEvent('download'), pane.page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^Climate data copy \d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.toString('latin1')).not.toContain(SANDBOX_PROJECT_KEY);
  const book = readXlsx(bytes);
  expect(book.sheets.map((sheet) => sheet.name)).toEqual(['About this copy', 'Q3 suppliers']);
  const copied = book.sheets[1];
  for (const cell of copied.cells) expect(cell.formula ?? '').not.toMatch(/CLIMATE\.|_xldudf_/i);
  // Each scored row still links to its profile, and the source line keeps its logo.
  const links = copied.cells.filter((cell) => /^=HYPERLINK\("https:\/\//.test(cell.formula ?? ''));
  expect(links.filter((cell) => cell.formula!.includes('"Profile"'))).toHaveLength(names.length);
  expect(copied.pictures.map((picture) => picture.name)).toEqual(['DitchCarbon logo']);
  // Nothing was opened, and this workbook is as it was.
  const after = await pane.dump();
  expect(after.createdWorkbooks).toEqual([]);
  expect(after.sheets).toEqual(before.sheets);
  expect(after.documentSettingsSaves).toBe(before.documentSettingsSaves);
  await pane.page.context().close();
}, 90_000);
