/**
 * This-row structured references, pure: `[@Supplier]`, `[@[Supplier name]]`, `Suppliers[@Supplier]`
 * and `Suppliers[[#This Row],[Supplier]]`, what Excel writes when one clicks a cell of the formula's
 * own table row. Read as Excel reads them: table names, column names and `#This Row` in any case, `'`
 * escaping the next character of a column name (`'[`, `']`, `'#`, `''`), spaces inside the outer
 * brackets and after the comma. Each resolves to the cell in the formula's row and the named column
 * of a table on the grid's sheet. Any other structured reference (a whole column, several columns, the
 * header row, a table the sheet does not have) is no single cell of that row: null, never guessed.
 */
import { hasColumn, type SheetTable } from './grid';

export interface ThisRowReference {
  /** The table named in front, or null for an unqualified reference (the formula's own table). */
  table: string | null;
  column: string;
}

/** Excel's table names: a letter, `_` or `\` first, then letters, digits, `_`, `.` or `\`; then the specifier. */
const TABLE_AND_BRACKET = /^([\p{L}_\\][\p{L}\p{N}_.\\]*)?\[/u;
const THIS_ROW = /^\[#This Row\]$/i;

/** Where the bracket opened at `open` closes, nested brackets and `'` escapes stepped over; -1 if never. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "'") i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

const unescaped = (name: string): string => name.replace(/'(.)/gs, '$1');

/** `[name]` standing alone -> the name, escapes read; null for anything else (`[a]:[b]` too). */
function bracketed(text: string): string | null {
  return text.startsWith('[') && closingBracket(text, 0) === text.length - 1 ? unescaped(text.slice(1, -1)) : null;
}

/** A specifier's items at its top-level commas, trimmed: `[#This Row], [Supplier]` -> two. */
function items(inner: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "'") i++;
    else if (inner[i] === '[') i = Math.max(i, closingBracket(inner, i));
    else if (inner[i] === ',') {
      parts.push(inner.slice(from, i).trim());
      from = i + 1;
    }
  }
  return [...parts, inner.slice(from).trim()];
}

/** What follows `@`: `[Supplier name]`, or a plain `Supplier` (no bracket, colon or comma in it). */
function columnAfterAt(rest: string): string | null {
  if (rest.startsWith('[')) return bracketed(rest);
  return rest !== '' && !/[[\]:,]/.test(rest.replace(/'./gs, '')) ? unescaped(rest) : null;
}

/** An argument text as a this-row reference to one column; null for anything else. */
export function parseThisRow(text: string): ThisRowReference | null {
  const trimmed = text.trim();
  const head = TABLE_AND_BRACKET.exec(trimmed);
  if (!head) return null;
  const open = head[0].length - 1;
  if (closingBracket(trimmed, open) !== trimmed.length - 1) return null;
  const inner = trimmed.slice(open + 1, -1).trim();
  let column: string | null = null;
  if (inner.startsWith('@')) column = columnAfterAt(inner.slice(1).trim());
  else {
    const parts = items(inner);
    if (parts.length === 2 && THIS_ROW.test(parts[0])) column = bracketed(parts[1]);
  }
  return column === null ? null : { table: head[1] ?? null, column };
}

/** Excel compares table and column names without regard to case. */
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const inDataRows = (table: SheetTable, row: number): boolean => row >= table.firstDataRow && row <= table.lastDataRow;

/**
 * The cell a this-row reference in the formula at (`row`, `column`) points at: the named table (the
 * one holding the formula when unqualified), that row, the named column. Null when the table is not
 * among `tables` (another sheet's), has no such column, or the row is not one of its data rows.
 */
export function thisRowCell(
  tables: readonly SheetTable[],
  ref: ThisRowReference,
  row: number,
  column: number,
): { row: number; column: number } | null {
  const table = tables.find((t) =>
    ref.table === null ? inDataRows(t, row) && hasColumn(t.box, column) : same(t.name, ref.table),
  );
  if (!table || !inDataRows(table, row)) return null;
  const at = table.headers.findIndex((header) => same(header, ref.column));
  return at < 0 ? null : { row, column: table.box.columnIndex + at };
}
