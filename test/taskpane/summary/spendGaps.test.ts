/**
 * What the pane says after building the summary when suppliers' spend cells are not numbers (text
 * amounts an ERP export or a paste left, errors): how many, the first of them, and what to do. Those
 * rows count as no spend on the sheet (summaryFigures.test.ts checks the sheet's own count agrees).
 */
import type { CellValue } from '../../../src/taskpane/sheet/grid';
import { spendGapMessage, spendGaps } from '../../../src/taskpane/summary/spendGaps';

/** The message for a block whose first supplier is on sheet row 3 (0-based row 2). */
const say = (names: CellValue[], spend: CellValue[]): string | null => spendGapMessage(spendGaps(names, spend, 2));
const suppliers = (count: number): string[] => Array.from({ length: count }, (_, i) => `Supplier ${i}`);

describe('spend cells that are not a number', () => {
  test('text amounts: how many of the suppliers, the first with its row and text, and how to fix it', () => {
    const spend: CellValue[] = [1200, 0, '€1.234,56', 300, '12\u00a0345\u00a0€', '$12,345.00'];
    expect(say(suppliers(6), spend)).toBe(
      'Spend: 3 of 6 suppliers\' spend cells hold text, not a number (first: row 5, "€1.234,56"); they count as no ' +
        'spend. Convert the column to numbers (Data > Text to Columns) and build again.',
    );
  });

  test('one cell is said in the singular', () => {
    expect(say(suppliers(3), [1, '12,345', 2])).toBe(
      'Spend: 1 of 3 suppliers\' spend cells holds text, not a number (first: row 4, "12,345"); it counts as no ' +
        'spend. Convert the column to numbers (Data > Text to Columns) and build again.',
    );
  });

  test('errors are said as errors, with their own remedy; a mix names both', () => {
    expect(say(suppliers(3), [1, '#REF!', '#N/A'])).toBe(
      "Spend: 2 of 3 suppliers' spend cells show an error, not a number (first: row 4, #REF!); they count as no " +
        'spend. Correct those cells and build again.',
    );
    expect(say(suppliers(3), ['#DIV/0!', 'EUR 1,200', 5])).toBe(
      "Spend: 2 of 3 suppliers' spend cells hold text or an error, not a number (first: row 3, #DIV/0!); they " +
        'count as no spend. Convert the text to numbers (Data > Text to Columns), correct the errors and build again.',
    );
  });

  test('empty spend and what a list writes for none (N/A, -) are gaps the analyst sees, not reported', () => {
    expect(say(suppliers(5), [100, null, '', ' n/a ', '-'])).toBeNull();
    expect(spendGaps(suppliers(5), [100, null, '', ' n/a ', '-'], 2)).toEqual({
      suppliers: 5,
      text: 0,
      errors: 0,
      first: null,
    });
  });

  test('rows that name no supplier are not counted, neither in the gaps nor in the suppliers', () => {
    expect(say(['Acme', '', 'N/A', 'Globex'], ['1.200', '1.300', '1.400', 5])).toBe(
      'Spend: 1 of 2 suppliers\' spend cells holds text, not a number (first: row 3, "1.200"); it counts as no ' +
        'spend. Convert the column to numbers (Data > Text to Columns) and build again.',
    );
  });

  test('a long text is cut in the message, so the status stays readable', () => {
    const long = `Total spend 2025 incl. framework agreements and ${'x'.repeat(80)}`;
    expect(say(['Acme'], [long])).toContain('(first: row 3, "Total spend 2025 incl. framewor…")');
  });
});
