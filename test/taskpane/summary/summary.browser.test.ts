/**
 * The Climate summary in real Chromium: the BUILT pane, the sandbox over HTTP and the Excel.run shim.
 * Two workbooks. In the first (a host with dynamic arrays and images) the analyst scores a column
 * with the SBTi flag, the pane proposes the Spend column (one cell of it text, as an ERP export
 * leaves it), and Summary writes the "Climate summary" sheet: its figures as formulas over the scored
 * block, the count of spend cells that are not numbers (also in the pane's status), the two native
 * charts (type and source range), the attribution line and logo, the hidden status column; the ribbon's Summary refreshes it
 * in place. In the second (ExcelApi 1.8: no dynamic arrays, no images) a block of CLIMATE formulas is
 * selected, a foreign sheet named "Climate summary" is left untouched, and another name is used.
 */
import { SUMMARY_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { SheetDump, ShimSheet, WorkbookDump } from '../browser/excelShim';
import { openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const ROWS = 40;

const suite = paneSuite({ organizations: 300, profilingSeconds: 3600 });
let storage: Record<string, string>;
let names: string[] = [];

beforeAll(async () => {
  names = suite.sandbox.population.organizations.slice(0, ROWS).map((org) => org.name);
  storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
});

const sheetNamed = (book: WorkbookDump, name: string): SheetDump => {
  const found = book.sheets.find((sheet) => sheet.name === name);
  if (!found) throw new Error(`No sheet ${name}: ${book.sheets.map((s) => s.name).join(', ')}`);
  return found;
};
/** The cell right of the label `label` in column A (the figure it names). */
const figureOf = (sheet: SheetDump, label: string) => {
  const row = sheet.cells.find((cell) => cell.column === 0 && cell.value === label)?.row;
  if (row === undefined) throw new Error(`No label ${label}`);
  return sheet.cells.find((cell) => cell.row === row && cell.column === 1);
};
const rowOf = (sheet: SheetDump, label: string): number =>
  sheet.cells.find((cell) => cell.column === 0 && cell.value === label)!.row;

/** One workbook's pane, opened before a describe block's tests (the fields are set by then). */
function paneFor(sheet: () => ShimSheet) {
  const pane = {} as PanePage;
  beforeAll(
    async () => void Object.assign(pane, await openPanePage(suite.browser, suite.site.url, sheet(), storage)),
    60_000,
  );
  return { pane, button: async (name: string) => (await pane.ax.get('button', name)).locator };
}

describe('a host with dynamic arrays: the block just scored', () => {
  const { pane, button } = paneFor(() => ({
    name: 'Suppliers',
    // One supplier's spend is text, as an ERP export or a pasted report holds it (a no-break space in it).
    rows: [
      ['Supplier', 'Annual spend'],
      ...names.map((name, i) => [name, i === 4 ? '€\u00a01.234,56' : 1000 * (i + 1)]),
    ],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
    requirements: PLAIN_HOST.requirements,
  }));

  test('Score a column proposes the spend column; Summary writes the sheet as formulas over the block', async () => {
    await (await button('Use selection')).click();
    await waitForText(pane.page, '#score-selection', `(${ROWS} rows)`);
    expect(await pane.page.locator('#score-spend').inputValue()).toBe('1');
    await pane.page.evaluate(() => ((document.getElementById('output-flag-sbti') as HTMLInputElement).checked = true));
    await (await button('Write formulas')).click();
    await waitForText(pane.page, '#score-progress-text', `${ROWS} of ${ROWS} rows settled`, 60_000);
    const scored = await pane.dump();
    const header = scored.cells
      .filter((cell) => cell.row === 1 && typeof cell.value === 'string')
      .map((cell) => [cell.column, cell.value]);
    const scoreColumn = header.find(([, value]) => value === 'Climate score')![0] as number;
    const sbtiColumn = header.find(([, value]) => value === 'SBTi')![0] as number;
    const letter = (column: number) => String.fromCharCode(65 + column);
    const last = ROWS + 2; // attribution row and header above the first supplier (row 3)

    await pane.page.evaluate(() => ((document.getElementById('section-summary') as HTMLDetailsElement).open = true));
    await (await button('Build summary')).click();
    await waitForText(pane.page, '#summary-status', `Built "Climate summary" from ${ROWS} rows of Suppliers`);
    // The fifth supplier, on row 7 now that the attribution row and the header are above the block.
    await waitForText(
      pane.page,
      '#summary-status[data-tone="info"]',
      `Spend: 1 of ${ROWS} suppliers' spend cells holds text, not a number (first: row 7, "€\u00a01.234,56"); it ` +
        'counts as no spend. Convert the column to numbers (Data > Text to Columns) and build again.',
    );
    const book = await pane.dump();
    expect(book.sheets.map((sheet) => sheet.name)).toEqual(['Suppliers', 'Climate summary']);
    expect(book.activeSheet).toBe('Climate summary');
    const summary = sheetNamed(book, 'Climate summary');
    expect(book.documentSettings[SUMMARY_SHEETS_SETTING]).toEqual([summary.id]);

    const S = `'Suppliers'!$${letter(scoreColumn)}$3:$${letter(scoreColumn)}$${last}`;
    const Sp = `'Suppliers'!$B$3:$B$${last}`;
    const F = `'Suppliers'!$${letter(sbtiColumn)}$3:$${letter(sbtiColumn)}$${last}`;
    // Suppliers are the rows with a name by the pane's rule (a hidden column says which: only spaces is none).
    const H = `$AE$2:$AE$${ROWS + 1}`;
    expect(figureOf(summary, 'Suppliers')?.formula).toBe(`=COUNTIFS(${H},TRUE())`);
    expect(figureOf(summary, 'Spend of the suppliers')?.formula).toBe(`=SUMIFS(${Sp},${Sp},">0",${H},TRUE())`);
    expect(figureOf(summary, 'Scored')?.formula).toBe(`=SUMPRODUCT(--ISNUMBER(${S}))`);
    const gaps = `$AF$2:$AF$${ROWS + 1}`;
    expect(figureOf(summary, 'Suppliers whose spend is not a number (counted as no spend)')?.formula).toBe(
      `=COUNTIFS(${gaps},TRUE())`,
    );
    // Score × spend per row in a hidden helper column, not IFERROR over ranges inside SUMPRODUCT
    // (which Excel without dynamic arrays evaluates as an array only with Ctrl+Shift+Enter).
    expect(figureOf(summary, 'Spend-weighted mean score')?.formula).toBe(
      `=IFERROR(SUM($AD$2:$AD$${ROWS + 1})/SUMIFS(${Sp},${Sp},">0",${S},">=0"),"")`,
    );
    expect(figureOf(summary, 'SBTi')?.formula).toBe(`=IFERROR(COUNTIFS(${F},TRUE(),${H},TRUE())/B6,0)`);
    expect(figureOf(summary, 'SBTi')?.numberFormat).toBe('0.0%');
    // No figure is a copied value: every cell in column B below the header rows is a formula.
    expect(
      summary.cells.filter(
        (cell) =>
          cell.column === 1 &&
          cell.row > 3 &&
          cell.formula === null &&
          cell.value !== 'Share by count' &&
          cell.value !== 'Suppliers' &&
          cell.value !== 'Score' &&
          cell.value !== 'Spend',
      ),
    ).toEqual([]);
    // Dynamic arrays: the lists are one spilled SORTBY formula per column, its first ten rows taken
    // with INDEX and SEQUENCE (no TAKE, which Excel 2021 lacks).
    const lowest = rowOf(summary, 'Lowest scores (engage first)') + 1;
    expect(summary.cells.find((cell) => cell.row === lowest && cell.column === 0)?.formula).toMatch(
      /^=IFERROR\(INDEX\(SORTBY\(FILTER\('Suppliers'!\$A\$3.*\),SEQUENCE\(MIN\(10,COUNT\(/,
    );
    // Equal scores: the larger spend first, then sheet order.
    expect(summary.cells.find((cell) => cell.row === lowest && cell.column === 0)?.formula).toContain(
      `,1,FILTER($AC$2:$AC$${ROWS + 1},ISNUMBER(${S})),-1,FILTER(SEQUENCE(${ROWS}),ISNUMBER(${S})),1)`,
    );

    const distribution = rowOf(summary, 'Score distribution');
    const initiatives = rowOf(summary, 'Initiatives');
    expect(summary.charts).toEqual([
      expect.objectContaining({
        type: 'BarClustered',
        source: `'Climate summary'!A${initiatives + 1}:C${initiatives + 2}`,
        seriesBy: 'Columns',
      }),
      expect.objectContaining({
        type: 'ColumnClustered',
        source: `'Climate summary'!A${distribution + 1}:B${distribution + 11}`,
        title: 'Suppliers by score band',
      }),
      // The KPI's trend, with the SBTi column: a line chart beside the history (test/taskpane/summary/).
      expect.objectContaining({ name: 'Climate summary: KPI history', type: 'Line' }),
    ]);
    expect(
      summary.cells
        .filter((cell) => cell.column === 0 && cell.row > distribution && cell.row <= distribution + 10)
        .map((cell) => cell.value ?? cell.formula)
        .filter((v) => /^\d/.test(String(v))),
    ).toEqual(['0–10', '10–20', '20–30', '30–40', '40–50', '50–60', '60–70', '70–80', '80–90', '90–100']);
    expect(summary.cells.find((cell) => cell.row === 1)?.formula).toBe(
      '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")',
    );
    expect(summary.shapes).toEqual(['DitchCarbon logo']);
    expect(book.shapes.filter((shape) => shape.name === 'DitchCarbon logo').at(-1)).toMatchObject({
      altTextDescription: 'Climate data by DitchCarbon (logo)',
      left: 1,
      top: 21,
    });
    expect(summary.cells.find((cell) => cell.row === 2 && cell.column === 1)?.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Hidden helper columns: one live CLIMATE.STATUS per supplier row; the spend that counts; score × spend;
    // whether the row has a name; whether it lacks an SBTi commitment or target (the gap list's).
    expect(summary.hiddenColumns).toEqual([25, 28, 29, 30, 31, 32]);
    const helperAt = (column: number): string | null | undefined =>
      summary.cells.find((cell) => cell.column === column && cell.row === 1)?.formula;
    expect(helperAt(28)).toBe(`=IF(ISNUMBER('Suppliers'!$B3),MAX('Suppliers'!$B3,0),0)`);
    expect(helperAt(29)).toBe(
      `=IF(ISNUMBER('Suppliers'!$${letter(scoreColumn)}3),'Suppliers'!$${letter(scoreColumn)}3*AC2,0)`,
    );
    const statuses = summary.cells.filter((cell) => cell.column === 25 && cell.row > 0);
    expect(statuses).toHaveLength(ROWS);
    expect(statuses[0].formula).toBe(`=IF(AE2,IFERROR(CLIMATE.STATUS('Suppliers'!$A3),""),"")`);
    // Whether the row names a supplier: blank and placeholder names (N/A, TBD…) are none.
    expect(helperAt(30)).toMatch(
      /^=IFERROR\(NOT\(OR\(TRIM\(CLEAN\((SUBSTITUTE\(){6}'Suppliers'!\$A3,UNICHAR\(9\)," "\),/,
    );
    expect(helperAt(30)).toContain(`={"","n/a",`);
    // Whether the supplier's spend cell says something that is not a number, by the same rule over the spend cell.
    expect(helperAt(31)).toMatch(
      /^=AND\(AE2,NOT\(ISNUMBER\('Suppliers'!\$B3\)\),IFERROR\(NOT\(OR\(TRIM\(CLEAN\((SUBSTITUTE\(){6}'Suppliers'!\$B3,/,
    );
  }, 120_000);

  test('the ribbon Summary refreshes the same sheet in place, with nothing left of the earlier build', async () => {
    const before = sheetNamed(await pane.dump(), 'Climate summary');
    // The analyst drops the spend column: the refreshed sheet has no spend figures, columns or series.
    await pane.page.locator('#summary-spend').selectOption('');
    await pane.press('buildSummary');
    await waitForText(pane.page, '#summary-status', 'Refreshed "Climate summary"');
    const book = await pane.dump();
    const after = sheetNamed(book, 'Climate summary');
    expect(book.sheets).toHaveLength(2);
    expect(after.id).toBe(before.id);
    expect(after.cells.length).toBeLessThan(before.cells.length);
    // The figures and lists (columns A to G; the KPI history from P keeps its columns, empty for this day).
    expect(
      after.cells.some(
        (cell) =>
          cell.column < 15 &&
          (cell.value === 'Spend-weighted mean score' || cell.value === 'Share by spend' || cell.value === 'Spend'),
      ),
    ).toBe(false);
    const initiatives = rowOf(after, 'Initiatives');
    expect(after.charts.map((chart) => [chart.type, chart.source])).toEqual([
      ['BarClustered', `'Climate summary'!A${initiatives + 1}:B${initiatives + 2}`],
      [
        'ColumnClustered',
        `'Climate summary'!A${rowOf(after, 'Score distribution') + 1}:B${rowOf(after, 'Score distribution') + 11}`,
      ],
      ['Line', `'Climate summary'!P27:Q28`],
    ]);
    expect(after.shapes).toEqual(['DitchCarbon logo']);
  }, 60_000);
});

describe('a host without dynamic arrays: a selected block, and a foreign sheet of the same name', () => {
  const { pane, button } = paneFor(() => ({
    name: 'Vendors',
    rows: [
      ['Vendor', 'Website', 'Cost', 'Climate score', 'CDP', 'Industry mean score'],
      ...names
        .slice(0, 10)
        .map((name, i) => [
          name,
          '',
          10 * (i + 1),
          `=CLIMATE.SCORE($A${i + 2})`,
          `=CLIMATE.FLAG($A${i + 2},"cdp")`,
          `=CLIMATE.PROFILE($A${i + 2},"industry_mean")`,
        ]),
    ],
    selection: { rowIndex: 1, columnIndex: 3, rowCount: 10, columnCount: 3 },
    requirements: { SharedRuntime: '1.1', CustomFunctionsRuntime: '1.1', ExcelApi: '1.8' },
    otherSheets: [{ name: 'Climate summary', rows: [['My own notes'], ['keep me']] }],
  }));

  test('a sheet the summary did not create is not overwritten: the pane asks for another name', async () => {
    await pane.page.evaluate(() => ((document.getElementById('section-summary') as HTMLDetailsElement).open = true));
    await (await button('Build summary')).click();
    await waitForText(
      pane.page,
      '#summary-status',
      'A sheet called "Climate summary" already exists and was not made by the Climate summary: choose another name.',
    );
    const book = await pane.dump();
    const foreign = sheetNamed(book, 'Climate summary');
    expect(foreign.cells.map((cell) => cell.value)).toEqual(['My own notes', 'keep me']);
    expect(foreign.charts).toEqual([]);
    expect(book.documentSettings[SUMMARY_SHEETS_SETTING]).toBeUndefined();
  }, 60_000);

  test('with another name, the selected block is recognised from its formulas (INDEX/MATCH lists, no logo)', async () => {
    const input = pane.page.locator('#summary-sheet-name');
    await input.evaluate((element) => {
      (element as HTMLInputElement).value = 'Supplier KPIs';
    });
    await (await button('Build summary')).click();
    // Every spend cell a number: a plain success, with nothing to add.
    await waitForText(
      pane.page,
      '#summary-status[data-tone="success"]',
      'Built "Supplier KPIs" from 10 rows of Vendors (scores in column D, 1 initiative flag, spend in column C)',
    );
    const book = await pane.dump();
    expect(book.sheets.map((sheet) => sheet.name)).toEqual(['Vendors', 'Climate summary', 'Supplier KPIs']);
    expect(sheetNamed(book, 'Climate summary').cells.map((cell) => cell.value)).toEqual(['My own notes', 'keep me']);
    const summary = sheetNamed(book, 'Supplier KPIs');
    expect(figureOf(summary, 'Industry mean score')?.formula).toContain(`'Vendors'!$F$2:$F$11`);
    expect(figureOf(summary, 'CDP')?.formula).toContain(`'Vendors'!$E$2:$E$11,TRUE()`);
    const lowest = rowOf(summary, 'Lowest scores (engage first)') + 1;
    expect(summary.cells.find((cell) => cell.row === lowest && cell.column === 0)?.formula).toBe(
      `=IF($D$${lowest + 1}="","",INDEX('Vendors'!$A$2:$A$11,$D$${lowest + 1}))`,
    );
    expect(summary.hiddenColumns).toEqual([25, 26, 27, 28, 29, 30, 31]);
    expect(summary.charts.map((chart) => chart.type)).toEqual(['BarClustered', 'ColumnClustered']);
    expect(summary.cells.find((cell) => cell.row === 1 && cell.column === 0)?.formula).toBe(
      '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")',
    );
    expect(book.shapes).toEqual([]);
  }, 60_000);
});
