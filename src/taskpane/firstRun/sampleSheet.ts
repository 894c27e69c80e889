/**
 * The first run's sample sheet: twenty fictional suppliers (the first organizations of the sandbox's
 * default population, so the sandbox knows every name) with an annual spend, written on a new sheet
 * whose name no sheet of the workbook has yet, so nothing of the workbook is overwritten. The names'
 * column is selected afterwards, ready for the Score a column machinery.
 */
import { run } from '../sheet/excel';
import SAMPLE_SUPPLIERS from './sampleSuppliers.json';

/** The sheet's name, and the names tried after it when taken ("Sample suppliers 2", "… 3"). */
export const SAMPLE_SHEET_NAME = 'Sample suppliers';

/** The first of `base`, `base 2`, `base 3`… that no sheet bears (Excel compares sheet names case-insensitively). */
export function freeSheetName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  let candidate = base;
  for (let n = 2; names.has(candidate.toLowerCase()); n += 1) candidate = `${base} ${n}`;
  return candidate;
}

/** Writes the sample on a new sheet, selects its names with their header, and returns the sheet's name. */
export function writeSampleSheet(headers: { supplier: string; spend: string }): Promise<string> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name');
    await context.sync();
    const name = freeSheetName(
      SAMPLE_SHEET_NAME,
      sheets.items.map((sheet) => sheet.name),
    );
    const sheet = sheets.add(name);
    const rows: Array<[string, string | number]> = [
      [headers.supplier, headers.spend],
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
