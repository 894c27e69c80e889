/**
 * CLIMATE formulas read on a grid of cells, pure: what a cell asks for (its calls, and for a dot
 * reference to a card the card's CLIMATE.ORG call), the organization a row's formulas name (name,
 * website, country, read through the cells their arguments point at), and the cells whose formulas
 * carry those arguments (what Refine rewrites). An argument is a literal or a reference to a cell of
 * the grid: in A1 notation, or a this-row structured reference to a table of the sheet, read here for
 * every flow (`referencedCell`). Anything else (a nested formula, another sheet, a whole table column)
 * is reported as unresolved, never guessed.
 */
import type { OrganizationQuery } from '../../engine';
import { parseOrganization } from '../../functions/arguments/organizationArgument';
import { parseCellRef } from './a1';
import { climateCalls, fieldReferences, organizationTexts, unquote, type ArgumentTexts } from './formulas';
import { formulaAt, hasColumn, valueAt, type CellGrid, type CellValue, type RangeBox } from './grid';
import { parseThisRow, thisRowCell } from './structuredReferences';

export interface OrganizationArgs {
  organization: CellValue;
  website: CellValue;
  country: CellValue;
}

/** One thing a cell asks for: a CLIMATE call, or a field of a card its dot reference reads. */
export interface CellReading {
  /** SCORE, FLAG…, or ORG for a dot reference (the card's function). */
  fn: string;
  /** The call's argument texts; null when a dot reference points at no CLIMATE.ORG cell of the grid. */
  args: string[] | null;
  /** The field a dot reference reads (`Score`, `Industry rank`); null for a call. */
  field: string | null;
  /** The cell whose formula holds the call: the cell itself, or the card's cell. */
  row: number;
  column: number;
}

const isFormula = (text: string): boolean => text.startsWith('=');

/** What the formula in a cell asks for: its CLIMATE calls, then its dot references to cards. */
export function readCell(grid: CellGrid, row: number, column: number): CellReading[] {
  const formula = formulaAt(grid, row, column);
  if (!isFormula(formula)) return [];
  const calls = climateCalls(formula).map((call): CellReading => ({
    fn: call.name,
    args: call.args,
    field: null,
    row,
    column,
  }));
  const cards = fieldReferences(formula).map(({ reference, field }): CellReading => {
    const cell = referencedCell(grid, reference, { row, column });
    if (!cell) return { fn: 'ORG', args: null, field, row, column };
    const card = climateCalls(formulaAt(grid, cell.row, cell.column)).find((c) => c.name === 'ORG');
    return { fn: 'ORG', args: card?.args ?? null, field, row: cell.row, column: cell.column };
  });
  return [...calls, ...cards];
}

/** A cell of the grid's sheet, 0-based. */
export interface SheetCell {
  row: number;
  column: number;
}

/**
 * The cell of the grid's sheet an argument text points at, written in the formula of cell `at`: an A1
 * reference on this sheet, or a this-row structured reference (`[@Supplier]`) to one of its tables;
 * null for anything else.
 */
export function referencedCell(grid: CellGrid, text: string, at: SheetCell): SheetCell | null {
  const ref = parseCellRef(text);
  if (ref) {
    const here = ref.sheet === null || ref.sheet.toLowerCase() === grid.sheet.toLowerCase();
    return here ? { row: ref.row, column: ref.column } : null;
  }
  const structured = parseThisRow(text);
  return structured && thisRowCell(grid.tables ?? [], structured, at.row, at.column);
}

const UNRESOLVED = Symbol('unresolved');
type Resolved = CellValue | typeof UNRESOLVED;

function resolveArgument(text: string, grid: CellGrid, at: SheetCell): Resolved {
  if (text === '') return null;
  const quoted = unquote(text);
  if (quoted !== null) return quoted;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const cell = referencedCell(grid, text, at);
  if (!cell || !grid.values[cell.row - grid.rowIndex] || cell.column < grid.columnIndex) return UNRESOLVED;
  return valueAt(grid, cell.row, cell.column);
}

/** The reading's argument texts for the organization; null when it names none (INDUSTRIES, SBTI, HEADERS). */
function textsOf(reading: CellReading): ArgumentTexts | null | typeof UNRESOLVED {
  if (reading.args === null) return UNRESOLVED;
  return organizationTexts({ name: reading.fn, args: reading.args });
}

/** The organization a reading asks for; null when it names none; UNRESOLVED when it cannot be read. */
function organizationOf(grid: CellGrid, reading: CellReading): OrganizationArgs | null | typeof UNRESOLVED {
  const texts = textsOf(reading);
  if (texts === null || texts === UNRESOLVED) return texts;
  const [organization, website, country] = [texts.organization, texts.website, texts.country].map((text) =>
    resolveArgument(text, grid, reading),
  );
  if (organization === UNRESOLVED || website === UNRESOLVED || country === UNRESOLVED) return UNRESOLVED;
  return { organization, website, country };
}

/**
 * The cells a reading's organization, website and country arguments point at (null where an argument
 * is no cell of the sheet); null for a reading that names no organization or cannot be read.
 */
export function argumentTargets(
  grid: CellGrid,
  reading: CellReading,
): Record<keyof ArgumentTexts, SheetCell | null> | null {
  const texts = textsOf(reading);
  if (texts === null || texts === UNRESOLVED) return null;
  const [organization, website, country] = [texts.organization, texts.website, texts.country].map((text) =>
    referencedCell(grid, text, reading),
  );
  return { organization, website, country };
}

/** The readings of a row's cells, left to right, within `columns` when given. */
function rowReadings(grid: CellGrid, row: number, columns?: RangeBox): CellReading[] {
  const width = grid.formulas[row - grid.rowIndex]?.length ?? 0;
  const readings: CellReading[] = [];
  for (let c = 0; c < width; c++) {
    const column = grid.columnIndex + c;
    if (!columns || hasColumn(columns, column)) readings.push(...readCell(grid, row, column));
  }
  return readings;
}

/** The organization a row's CLIMATE formulas (within `columns`) ask for: the first reading that can be read. */
export function rowOrganization(grid: CellGrid, row: number, columns?: RangeBox): OrganizationArgs | null {
  for (const reading of rowReadings(grid, row, columns)) {
    const found = organizationOf(grid, reading);
    if (found !== null && found !== UNRESOLVED) return found;
  }
  return null;
}

/** The engine's query for an organization some formulas ask for; null for arguments the functions refuse. */
export function organizationQuery(args: OrganizationArgs): OrganizationQuery | null {
  try {
    return parseOrganization(args.organization, args.website, args.country).query;
  } catch {
    return null; // a bad identifier never reaches the engine
  }
}

/**
 * The distinct organizations asked for by the CLIMATE formulas in rows `top..bottom` of the grid.
 * `unresolved` counts calls that could not be read (their cells are still recalculated).
 */
export function organizationsInRows(
  grid: CellGrid,
  top: number,
  bottom: number,
): { organizations: OrganizationArgs[]; calls: number; unresolved: number } {
  const seen = new Map<string, OrganizationArgs>();
  let calls = 0;
  let unresolved = 0;
  for (let row = Math.max(top, grid.rowIndex); row <= bottom; row++) {
    for (const reading of rowReadings(grid, row)) {
      const found = organizationOf(grid, reading);
      if (found === null) continue; // INDUSTRIES, SBTI, HEADERS: no organization to refresh
      calls++;
      if (found === UNRESOLVED) unresolved++;
      else seen.set(JSON.stringify(found), found);
    }
  }
  return { organizations: [...seen.values()], calls, unresolved };
}

/** A cell and the formula it holds. */
export interface FormulaCell {
  row: number;
  column: number;
  formula: string;
}

/**
 * The cells whose formulas carry a row's organization arguments, within `columns`: the CLIMATE cells
 * themselves, and for dot references the card cells they read (each once).
 */
export function argumentCells(grid: CellGrid, row: number, columns: RangeBox): FormulaCell[] {
  const cells = new Map<string, FormulaCell>();
  for (const reading of rowReadings(grid, row, columns)) {
    const texts = textsOf(reading);
    if (texts === null || texts === UNRESOLVED) continue;
    const formula = formulaAt(grid, reading.row, reading.column);
    cells.set(`${reading.row},${reading.column}`, { row: reading.row, column: reading.column, formula });
  }
  return [...cells.values()];
}

/** The queries of the organizations some formulas ask for; arguments the functions would refuse are left out. */
export function queriesOf(organizations: OrganizationArgs[]): OrganizationQuery[] {
  // A bad identifier never reached the engine: nothing cached to drop.
  return organizations.flatMap((args) => organizationQuery(args) ?? []);
}
