/**
 * What a formula reads from the grid: the argument a custom function receives for each parameter
 * (by its metadata: an empty cell is null, a `matrix` parameter gets a 2-D array), and the value
 * dot notation or FIELDVALUE calculates from the entity a cell holds (entityFields.ts).
 */
import { expandRange, parseCell } from '../stand-ins/addresses';
import { fieldOutcome, type FieldFormula } from '../stand-ins/entityFields';
import type { FormulaArgument } from './formula';
import type { Cell, Grid } from './grid';
import type { Outcome, ParameterMetadata } from './types';

/** The value a function receives for `param` from `arg`, written in a formula on `sheet`. */
export function argumentValue(
  grid: Grid,
  arg: FormulaArgument | undefined,
  param: ParameterMetadata,
  sheet: string,
): unknown {
  const matrix = param.dimensionality === 'matrix';
  // An omitted optional argument, trailing or not, is null (custom-functions-parameter-options:
  // "Excel assigns it the value null").
  if (arg === undefined || arg.kind === 'omitted') return null;
  if (arg.kind === 'literal') return matrix ? [[arg.value]] : arg.value;
  if (arg.kind === 'cell') {
    const value = valueOf(grid.cellNamed(arg, sheet));
    return matrix ? [[value]] : value;
  }
  const refs = expandRange(arg.address);
  if (!matrix) {
    if (refs.length === 1) return valueOf(grid.find(refs[0].sheet ?? sheet, refs[0].column, refs[0].row) ?? null);
    throw new Error(`harness: range ${arg.address} given to scalar parameter ${param.name}`);
  }
  const rows = new Map<number, unknown[]>();
  for (const ref of refs) {
    const row = rows.get(ref.row) ?? [];
    row.push(valueOf(grid.find(ref.sheet ?? sheet, ref.column, ref.row) ?? null));
    rows.set(ref.row, row);
  }
  return [...rows.values()];
}

/** What dot notation or FIELDVALUE on `sheet` shows, from the cell it names. */
export function fieldValue(grid: Grid, formula: FieldFormula, sheet: string): Outcome {
  const ref = parseCell(formula.address);
  const source = grid.find(ref.sheet ?? sheet, ref.column, ref.row);
  if (source?.formula && source.outcome.kind !== 'value' && source.outcome.kind !== 'error') {
    return { kind: 'error', code: '#FIELD!' }; // a spilled array holds no entity
  }
  const outcome: Outcome = source?.formula
    ? (source.outcome as Outcome)
    : { kind: 'value', value: source?.input ?? null };
  return fieldOutcome(outcome, formula.field);
}

/** An input cell's value (null when empty); a formula cell's settled value, a data type as its JSON. */
function valueOf(cell: Cell | null): unknown {
  if (!cell) return null;
  if (!cell.formula) return cell.input;
  if (cell.outcome.kind === 'value') return cell.outcome.value;
  throw new Error(`harness: ${cell.address} is referenced before it has a plain value`);
}
