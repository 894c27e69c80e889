/**
 * A harness workbook whose formulas call COUNT, a function that answers at once: for tests of what
 * Excel recalculates, read from each cell's count of invocations rather than from what it shows.
 * COUNT stands for the add-in's functions: `onCall` is told each calling cell's address, as the
 * add-in's functions tell its recalculation check (src/office/cellCallbacks.ts).
 */
import type { FunctionMetadata, FunctionsMetadata, HarnessOptions } from './types';
import { Workbook } from './workbook';

/** A function of one argument, as functions.json declares it; `requiresAddress` as the add-in's CLIMATE functions are. */
export function oneArgument(id: string, requiresAddress = false): FunctionMetadata {
  const meta: FunctionMetadata = { id, name: id, parameters: [{ name: 'x', type: 'any' }], result: {} };
  if (requiresAddress) meta.options = { requiresAddress };
  return meta;
}

export const COUNT_METADATA: FunctionsMetadata = {
  allowCustomDataForDataTypeAny: true,
  functions: [oneArgument('COUNT', true)],
};

export interface CountingOptions extends Omit<HarnessOptions, 'metadata'> {
  onCall?: (address: string) => void;
}

/** `=COUNT(A{row})` in each of `columns` for `rows` rows from row 2, every cell invoked once already. */
export function countingWorkbook(rows: number, columns: readonly string[], options: CountingOptions = {}): Workbook {
  const { onCall, ...excel } = options;
  const workbook = new Workbook({ ...excel, metadata: COUNT_METADATA });
  workbook.globals.CustomFunctions.associate('COUNT', (_x: unknown, invocation: unknown) => {
    onCall?.((invocation as { address: string }).address);
    return 1;
  });
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
