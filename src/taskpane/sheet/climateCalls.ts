/**
 * "Refresh selected rows", pure part: find the CLIMATE calls in the formulas of some rows and resolve
 * the organization each one asks for (name, website, country), so that the engine can drop exactly
 * those cache entries. A call whose arguments are not plain cell references or literals (nested
 * formulas) is reported as unresolved rather than guessed.
 */
import { parseCellRef } from './a1';
import type { CellValue } from '../score/scoringPlan';

/** Where the organization, website and country arguments sit, per function. */
const ARGUMENT_POSITIONS: Record<string, [number, number, number]> = {
  SCORE: [0, 1, 2],
  MATCH: [0, 1, 2],
  LINK: [0, 1, 2],
  STATUS: [0, 1, 2],
  FLAGS: [0, 1, 2],
  ACTIONS: [0, 1, 2],
  FLAG: [0, 2, 3],
  PROFILE: [0, 2, 3],
};

export interface OrganizationArgs {
  organization: CellValue;
  website: CellValue;
  country: CellValue;
}

export interface CellGrid {
  sheet: string;
  /** Sheet row and column of `values[0][0]`. */
  rowIndex: number;
  columnIndex: number;
  values: CellValue[][];
  formulas: string[][];
}

interface ClimateCall {
  name: string;
  args: string[];
  /** Where the argument list runs in the formula: just after `(` up to its `)`. */
  start: number;
  end: number;
}

/** The calls `CLIMATE.NAME(...)` of a formula, each with its top-level argument texts. */
export function climateCalls(formula: string): ClimateCall[] {
  const calls: ClimateCall[] = [];
  const pattern = /CLIMATE\.([A-Z]+)\s*\(/gi;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(formula)) !== null) {
    const split = splitArguments(formula, pattern.lastIndex);
    if (split) calls.push({ name: match[1].toUpperCase(), args: split.args, start: pattern.lastIndex, end: split.end });
  }
  return calls;
}

/** Top-level comma-separated arguments from just after `(` to the matching `)`; null if unbalanced. */
function splitArguments(formula: string, start: number): { args: string[]; end: number } | null {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = start; i < formula.length; i++) {
    const char = formula[i];
    if (char === '"') {
      const end = formula.indexOf('"', i + 1);
      if (end < 0) return null;
      current += formula.slice(i, end + 1);
      i = end; // an escaped quote ("") just starts the next literal piece
      continue;
    }
    if (char === '(') depth++;
    if (char === ')' && depth-- === 0) {
      args.push(current.trim());
      return { args, end: i };
    }
    if (char === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  return null;
}

const UNRESOLVED = Symbol('unresolved');

function resolveArgument(text: string | undefined, grid: CellGrid): CellValue | typeof UNRESOLVED {
  if (text === undefined || text === '') return null;
  if (/^".*"$/s.test(text)) return text.slice(1, -1).replace(/""/g, '"');
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const ref = parseCellRef(text);
  if (!ref || (ref.sheet !== null && ref.sheet.toLowerCase() !== grid.sheet.toLowerCase())) return UNRESOLVED;
  const row = grid.values[ref.row - grid.rowIndex];
  if (!row || ref.column < grid.columnIndex) return UNRESOLVED;
  return row[ref.column - grid.columnIndex] ?? null;
}

/** The organization a row's CLIMATE formulas ask for: the first call whose arguments can be read. */
export function rowOrganization(grid: CellGrid, row: number): OrganizationArgs | null {
  for (const formula of grid.formulas[row - grid.rowIndex] ?? []) {
    if (typeof formula !== 'string' || !formula.startsWith('=')) continue;
    for (const call of climateCalls(formula)) {
      const positions = ARGUMENT_POSITIONS[call.name];
      if (!positions) continue;
      const [organization, website, country] = positions.map((position) => resolveArgument(call.args[position], grid));
      if (organization === UNRESOLVED || website === UNRESOLVED || country === UNRESOLVED) continue;
      return { organization, website, country };
    }
  }
  return null;
}

/** Argument texts (formula syntax, e.g. `"acme.com"` or `$B2`) to put in place of a call's own. */
export interface ArgumentChange {
  organization?: string;
  website?: string;
  country?: string;
}

/**
 * The formula with the organization, website and country arguments of each of its CLIMATE calls
 * replaced where the change says so (a missing optional argument is added, empty ones before it).
 */
export function withArguments(formula: string, change: ArgumentChange): string {
  let result = formula;
  // From the last call back, so that the positions of earlier calls still hold.
  for (const call of climateCalls(formula).reverse()) {
    const positions = ARGUMENT_POSITIONS[call.name];
    if (!positions) continue;
    const args = [...call.args];
    [change.organization, change.website, change.country].forEach((text, i) => {
      if (text === undefined) return;
      while (args.length <= positions[i]) args.push('');
      args[positions[i]] = text;
    });
    result = result.slice(0, call.start) + args.join(',') + result.slice(call.end);
  }
  return result;
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
    for (const formula of grid.formulas[row - grid.rowIndex] ?? []) {
      if (typeof formula !== 'string' || !formula.startsWith('=')) continue;
      for (const call of climateCalls(formula)) {
        const positions = ARGUMENT_POSITIONS[call.name];
        if (!positions) continue; // INDUSTRIES, SBTI, HEADERS: no organization to refresh
        calls++;
        const [organization, website, country] = positions.map((position) =>
          resolveArgument(call.args[position], grid),
        );
        if (organization === UNRESOLVED || website === UNRESOLVED || country === UNRESOLVED) {
          unresolved++;
          continue;
        }
        const args = { organization, website, country };
        seen.set(JSON.stringify(args), args);
      }
    }
  }
  return { organizations: [...seen.values()], calls, unresolved };
}
