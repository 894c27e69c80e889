/**
 * The two readings around a refresh: what every sheet's CLIMATE rows show (both layouts, through
 * shownRows.ts), or only the rows a refresh of selected rows covers, read before the refresh asks the
 * service and again once the cells have settled. The cells have settled when the engine has no call
 * in flight or queued (its events say so, no timer): a refresh keeps each answer in the cache first
 * and only then recalculates, so every cell takes the cache's answer in its own call, before Excel's
 * calculation request resolves.
 */
import type { Engine } from '../../engine';
import { run } from '../sheet/excel';
import type { SheetRange } from '../sheet/grid';
import { readRows } from '../sheet/read';
import { CHANGES_SHEET_NAME } from './changesPlan';
import { shownRows, type SheetReading } from './shownRows';

/** Each sheet with CLIMATE rows, by name, in tab order. */
export type WorkbookReading = Map<string, SheetReading>;

/** What a reading loads besides values and formulas: errors told by type, cards as JSON. */
const READ_DETAIL = { valueTypes: true, valuesAsJson: true } as const;

/** The names of the workbook's sheets, in tab order. */
function sheetNames(): Promise<string[]> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    await context.sync();
    return sheets.items.map((sheet) => sheet.name);
  });
}

/**
 * What the CLIMATE rows of every sheet (but the Changes sheet) show; `scoreMax`: the scale the cells
 * show. `among`: an earlier reading, whose sheets alone are read again (only they can be compared, and
 * a sheet without CLIMATE rows, however large, is read once, not twice).
 */
export async function readWorkbook(scoreMax: number, among?: WorkbookReading): Promise<WorkbookReading> {
  const reading: WorkbookReading = new Map();
  for (const name of await sheetNames()) {
    if (name === CHANGES_SHEET_NAME || (among && !among.has(name))) continue;
    const grid = await readRows(name, 0, Infinity, READ_DETAIL);
    const shown = grid && shownRows(grid, scoreMax);
    if (shown && shown.rows.length > 0) reading.set(name, shown);
  }
  return reading;
}

/** What the CLIMATE rows of `box`'s rows on its sheet show: a refresh of selected rows reads only those. */
export async function readSheetRows(scoreMax: number, { sheet, box }: SheetRange): Promise<WorkbookReading> {
  const grid = await readRows(sheet, box.rowIndex, box.rowIndex + box.rowCount - 1, READ_DETAIL);
  const shown = grid && shownRows(grid, scoreMax);
  return new Map(shown && shown.rows.length > 0 ? [[sheet, shown]] : []);
}

/** Resolves once the engine has nothing in flight or queued: at once when idle, else at the event that says so. */
export function engineIdle(engine: Pick<Engine, 'stats' | 'subscribe'>): Promise<void> {
  const idle = (): boolean => {
    const { inFlight, queued } = engine.stats();
    return inFlight === 0 && queued === 0;
  };
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = engine.subscribe(() => {
      if (!idle()) return;
      stop();
      resolve();
    });
  });
}
