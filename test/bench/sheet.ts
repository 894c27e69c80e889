/**
 * The benchmark's sheet as Excel holds it: the supplier inputs in column A, SCORE and three FLAGs per
 * row in B..E, calculated by the workbook harness. Every strategy, ours and the baselines, is a set of
 * custom functions on this same sheet, so each pays the same for what Excel does (parsing formulas,
 * invoking 4 x R functions, keeping results) and differs only in how it reaches the service.
 */
import type { CellOutcome as HarnessOutcome, SheetResults, SheetSpec } from '../harness';
import { PENDING } from '../harness/expectations';
import type { CellOutcome } from './cells';
import { FLAG_COLUMNS, type SupplierRow } from './workload';

export const FORMULAS: Record<string, string> = {
  B: '=CLIMATE.SCORE(A{row})',
  ...Object.fromEntries(
    FLAG_COLUMNS.map((flag, i) => [String.fromCharCode(67 + i), `=CLIMATE.FLAG(A{row},"${flag}")`]),
  ),
};
const COLUMNS = Object.keys(FORMULAS);

export function sheetOf(rows: readonly SupplierRow[]): SheetSpec {
  return { inputs: rows.map((row) => [row.input]), formulas: FORMULAS };
}

function toCell(outcome: HarnessOutcome | undefined): CellOutcome {
  if (!outcome || outcome.kind === 'busy') return { kind: 'unsettled' };
  if (outcome.kind === 'array') return { kind: 'error', message: 'unexpected spill' };
  if (outcome.kind === 'error') {
    // Cells whose profile is not final show #N/A "Profiling (status) …": ours, and the baselines too.
    return PENDING.test(outcome.message ?? '')
      ? { kind: 'pending' }
      : { kind: 'error', message: outcome.message ?? outcome.code };
  }
  const value = outcome.value as { basicValue?: unknown } | number | boolean;
  const plain = typeof value === 'object' && value !== null ? value.basicValue : value;
  return typeof plain === 'number' || typeof plain === 'boolean'
    ? { kind: 'value', value: plain }
    : { kind: 'error', message: 'not a value' };
}

/**
 * Cell outcomes in the bench's order (cells.ts): row by row, SCORE then the flags, read from `columns`
 * (the formula sheet's, or another layout's columns holding the same four values).
 */
export function outcomesOf(results: SheetResults, rows: number, columns: readonly string[] = COLUMNS): CellOutcome[] {
  const out: CellOutcome[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (const column of columns) out.push(toCell(results[`Sheet1!${column}${r + 2}`]?.outcome));
  }
  return out;
}
