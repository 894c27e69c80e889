/**
 * A1 addresses as Excel writes them: columns A..XFD, rows from 1, a sheet name quoted unless it is
 * letters and digits only ("'Q3_suppliers'!B2", with ' doubled inside), ranges "B2:D4". Both harness runtimes
 * use these, so this module imports nothing.
 */

export interface CellRef {
  sheet: string | null;
  column: number; // 0-based
  row: number; // 1-based
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function columnIndex(letters: string): number {
  let index = 0;
  for (const ch of letters.toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

/** "Sheet1!$B$2" / "'It''s'!B2" / "B2" -> sheet (unquoted) and the rest. */
export function splitSheet(address: string): { sheet: string | null; rest: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: null, rest: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, rest: address.slice(bang + 1) };
}

export function parseCell(address: string): CellRef {
  const { sheet, rest } = splitSheet(address);
  const match = /^\$?([A-Za-z]{1,3})\$?([1-9][0-9]*)$/.exec(rest.trim());
  if (!match) throw new Error(`harness: not a cell address: ${address}`);
  return { sheet, column: columnIndex(match[1]), row: Number(match[2]) };
}

/** Every cell of "B2", "B2:D4" or "Sheet1!B2:B9", row by row. */
export function expandRange(address: string): CellRef[] {
  const { sheet, rest } = splitSheet(address);
  const [from, to = from] = rest.split(':');
  const a = parseCell(from);
  const b = parseCell(to);
  const cells: CellRef[] = [];
  for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row += 1) {
    for (let column = Math.min(a.column, b.column); column <= Math.max(a.column, b.column); column += 1) {
      cells.push({ sheet, column, row });
    }
  }
  return cells;
}

/** Rows and columns of a range, for the 2-D arrays Excel passes. */
export function rangeShape(address: string): { rows: number; columns: number } {
  const cells = expandRange(address);
  const rows = new Set(cells.map((c) => c.row)).size;
  return { rows, columns: cells.length / rows };
}

/**
 * Excel quotes every sheet name but plain letters and digits in the addresses it gives custom
 * functions: `'Q3_suppliers'!B2`, `'Q3 suppliers'!B2`, `'Q3.suppliers'!B2` (office-js-docs-pr,
 * includes/custom-function-sheetname-note: names with spaces or characters such as `_`, `.`, `-`, `&`).
 */
export function quoteSheet(sheet: string): string {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

/** Sheet prefixes and column names already written: a 200,000-formula sheet formats an address per cell. */
const prefixes = new Map<string, string>();
const columnNames: string[] = [];

/** The address Excel gives an invocation: "Sheet1!B2". */
export function formatCell(sheet: string, column: number, row: number): string {
  let prefix = prefixes.get(sheet);
  if (prefix === undefined) prefixes.set(sheet, (prefix = `${quoteSheet(sheet)}!`));
  return `${prefix}${(columnNames[column] ??= columnName(column))}${row}`;
}
