/**
 * Excel.run as the runtime's own work uses it (recalculations, finding CLIMATE cells, entering
 * formulas again): with `delayForCellEdit`, so that while the user edits a cell Excel queues the batch
 * until the edit ends instead of failing it (Excel.RunOptions, ExcelApi 1.11; Microsoft's page
 * excel-add-ins-delay-in-cell-edit). Hosts below 1.11 ignore the option and refuse the batch with
 * `InvalidOperation` or `InvalidOperationInCellEditMode`: REFUSED_FOR_NOW lists both, to ask again later.
 */

/** Outside Excel (no `Excel.run`: a plain page, Node) the runtime's Excel work does nothing. */
export const noExcel = (): boolean => typeof Excel === 'undefined' || typeof Excel.run !== 'function';

export function runInExcel<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  return Excel.run({ delayForCellEdit: true }, batch);
}

/**
 * Excel's refusals that pass: a cell being edited (`InvalidOperation` as Microsoft's page on edit mode
 * says, `InvalidOperationInCellEditMode` as Office.js's codes say), Excel busy or throttled, another
 * workbook in focus, a request lost on the way. Office's error codes, as `Excel.ErrorCodes` lists them.
 */
export const REFUSED_FOR_NOW: ReadonlySet<string> = new Set([
  'InvalidOperation',
  'InvalidOperationInCellEditMode',
  'ActivityLimitReached',
  'GeneralException',
  'Conflict',
  'InactiveWorkbook',
  'RequestAborted',
  'ServiceNotAvailable',
  'Timeout',
]);

/** No sheet of that name: deleted, or renamed since its cells called. */
export const SHEET_GONE = 'ItemNotFound';

/** The code of an Office.js error ('' when it has none). */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
