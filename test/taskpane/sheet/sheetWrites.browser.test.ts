/**
 * The pane's writes on sheets as analysts have them (real Chromium, the built pane, the sandbox over
 * HTTP, the Excel.run shim refusing as Excel does): a protected sheet or workbook is named with the way
 * out before anything is written; a merged title above the headers is neither a header nor written
 * into; a merged names column is refused rather than scored on every other row; hidden empty columns
 * are stepped over, so the formulas land where the analyst sees them; the attribution check places its
 * line around merged cells.
 */
import { MODERN_HOST, PLAIN_HOST } from '../../harness/hostProfiles';
import type { WorkbookDump } from '../browser/excelShim';
import { openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 50, profilingSeconds: 3600 });

const names = (count = 6): string[] => suite.sandbox.population.organizations.slice(0, count).map((o) => o.name);
const column = (index: number, rows: number) => ({ rowIndex: 0, columnIndex: index, rowCount: rows, columnCount: 1 });
const WHOLE_COLUMN = 1_048_576;

async function click(pane: PanePage, name: string): Promise<void> {
  await (await pane.ax.get('button', name)).locator.click();
}

/** Use selection, then Write formulas; resolves once the status line says `expected`. */
async function score(pane: PanePage, chosen: string, expected: string): Promise<void> {
  await openSection(pane, 'section-score');
  await click(pane, 'Use selection');
  await waitForText(pane.page, '#score-selection', chosen);
  await click(pane, 'Write formulas');
  await waitForText(pane.page, '#score-selection', expected);
}

const formulaRows = (book: WorkbookDump, from: number) => [
  ...new Set(book.cells.filter((c) => c.column >= from && c.formula?.includes('CLIMATE.')).map((c) => c.row)),
];

/** Presses `button` in `section` and waits for `message` in `status`: the workbook is then as it was. */
async function refusedAsItWas(pane: PanePage, section: string, button: string, status: string, message: string) {
  const before = await pane.dump();
  await openSection(pane, section);
  await click(pane, button);
  await waitForText(pane.page, status, message);
  expect(await pane.dump()).toEqual(before);
  await pane.page.context().close();
}

describe('a protected sheet or workbook', () => {
  test('Write formulas and Check attribution name the protected sheet and write nothing', async () => {
    const pane = await suite.openSheet({
      name: 'Q3 suppliers',
      rows: [['Supplier', 'Score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`])],
      selection: column(0, 7),
      requirements: MODERN_HOST.requirements,
      protected: true,
    });
    const before = await pane.dump();
    const unprotect = 'Sheet "Q3 suppliers" is protected: unprotect it (Review > Unprotect Sheet) and';

    await score(pane, 'Names: Q3 suppliers!A2:A7 (6 rows).', `${unprotect} score again.`);
    await openSection(pane, 'section-score');
    await click(pane, 'Check attribution');
    await waitForText(pane.page, '#attribution-status', `${unprotect} check attribution again.`);

    expect(await pane.dump()).toEqual(before);
    await pane.page.context().close();
  }, 60_000);

  test('Build summary in a workbook whose structure is protected says so and adds no sheet', async () => {
    const pane = await suite.openSheet({
      name: 'Vendors',
      rows: [['Supplier', 'Climate score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`])],
      selection: { rowIndex: 1, columnIndex: 1, rowCount: 6, columnCount: 1 },
      requirements: PLAIN_HOST.requirements,
      workbookProtected: true,
    });
    await refusedAsItWas(
      pane,
      'section-summary',
      'Build summary',
      '#summary-status',
      'The workbook\'s structure is protected, so the summary cannot add its sheet "Climate summary": ' +
        'unprotect it (Review > Protect Workbook) and build the summary again.',
    );
  }, 60_000);

  test('Refine on a protected sheet names it and changes no formula', async () => {
    const [org] = suite.sandbox.population.organizations;
    const pane = await suite.openSheet({
      name: 'Locked',
      rows: [['Supplier', 'Score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`])],
      selection: { rowIndex: 1, columnIndex: 1, rowCount: 6, columnCount: 1 },
      requirements: PLAIN_HOST.requirements,
      protected: true,
    });
    const before = await pane.dump();
    await openSection(pane, 'section-review');
    await click(pane, 'Review selection');
    await waitForText(pane.page, '#review-status', 'of 6 rows to review.');
    await pane.page.locator('#review-filter').selectOption('all');
    await pane.page.locator('#review-filter').dispatchEvent('change');
    await click(pane, `Refine Row 2 (${org.name})`);
    await (await pane.ax.get('textbox', 'Website')).locator.fill(org.website);
    await click(pane, 'Apply');
    await waitForText(
      pane.page,
      '#review-status',
      'Sheet "Locked" is protected: unprotect it (Review > Unprotect Sheet) and refine the row again.',
    );
    expect((await pane.dump()).cells).toEqual(before.cells);
    await pane.page.context().close();
  }, 60_000);

  test('Build summary again once its sheet was protected: says so, and the sheet stays as it was', async () => {
    const pane = await suite.openSheet({
      name: 'Vendors',
      rows: [['Supplier', 'Climate score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`])],
      selection: { rowIndex: 1, columnIndex: 1, rowCount: 6, columnCount: 1 },
      requirements: PLAIN_HOST.requirements,
    });
    await openSection(pane, 'section-summary');
    await click(pane, 'Build summary');
    await waitForText(pane.page, '#summary-status', 'Built "Climate summary" from 6 rows of Vendors');
    await pane.page.evaluate(() =>
      (window as unknown as { __workbook: { protect(name: string): void } }).__workbook.protect('Climate summary'),
    );
    const built = await pane.dump();
    await click(pane, 'Build summary');
    await waitForText(
      pane.page,
      '#summary-status',
      'Sheet "Climate summary" is protected: unprotect it (Review > Unprotect Sheet) and build the summary again.',
    );
    expect((await pane.dump()).sheets).toEqual(built.sheets);
    await pane.page.context().close();
  }, 60_000);
});

describe('merged cells', () => {
  test('a title merged across the columns above the header: the header is found below it, and the formulas go right of it', async () => {
    const pane = await suite.openSheet({
      name: 'Register',
      rows: [['Supplier register FY24'], ['Supplier', 'Website'], ...names().map((name) => [name, null])],
      merged: [{ rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 6 }],
      selection: column(0, WHOLE_COLUMN),
      requirements: MODERN_HOST.requirements,
    });
    await score(pane, 'Names: Register!A3:A8 (6 rows).', 'formulas into Register!G:');
    const book = await pane.dump();
    expect(formulaRows(book, 1)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(Math.min(...book.cells.filter((c) => c.formula?.includes('CLIMATE.')).map((c) => c.column))).toBe(6);
    expect(book.cells.find((c) => c.row === 1 && c.column === 6)?.value).toBe('Organization');
    expect(book.cells.some((c) => c.row === 0 && c.formula?.includes('Climate data by DitchCarbon'))).toBe(true);
    expect(book.cells.find((c) => c.row === 0 && c.column === 0)?.value).toBe('Supplier register FY24');
    await pane.page.context().close();
  }, 60_000);

  test('names merged over two rows each: Use selection refuses by name, and nothing is written', async () => {
    const [a, b, c] = names(3);
    const pane = await suite.openSheet({
      name: 'Sites',
      rows: [
        ['Supplier', 'Site'],
        [a, 'Lyon'],
        [null, 'Porto'],
        [b, 'Graz'],
        [null, 'Turin'],
        [c, 'Oslo'],
      ],
      merged: [
        { rowIndex: 1, columnIndex: 0, rowCount: 2, columnCount: 1 },
        { rowIndex: 3, columnIndex: 0, rowCount: 2, columnCount: 1 },
      ],
      selection: column(0, 6),
      requirements: MODERN_HOST.requirements,
    });
    await refusedAsItWas(
      pane,
      'section-score',
      'Use selection',
      '#score-selection',
      'The names column has merged cells (A2:A3 and A4:A5): a merged name is in its first row only, so the rows ' +
        'under it would get no formulas. Unmerge them (Home > Merge & Center > Unmerge Cells), fill the names ' +
        'down and score again.',
    );
  }, 60_000);

  test('a block already written beside merged names is summarised: the refusal is Score a column’s only', async () => {
    const [a, b] = names(2);
    const pane = await suite.openSheet({
      name: 'Sites',
      rows: [
        ['Supplier', 'Climate score'],
        [a, '=CLIMATE.SCORE($A2)'],
        [null, null],
        [b, '=CLIMATE.SCORE($A4)'],
      ],
      merged: [{ rowIndex: 1, columnIndex: 0, rowCount: 2, columnCount: 1 }],
      selection: { rowIndex: 1, columnIndex: 1, rowCount: 3, columnCount: 1 },
      requirements: MODERN_HOST.requirements,
    });
    await openSection(pane, 'section-summary');
    await click(pane, 'Build summary');
    await waitForText(pane.page, '#summary-status', 'Built "Climate summary" from 3 rows of Sites');
    await pane.page.context().close();
  }, 60_000);

  test('Check attribution puts the line beside merged cells, not into them', async () => {
    const pane = await suite.openSheet({
      name: 'Typed',
      rows: [[], [], ['Supplier', 'Score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 4})`])],
      // B1:D2 merged: where the check would put its line above the block.
      merged: [{ rowIndex: 0, columnIndex: 1, rowCount: 2, columnCount: 3 }],
      selection: column(0, 1),
      requirements: MODERN_HOST.requirements,
    });
    await openSection(pane, 'section-score');
    await click(pane, 'Check attribution');
    await waitForText(pane.page, '#attribution-status', 'without attribution, added to 1.');
    const line = (await pane.dump()).cells.find((c) => c.formula?.includes('Climate data by DitchCarbon'));
    expect(line).toBeDefined();
    const inMerge = line!.row <= 1 && line!.column >= 1 && line!.column <= 3;
    expect(inMerge).toBe(false);
    await pane.page.context().close();
  }, 60_000);
});

describe('hidden columns', () => {
  test('hidden columns: the hidden data is kept, and the empty ones right of the list are stepped over', async () => {
    const pane = await suite.openSheet({
      name: 'Filtered',
      rows: [['Supplier', 'Spend'], ...names().map((name, i) => [name, 100 * (i + 1)])],
      // B holds the spend, hidden; C and D are empty and hidden too.
      hiddenColumns: [1, 2, 3],
      selection: column(0, 7),
      requirements: PLAIN_HOST.requirements,
    });
    await score(pane, 'Names: Filtered!A2:A7 (6 rows).', 'formulas into Filtered!E:');
    const book = await pane.dump();
    expect(book.cells.filter((c) => c.column === 2 || c.column === 3)).toEqual([]);
    expect(book.cells.filter((c) => c.column === 1).map((c) => c.value)).toEqual([
      'Spend',
      100,
      200,
      300,
      400,
      500,
      600,
    ]);
    // A row is inserted at the top for the source line above the headers: the suppliers are rows 3 to 8 now.
    expect(formulaRows(book, 4)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(book.sheets[0].hiddenColumns).toEqual([1, 2, 3]);
    await pane.page.context().close();
  }, 60_000);
});
