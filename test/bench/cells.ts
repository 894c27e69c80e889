/**
 * What a benchmark cell ends as, and how it is judged against the sandbox's own records. A cell is
 * correct only when it shows exactly what the record says: the score as round(score * 100, 1), the
 * flag as the initiative's boolean, or "still profiling" for a record whose status is not final.
 */
import { scaleScore } from '../../src/functions/results/scoreScale';
import { isFinalStatus, type OrganizationRecord } from '../../src/service/types';
import type { SupplierRow } from './workload';

export type CellField = 'score' | 'sbti' | 're100' | 'cdp';

export type CellOutcome =
  | { kind: 'value'; value: number | boolean }
  | { kind: 'pending' }
  | { kind: 'error'; message: string }
  | { kind: 'unsettled' };

export interface CellSpec {
  row: SupplierRow;
  field: CellField;
}

export const CELL_FIELDS: readonly CellField[] = ['score', 'sbti', 're100', 'cdp'];

/** The 4 x R cells of the sheet, row by row. */
export function cellsOf(rows: readonly SupplierRow[]): CellSpec[] {
  return rows.flatMap((row) => CELL_FIELDS.map((field) => ({ row, field })));
}

/** The value a cell shows for a record, in the add-in's default 0-100 scale. */
export function cellValue(record: OrganizationRecord, field: CellField): CellOutcome {
  if (!isFinalStatus(record.status)) return { kind: 'pending' };
  if (field === 'score') {
    const score = scaleScore(record.score, '0-100');
    return score === null ? { kind: 'error', message: 'no score' } : { kind: 'value', value: score };
  }
  const flag = record.initiatives[field];
  return flag === null ? { kind: 'error', message: 'no flag' } : { kind: 'value', value: flag };
}

export function sameOutcome(actual: CellOutcome, expected: CellOutcome): boolean {
  if (actual.kind !== expected.kind) return false;
  if (actual.kind === 'value' && expected.kind === 'value') return actual.value === expected.value;
  return actual.kind === 'pending';
}
