/**
 * A harness workbook whose formulas call COUNT, a function that answers at once: for tests of what
 * Excel recalculates, read from each cell's count of invocations rather than from what it shows.
 */
import type { FunctionsMetadata } from './types';
import { Workbook } from './workbook';

export const COUNT_METADATA: FunctionsMetadata = {
  allowCustomDataForDataTypeAny: true,
  functions: [{ id: 'COUNT', name: 'COUNT', parameters: [{ name: 'x', type: 'any' }], result: {} }],
};

/** `=COUNT(A{row})` in each of `columns` for `rows` rows from row 2, every cell invoked once already. */
export function countingWorkbook(rows: number, columns: readonly string[]): Workbook {
  const workbook = new Workbook({ metadata: COUNT_METADATA });
  workbook.globals.CustomFunctions.associate('COUNT', () => 1);
  workbook.enter({
    inputs: Array.from({ length: rows }, (_, i) => [i]),
    formulas: Object.fromEntries(columns.map((column) => [column, '=COUNT(A{row})'])),
  });
  return workbook;
}

/** The distinct invocation counts of these cells: `{2}` when every one was recalculated once. */
export function invocationsOf(workbook: Workbook, addresses: readonly string[]): Set<number> {
  const report = workbook.report();
  return new Set(addresses.map((address) => report[address].invocations));
}
