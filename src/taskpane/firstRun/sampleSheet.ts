/**
 * The first run's sample sheet: twenty fictional suppliers (the first organizations of the sandbox's
 * default population, so the sandbox knows every name) with an annual spend, written on a new sheet
 * whose name no sheet of the workbook has yet, so nothing of the workbook is overwritten. The names'
 * column is selected afterwards, ready for the Score a column machinery.
 */
import { run } from '../sheet/excel';
import SAMPLE_SUPPLIERS from './sampleSuppliers.json';

/** The first of `base`, `base 2`, `base 3`… that no sheet bears (Excel compares sheet names case-insensitively). */
export function freeSheetName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  let candidate = base;
  for (let n = 2; names.has(candidate.toLowerCase()); n += 1) candidate = `${base} ${n}`;
  return candidate;
}

/** The sample's words in the pane's language: the sheet's name (tried first, then "… 2", "… 3") and its headers. */
export interface SampleWords {
  sheet: string;
  supplier: string;
  spend: string;
}

/** Writes the sample on a new sheet, selects its names with their header, and returns the sheet's name. */
export function writeSampleSheet(words: SampleWords): Promise<string> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const name = freeSheetName(
      words.sheet,
      sheets.items.map((sheet) => sheet.name),
    );
    const sheet = sheets.add(name);
    const rows: Array<[string, string | number]> = [
      [words.supplier, words.spend],
      ...SAMPLE_SUPPLIERS.map(([supplier, spend]) => [String(supplier), Number(spend)] as [string, number]),
    ];
    sheet.getRangeByIndexes(0, 0, rows.length, 2).values = rows;
    sheet.getRangeByIndexes(0, 0, 1, 2).format.font.bold = true;
    sheet.activate();
    sheet.getRangeByIndexes(0, 0, rows.length, 1).select();
    await context.sync();
    return name;
  });
}
