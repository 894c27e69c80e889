/**
 * The workbook's grid: its cells by sheet, column and row, each with what was typed into it, its
 * formula (parsed once when entered) and its current outcome, and which formula cells reference
 * which cells, so that a cell that settles can have its dependents recalculated as Excel does.
 */
import { expandRange, formatCell, parseCell, type CellRef } from '../stand-ins/addresses';
import { errorLiteral } from '../stand-ins/cellOutcome';
import { parseFieldFormula, type FieldFormula } from '../stand-ins/entityFields';
import { parseFormula, type FormulaArgument, type ParsedFormula } from './formula';
import type { CellOutcome, CellReport, InputValue, Outcome, SheetResults } from './types';

export interface Cell {
  sheet: string;
  column: number;
  row: number;
  /** "Sheet1!B2", made once: an invocation with `requiresAddress` carries it every time. */
  address: string;
  input: InputValue;
  formula: (({ parsed: ParsedFormula; field: null } | { parsed: null; field: FieldFormula }) & FormulaText) | null;
  outcome: CellOutcome;
  /** The characters of JSON its latest result crossed Excel's boundary as (returnedValues.ts). */
  bytes: number;
  generation: number;
  invocations: number;
  /** The running invocation, to cancel when a newer one replaces it. */
  running: { onCanceled?: () => void } | null;
}

interface FormulaText {
  text: string;
  /** The keys of the cells it references, worked out once (precedents()). */
  precedents?: number[];
}

/** The outcome of a cell being calculated: one frozen object, shared by every such cell. */
export const BUSY: CellOutcome = Object.freeze({ kind: 'busy' });

export class Grid {
  /** Keyed by a number (key()): building a string per lookup was about a quarter of entering 200,000 formulas. */
  private readonly cells = new Map<number, Cell>();
  private readonly sheetIds = new Map<string, number>();
  /** Sheets that hold a cell: asked at every range.calculate, where a scan of the cells made a sheet of 200,000 slow. */
  private readonly sheets = new Set<string>();
  /** Formula cells by address, and the cell each reference names: a recalculation looks them up instead of parsing. */
  private readonly formulaCells = new Map<string, Cell>();
  private readonly referenced = new Map<FormulaArgument, Cell>(); // not weak: a WeakMap's entries cost every collection
  /** Per referenced cell's key, the formula cells that reference it. */
  private readonly dependents = new Map<number, Set<Cell>>();

  /** The cell there, made empty when never written. */
  cellAt(sheet: string, column: number, row: number): Cell {
    const key = this.key(sheet, column, row);
    let cell = this.cells.get(key);
    if (!cell) {
      cell = {
        sheet,
        column,
        row,
        address: formatCell(sheet, column, row),
        input: null,
        formula: null,
        outcome: { kind: 'value', value: null },
        bytes: 0,
        generation: 0,
        invocations: 0,
        running: null,
      };
      this.cells.set(key, cell);
      this.sheets.add(sheet);
    }
    return cell;
  }

  /** The cell there, undefined when never written. */
  find(sheet: string, column: number, row: number): Cell | undefined {
    return this.cells.get(this.key(sheet, column, row));
  }

  /** The formula cell at "Sheet1!B2", as entered (no range, no default sheet). */
  formulaCell(address: string): Cell | undefined {
    return this.formulaCells.get(address);
  }

  /** Every formula cell, in the order entered. */
  formulas(): IterableIterator<Cell> {
    return this.formulaCells.values();
  }

  all(): IterableIterator<Cell> {
    return this.cells.values();
  }

  hasSheet(sheet: string): boolean {
    return this.sheets.has(sheet);
  }

  /** The sheets that hold a cell, in the order first written (Excel's tab order here). */
  sheetNames(): string[] {
    return [...this.sheets];
  }

  /**
   * The smallest block that holds every written cell of the sheet (Worksheet.getUsedRange, ExcelApi
   * 1.1: "the smallest range that encompasses any cells that have a value or formatting"); null when
   * it has none.
   */
  usedRange(sheet: string): { row: number; column: number; rows: number; columns: number } | null {
    let [top, left, bottom, right] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const cell of this.cells.values()) {
      if (cell.sheet !== sheet || (cell.formula === null && cell.input === null)) continue;
      [top, left] = [Math.min(top, cell.row), Math.min(left, cell.column)];
      [bottom, right] = [Math.max(bottom, cell.row), Math.max(right, cell.column)];
    }
    // as Range.rowIndex and columnIndex count: from 0
    return top === Infinity ? null : { row: top - 1, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  /**
   * The sheet takes a new name, its cells with it, as Excel's rename does. References keep pointing at
   * the same cells (they are kept by the sheet's id); the text of a formula naming the sheet is not rewritten.
   */
  renameSheet(from: string, to: string): void {
    const id = this.sheetIds.get(from);
    if (id === undefined || !this.sheets.has(from)) throw new Error(`harness: no sheet ${from} to rename`);
    if (this.sheetIds.has(to)) throw new Error(`harness: a sheet ${to} exists already`);
    this.sheetIds.delete(from);
    this.sheetIds.set(to, id);
    this.sheets.delete(from);
    this.sheets.add(to);
    for (const cell of this.cells.values()) {
      if (cell.sheet !== from) continue;
      if (cell.formula) this.formulaCells.delete(cell.address);
      cell.sheet = to;
      cell.address = formatCell(to, cell.column, cell.row);
      if (cell.formula) this.formulaCells.set(cell.address, cell);
    }
  }

  /** Types `text` into the cell: dot notation and FIELDVALUE are Excel's own, anything else a function call. */
  enterFormula(sheet: string, column: number, row: number, text: string): Cell {
    const cell = this.cellAt(sheet, column, row);
    const field = parseFieldFormula(text);
    cell.formula = field ? { text, parsed: null, field } : { text, parsed: parseFormula(text), field: null };
    this.formulaCells.set(cell.address, cell);
    return cell;
  }

  /** Records that the cell's formula depends on the cells it references. */
  watchPrecedents(cell: Cell): void {
    for (const key of this.precedents(cell)) {
      const set = this.dependents.get(key) ?? new Set<Cell>();
      set.add(cell);
      this.dependents.set(key, set);
    }
  }

  /** The formula cells that reference this one. */
  dependentsOf(cell: Cell): Iterable<Cell> {
    return this.dependents.get(this.key(cell.sheet, cell.column, cell.row)) ?? [];
  }

  /**
   * 'waiting' while a referenced formula cell is busy; the error a referenced cell holds (a formula's,
   * or an error value typed or pasted in); else null. Excel calls no custom function with an error
   * argument unless functions.json sets `allowErrorForDataTypeAny`, which ours does not.
   */
  blocked(cell: Cell): 'waiting' | Outcome | null {
    let error: Outcome | null = null;
    for (const key of this.precedents(cell)) {
      const precedent = this.cells.get(key);
      if (!precedent) continue;
      if (!precedent.formula) {
        error ??= errorValue(precedent.input);
        continue;
      }
      if (precedent.outcome.kind === 'busy') return 'waiting';
      if (precedent.outcome.kind === 'error') error ??= precedent.outcome;
    }
    return cell.formula?.field ? null : error;
  }

  /**
   * The cell a formula's reference names (null: never written), looked up once per reference: each
   * formula cell has its own parsed arguments, on its own sheet.
   */
  cellNamed(arg: { kind: 'cell'; address: string }, sheet: string): Cell | null {
    let cell = this.referenced.get(arg) ?? null;
    if (cell === null) {
      const ref = parseCell(arg.address);
      cell = this.cells.get(this.key(ref.sheet ?? sheet, ref.column, ref.row)) ?? null;
      if (cell !== null) this.referenced.set(arg, cell);
    }
    return cell;
  }

  /** Every formula cell: its address, formula, current outcome and invocation count. */
  report(): SheetResults {
    const results: SheetResults = {};
    for (const cell of this.cells.values()) {
      if (!cell.formula) continue;
      const report: CellReport = {
        address: cell.address,
        formula: cell.formula.text,
        outcome: cell.outcome,
        invocations: cell.invocations,
        bytes: cell.bytes,
      };
      results[report.address] = report;
    }
    return results;
  }

  /** The keys of the cells a formula references: parsed once per formula, read at every calculation. */
  private precedents(cell: Cell): number[] {
    const formula = cell.formula!;
    if (formula.precedents) return formula.precedents;
    const refs: CellRef[] = [];
    if (formula.field) refs.push(parseCell(formula.field.address));
    else
      for (const arg of formula.parsed.args) {
        if (arg.kind === 'cell') refs.push(parseCell(arg.address));
        else if (arg.kind === 'range') refs.push(...expandRange(arg.address));
      }
    return (formula.precedents = refs.map((ref) => this.key(ref.sheet ?? cell.sheet, ref.column, ref.row)));
  }

  /** Sheet, row and column in one number: columns < 2^14, rows <= 2^20, so each part has its own bits. */
  private key(sheet: string, column: number, row: number): number {
    let id = this.sheetIds.get(sheet);
    if (id === undefined) this.sheetIds.set(sheet, (id = this.sheetIds.size));
    return (id * 2 ** 21 + row) * 2 ** 14 + column;
  }
}

/** The error an input cell holds: an ErrorCellValue typed or pasted in (a #N/A from another workbook, say). */
function errorValue(input: InputValue): Outcome | null {
  if (typeof input !== 'object' || input === null || input.type !== 'Error') return null;
  return {
    kind: 'error',
    code: typeof input.basicValue === 'string' ? input.basicValue : errorLiteral(input.errorType),
  };
}
