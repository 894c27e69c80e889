/** A1 notation, pure: column letters both ways and single-cell references. */

/** Column index -> letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`Not a column index: ${index}`);
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Letters -> column index: A -> 0, AA -> 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

export interface CellRef {
  /** The sheet named in the reference (quotes removed), or null for a reference on the same sheet. */
  sheet: string | null;
  row: number;
  column: number;
}

const CELL_REF = /^(?:('(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?\$?([A-Za-z]{1,3})\$?([1-9]\d{0,6})$/;

/** `$A$2`, `b7`, `Sheet1!A2`, `'My sheet'!$C3` -> 0-based row and column; anything else -> null. */
export function parseCellRef(text: string): CellRef | null {
  const match = CELL_REF.exec(text.trim());
  if (!match) return null;
  const rawSheet = match[1];
  const sheet =
    rawSheet === undefined ? null : rawSheet.startsWith("'") ? rawSheet.slice(1, -1).replace(/''/g, "'") : rawSheet;
  return { sheet, row: Number(match[3]) - 1, column: columnIndex(match[2]) };
}
