/** A1 notation, pure: column letters both ways, cell and range addresses, single-cell references. */
import { columnIndex, columnLetters } from '../../office/columns';
import { shortList } from '../../i18n/shortList';
import { sheetPrefix, unquoteSheet } from '../../office/sheetName';
import type { RangeBox } from './grid';

export { columnIndex, columnLetters };

/** 0-based row and column -> `B3`. */
export function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row + 1}`;
}

/** A box -> `B3:E9` (a single cell too: `B3:B3`), with `'Sheet'!` in front when a sheet is given. */
export function rangeA1(box: RangeBox, sheet?: string): string {
  const from = cellA1(box.rowIndex, box.columnIndex);
  const to = cellA1(box.rowIndex + box.rowCount - 1, box.columnIndex + box.columnCount - 1);
  return `${sheet === undefined ? '' : sheetPrefix(sheet)}${from}:${to}`;
}

/** A box as a person reads it, without a sheet: `B3:E9`, a single cell `B3`. */
export function areaA1(box: RangeBox): string {
  return box.rowCount === 1 && box.columnCount === 1 ? cellA1(box.rowIndex, box.columnIndex) : rangeA1(box);
}

/** Areas named in a message, the first few: Select Visible Cells over a filtered list makes hundreds. */
const AREAS_NAMED = 3;

/** `A2:A3, A6:A7, B9 and 4 more`: the first few areas as a person reads them, and how many others. */
export function listAreas(boxes: readonly RangeBox[]): string {
  return shortList(boxes.map(areaA1), AREAS_NAMED);
}

/** What a person reads for a range: `Suppliers!B3:E9` (the sheet's name as it is, unquoted). */
export function describeRange(sheet: string, box: RangeBox): string {
  return `${sheet}!${rangeA1(box)}`;
}

export interface CellRef {
  /** The sheet named in the reference (quotes removed), or null for a reference on the same sheet. */
  sheet: string | null;
  row: number;
  column: number;
}

/** A sheet name (quoted, or plain) followed by `!`, optional; then a cell. Also used inside formulas. */
export const SHEET_PART = "(?:('(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?";
export const CELL_PART = '\\$?([A-Za-z]{1,3})\\$?([1-9]\\d{0,6})';
const CELL_REF = new RegExp(`^${SHEET_PART}${CELL_PART}$`);

/** `$A$2`, `b7`, `Sheet1!A2`, `'My sheet'!$C3` -> 0-based row and column; anything else -> null. */
export function parseCellRef(text: string): CellRef | null {
  const match = CELL_REF.exec(text.trim());
  if (!match) return null;
  const [, rawSheet, letters, row] = match;
  return {
    sheet: rawSheet === undefined ? null : unquoteSheet(rawSheet),
    row: Number(row) - 1,
    column: columnIndex(letters),
  };
}
