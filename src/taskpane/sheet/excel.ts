/**
 * The pane's one door to Excel.run: every read and write of sheet/ and of the sections' writers goes
 * through `run`, which refuses outside Excel with a message a person can act on. Excel on the web
 * limits the size of one request, so long reads and writes go in slices of ROWS_PER_RUN rows.
 */
import { hasExcelApi } from '../../office/host';
import { t } from '../../i18n/translate';
import type { RangeBox } from './grid';

/** Rows read or written per round trip: Excel on the web limits the size of one request. */
export const ROWS_PER_RUN = 500;

/**
 * Cells whose values and formulas one round trip reads at most: ROWS_PER_RUN rows of 20 columns, about
 * 1 MB of 50-character texts, so a wide sheet is read in fewer rows at a time.
 */
export const CELLS_PER_READ = 10_000;

/**
 * Excel on the web refused the request or its response as larger than 5 MB ("Resource limits and
 * performance optimization for Office Add-ins"); other hosts name no such limit.
 */
export function tooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'RequestPayloadSizeLimitExceeded';
}

export class NoWorkbookError extends Error {
  constructor() {
    super(t('sheet.noWorkbook'));
    this.name = 'NoWorkbookError';
  }
}

/**
 * One Excel.run, or NoWorkbookError outside Excel. The pane names sheets it read earlier
 * (worksheets.getItem), and Excel fails the request at sync() with ItemNotFound when one has been
 * renamed or deleted since: said in the pane's words, not Excel's "The requested resource doesn't exist."
 */
export function run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  if (!hasExcelApi()) return Promise.reject(new NoWorkbookError());
  return Excel.run(batch).catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== 'ItemNotFound') throw error;
    throw new Error(t('sheet.sheetGone'), { cause: error });
  });
}

export const BOX_FIELDS = ['rowIndex', 'columnIndex', 'rowCount', 'columnCount'];

/** A loaded range's box. */
export function box(range: Excel.Range): RangeBox {
  return {
    rowIndex: range.rowIndex,
    columnIndex: range.columnIndex,
    rowCount: range.rowCount,
    columnCount: range.columnCount,
  };
}

/** The range of a box on a sheet. */
export function rangeOf(sheet: Excel.Worksheet, target: RangeBox): Excel.Range {
  return sheet.getRangeByIndexes(target.rowIndex, target.columnIndex, target.rowCount, target.columnCount);
}

/** The starts and sizes of the slices of `count` rows, ROWS_PER_RUN at a time. */
export function* slices(count: number): Generator<{ start: number; size: number }> {
  for (let start = 0; start < count; start += ROWS_PER_RUN)
    yield { start, size: Math.min(ROWS_PER_RUN, count - start) };
}
