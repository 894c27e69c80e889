/**
 * What the pane reads from a sheet, as plain data: a cell's value, a box of rows and columns, a range
 * on a named sheet, and a grid of values and formulas with its place on the sheet. Every reader in
 * sheet/ returns these; the sections' pure models take them, so they run in tests without Excel.
 */
import { isPlaceholder, PLACEHOLDERS } from '../../functions/arguments/cellInput';

export type CellValue = string | number | boolean | null;

/**
 * A cell with nothing in it: empty, or only spaces, control characters (a tab, a line break) and the
 * no-break spaces a paste from the web or a PDF brings (U+00A0, U+202F, the ideographic U+3000).
 */
export function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && /^[\x00-\x20\u00a0\u202f\u3000]*$/.test(value));
}

/**
 * A name cell that names no supplier: blank, or what a list writes for no value (`N/A`, `TBD`), which
 * the functions read as an empty organization. Score a column writes no formulas in such a row, and
 * the Climate summary counts no supplier there: its formulas test the same rule as `namedFormula`.
 */
export function namesNoSupplier(value: CellValue): boolean {
  return isBlank(value) || (typeof value === 'string' && isPlaceholder(value));
}

/** The characters `namedFormula` reads as a space, as Excel's UNICHAR codes: tab, line breaks, no-break spaces. */
const SPACE_LIKE = [9, 10, 13, 160, 8239, 12288];

/**
 * `namesNoSupplier`'s opposite as an Excel formula over one cell, TRUE or FALSE. SUBSTITUTE turns the
 * space-like characters into spaces, CLEAN drops the other control characters, TRIM collapses the
 * spaces; the text is then compared with "" and every placeholder at once (Excel's `=` ignores case,
 * and unlike MATCH reads no wildcards, so a name `*` is no placeholder). An error counts as
 * something: the pane reads an error cell as its code (`#N/A`), which names no placeholder.
 * `TRUE()` rather than `TRUE`: Excel reads both, HyperFormula (which computes the summary in the
 * tests) only the function.
 */
export function namedFormula(cell: string): string {
  const spaced = SPACE_LIKE.reduce((text, code) => `SUBSTITUTE(${text},UNICHAR(${code})," ")`, cell);
  const nothing = ['', ...PLACEHOLDERS].map((text) => `"${text.replace(/"/g, '""')}"`).join(',');
  return `IFERROR(NOT(OR(TRIM(CLEAN(${spaced}))={${nothing}})),TRUE())`;
}

/** Rows and columns of a sheet, 0-based (as Excel.Range's rowIndex, columnIndex, rowCount, columnCount). */
export interface RangeBox {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/** A box on a named sheet: a selection to read again, a block of CLIMATE formulas. */
export interface SheetRange {
  sheet: string;
  box: RangeBox;
}

/**
 * Cells of a sheet: `values[r][c]` and `formulas[r][c]` are the cell at sheet row `rowIndex + r` and
 * column `columnIndex + c`. Excel gives a constant's value as its "formula", so `formulas` alone says
 * what every cell holds; `values` are what the formulas show.
 */
export interface CellGrid {
  sheet: string;
  rowIndex: number;
  columnIndex: number;
  values: CellValue[][];
  formulas: CellValue[][];
  /** The sheet's Excel tables, only when it has any: what structured references in its formulas name. */
  tables?: readonly SheetTable[];
  /** Excel's type of each value (Excel.RangeValueType: `Error`, `Double`, `Boolean`…), when the read asked for it. */
  valueTypes?: string[][];
  /** Each cell's number format code (Range.numberFormat: "General" where none is set), when the read asked for it. */
  numberFormat?: string[][];
  /** Each value as Excel's JSON cell value (a card with its properties), when asked for and the host has it (ExcelApi 1.16). */
  valuesAsJson?: unknown[][];
}

/**
 * The rows of an Excel table (ListObject) the selection's first column runs through: its header row
 * (null when the table hides it) and its data rows, which end above the total row when it shows one.
 */
export interface TableRows {
  headerRow: number | null;
  firstDataRow: number;
  lastDataRow: number;
}

/** An Excel table on a sheet: its name, its whole range (header and total rows included), its rows and its columns' names. */
export interface SheetTable extends TableRows {
  name: string;
  box: RangeBox;
  /** Left to right from the box's first column. */
  headers: readonly string[];
}

/** What the selection reader returns: the selected box, the sheet's used range, and cells around them. */
export interface SelectionSnapshot {
  sheet: string;
  selection: RangeBox;
  /** The sheet's used range; null when the sheet is empty. */
  used: RangeBox | null;
  /**
   * The first row of the selection's first column that holds anything (its header or first name):
   * the used range may start higher, at a title or a source line in another column. Null when that
   * column is empty or was not read: the used range's top stands in.
   */
  firstFilledRow: number | null;
  /** The table the selected names are in: its header row is theirs, its total row no supplier. Absent: none. */
  table?: TableRows | null;
  /** The merged areas whose top-left cell is in the used rows (ExcelApi 1.13). Absent: none known. */
  merged?: RangeBox[];
  /** The hidden columns among the first ones right of the used range (ExcelApi 1.2). Absent: none known. */
  hiddenColumns?: number[];
  /**
   * Values and formulas over the used columns, from two rows above the selection (when there are
   * any: its header, and the source line over a header) down to the last selected row inside the
   * used range. Empty when not asked for.
   */
  grid: CellGrid;
}

/** The formula (or constant) at a sheet cell, '' outside the grid. */
export function formulaAt(grid: CellGrid, row: number, column: number): string {
  const cell = grid.formulas[row - grid.rowIndex]?.[column - grid.columnIndex] ?? null;
  return cell === null ? '' : String(cell);
}

/** The value at a sheet cell, null outside the grid. */
export function valueAt(grid: CellGrid, row: number, column: number): CellValue {
  if (column < grid.columnIndex) return null;
  return grid.values[row - grid.rowIndex]?.[column - grid.columnIndex] ?? null;
}

/** The grid's rows `top..bottom` only (sheet rows), e.g. the selected ones without those read above. */
export function gridRows(grid: CellGrid, top: number, bottom: number): CellGrid {
  const from = Math.max(0, top - grid.rowIndex);
  const to = Math.max(from, bottom - grid.rowIndex + 1);
  return {
    ...grid,
    rowIndex: grid.rowIndex + from,
    values: grid.values.slice(from, to),
    formulas: grid.formulas.slice(from, to),
  };
}

/** The last row of a box (0-based, inclusive). */
export const lastRow = (box: RangeBox): number => box.rowIndex + box.rowCount - 1;

/** The box's columns contain `column`. */
export const hasColumn = (box: RangeBox, column: number): boolean =>
  column >= box.columnIndex && column < box.columnIndex + box.columnCount;

/** The box's rows contain `row`. */
export const hasRow = (box: RangeBox, row: number): boolean => row >= box.rowIndex && row <= lastRow(box);
