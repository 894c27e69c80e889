/**
 * A runtime that starts with its workbook (startupBehavior.ts) brings the CLIMATE cells up to date
 * itself when Excel does not: desktop Excel keeps a saved workbook's values and calls no custom
 * function on open (office-js#1567), so a cell saved as "Profiling… this cell updates itself" would
 * never update, and values older than the cache's life would carry no sign. Excel on the web may
 * calculate every cell on open (office-js#2012, #3911): then cells call within QUIET_OPEN_MS of the
 * cache being loaded, and nothing more is done.
 *
 * Otherwise the cells are found on the grid (workbookClimateCells.ts): every CLIMATE cell when the
 * workbook's record of their last update (documentSettings.ts) is missing or older than the cache's
 * life, else those still waiting (showing an error); they are recalculated in slices of ranges, never by
 * a full calculation, each checked to call back (cellCallbacks.ts), and the runtime says so in Activity.
 */
import { t } from '../i18n/translate';
import { cellsHaveCalled } from './cellCallbacks';
import { readCellsUpdatedAt, rememberCellsUpdatedAt } from './documentSettings';
import { recalculateClimateCells } from './excelCalculate';
import { noExcel } from './excelRun';

/** How long after its cache has loaded the runtime waits for Excel's own calls before it looks for cells. */
export const QUIET_OPEN_MS = 2_000;

export interface ReopenedWorkbook {
  /** Settles once the runtime's settings and cache have loaded (failed or not). */
  loaded: Promise<void>;
  /** The cache's life: values older than it are out of date. */
  cacheTtlMs(): number;
  /** A line for the pane's Activity. */
  say(text: string): void;
}

export async function bringCellsUpToDate({ loaded, cacheTtlMs, say }: ReopenedWorkbook): Promise<void> {
  if (noExcel()) return;
  await loaded.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, QUIET_OPEN_MS));
  if (cellsHaveCalled()) return; // Excel calculates them itself
  const now = Date.now();
  const updatedAt = readCellsUpdatedAt(now);
  const outOfDate = updatedAt === null || now - updatedAt > cacheTtlMs();
  try {
    const count = await recalculateClimateCells(outOfDate ? 'all' : 'waiting');
    if (count === 0) return;
    if (outOfDate) await rememberCellsUpdatedAt(now);
    say(t(outOfDate ? 'office.reopened.outOfDate' : 'office.reopened.waiting', { count }));
  } catch {
    say(t('office.reopened.unreadable', { button: t('pane.activity.refreshAll') }));
  }
}
