/**
 * The pane's flows on the shapes analysts' sheets really have (real Chromium, the built pane, the
 * sandbox over HTTP): a selection of several areas (Ctrl+click, or Select Visible Cells over filtered
 * rows), which Excel will not hand over as one range, is refused by name and changes nothing; an Excel
 * table under a title is scored from its header row down to its last data row, never its total row;
 * formulas typed in a table that read their row's name by structured reference (`[@Supplier]`) are
 * summarised and reviewed like those Score a column writes.
 */
import { MODERN_HOST, PLAIN_HOST } from '../../harness/hostProfiles';
import type { ShimSheet } from '../browser/excelShim';
import { openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 50, profilingSeconds: 3600 });

const open = (sheet: Omit<ShimSheet, 'requirements'>, requirements: Record<string, string>): Promise<PanePage> =>
  suite.openSheet({ ...sheet, requirements });

describe('a selection of several areas', () => {
  const names = (): string[] => suite.sandbox.population.organizations.slice(0, 6).map((o) => o.name);
  const sheet = (): Omit<ShimSheet, 'requirements'> => ({
    name: 'Q3 suppliers',
    rows: [['Supplier', 'Climate score'], ...names().map((name, i) => [name, `=CLIMATE.SCORE($A${i + 2})`])],
    // A2:A3 and A6:A7, as Select Visible Cells leaves a filtered column.
    selection: { rowIndex: 1, columnIndex: 0, rowCount: 2, columnCount: 1 },
    moreAreas: [{ rowIndex: 5, columnIndex: 0, rowCount: 2, columnCount: 1 }],
  });

  test.each([
    ['names the areas where Excel lists them (ExcelApi 1.9)', MODERN_HOST.requirements, ' (A2:A3 and A6:A7)'],
    ['says so where Excel cannot list them', { ...PLAIN_HOST.requirements, ExcelApi: '1.8' }, ''],
  ])(
    'Use selection and Build summary %s, and write nothing',
    async (_title, requirements, areas) => {
      const pane = await open(sheet(), requirements);
      const before = await pane.dump();
      const expected = `The selection is several separate areas${areas}: select one block of cells.`;

      await openSection(pane, 'section-score');
      await (await pane.ax.get('button', 'Use selection')).locator.click();
      await waitForText(pane.page, '#score-selection', expected);

      await openSection(pane, 'section-summary');
      await (await pane.ax.get('button', 'Build summary')).locator.click();
      await waitForText(pane.page, '#summary-status', expected);

      expect(await pane.dump()).toEqual(before);
      await pane.page.context().close();
    },
    60_000,
  );
});

describe('an Excel table under a title', () => {
  test("the whole column selected: the header is the table's, the total row is no supplier, nor in the summary", async () => {
    const names = suite.sandbox.population.organizations.slice(0, 6).map((o) => o.name);
    const pane = await open(
      {
        name: 'Supplier register',
        rows: [
          ['Supplier register FY24', null, null],
          [],
          [],
          ['Supplier', 'Website', 'Spend'],
          ...names.map((name, i) => [name, null, 1000 * (i + 1)]),
          ['Total', null, 21000],
        ],
        tables: [
          { name: 'Register', box: { rowIndex: 3, columnIndex: 0, rowCount: 8, columnCount: 3 }, showTotals: true },
        ],
        selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
      },
      PLAIN_HOST.requirements,
    );
    await openSection(pane, 'section-score');
    await (await pane.ax.get('button', 'Use selection')).locator.click();
    await waitForText(pane.page, '#score-selection', 'Names: Supplier register!A5:A10 (6 rows).');
    expect((await (await pane.ax.get('checkbox', 'First selected row is a header')).state()).checked).toBe('true');
    expect(await pane.page.locator('#score-spend').inputValue()).toBe('2');

    await (await pane.ax.get('button', 'Write formulas')).locator.click();
    await waitForText(pane.page, '#score-selection', 'Wrote 18 formulas');
    const book = await pane.dump();
    const written = book.cells.filter((cell) => cell.column >= 3 && cell.formula?.includes('CLIMATE.'));
    expect([...new Set(written.map((cell) => cell.row))]).toEqual([4, 5, 6, 7, 8, 9]);
    expect(book.cells.find((cell) => cell.row === 3 && cell.column === 3)?.value).toBe('Climate score');
    expect(book.inserts).toEqual([]);

    await openSection(pane, 'section-summary');
    await (await pane.ax.get('button', 'Build summary')).locator.click();
    await waitForText(pane.page, '#summary-status', 'from 6 rows of Supplier register');
    await pane.page.context().close();
  }, 60_000);
});

describe('formulas in a table that read their row by structured reference', () => {
  test("Build summary and Review selection read each row's own name through [@Supplier]", async () => {
    const names = suite.sandbox.population.organizations.slice(0, 6).map((o) => o.name);
    const pane = await open(
      {
        name: 'Vendors',
        rows: [
          ['Supplier', 'Website', 'Climate score', 'SBTi'],
          ...names.map((name) => [
            name,
            null,
            '=CLIMATE.SCORE([@Supplier])',
            '=CLIMATE.FLAG([@Supplier],"sbti",[@Website])',
          ]),
        ],
        tables: [{ name: 'Suppliers', box: { rowIndex: 0, columnIndex: 0, rowCount: 7, columnCount: 4 } }],
        selection: { rowIndex: 1, columnIndex: 2, rowCount: 6, columnCount: 2 },
      },
      PLAIN_HOST.requirements,
    );
    await openSection(pane, 'section-summary');
    await (await pane.ax.get('button', 'Build summary')).locator.click();
    await waitForText(
      pane.page,
      '#summary-status',
      'Built "Climate summary" from 6 rows of Vendors (scores in column C',
    );
    const summary = (await pane.dump()).sheets.find((sheet) => sheet.name === 'Climate summary')!;
    // The names are column A's, the flags column D's: what the structured references point at.
    const formulas = summary.cells.map((cell) => cell.formula ?? '');
    expect(formulas).toContain(`=IF(AE2,IFERROR(CLIMATE.STATUS('Vendors'!$A2),""),"")`);
    expect(formulas.some((formula) => formula.includes(`COUNTIFS('Vendors'!$D$2:$D$7,TRUE()`))).toBe(true);

    await pane.page.evaluate(() =>
      (window as unknown as { __workbook: { select(box: object, sheet: string): void } }).__workbook.select(
        { rowIndex: 1, columnIndex: 2, rowCount: 6, columnCount: 2 },
        'Vendors',
      ),
    );
    await openSection(pane, 'section-review');
    await (await pane.ax.get('button', 'Review selection')).locator.click();
    await waitForText(pane.page, '#review-status', 'of 6 rows to review.');
    await pane.page.locator('#review-filter').selectOption('all');
    await pane.page.locator('#review-filter').dispatchEvent('change');
    await pane.page.waitForFunction(() => document.querySelectorAll('#review-list > li[data-row]').length === 6);
    const listed = await pane.page
      .locator('#review-list > li[data-row]')
      .evaluateAll((items) => items.map((li) => [Number(li.getAttribute('data-row')), li.textContent ?? '']));
    expect(listed.map(([row]) => row)).toEqual([2, 3, 4, 5, 6, 7]);
    listed.forEach(([, text], i) => expect(text).toContain(names[i]));
    await pane.page.context().close();
  }, 60_000);
});
