/**
 * Starting the runtime with a workbook that holds CLIMATE formulas. Desktop Excel calculates no custom
 * function when it opens a saved workbook (office-js#1567, "by design"), so without this the runtime
 * does not even start, and a cell saved as "Profiling… this cell updates itself" never would.
 * `Office.addin.setStartupBehavior(load)` (SharedRuntime 1.1; Microsoft's run-code-on-document-open)
 * is kept with the document: from then on the runtime loads whenever the workbook opens
 * (reopenedCells.ts then brings the cells up to date). The first cell of a runtime to call sets it,
 * and records when the cells were calculated if the workbook has no such record yet.
 */
import { readCellsUpdatedAt, rememberCellsUpdatedAt } from './documentSettings';
import { isSetSupported } from './host';

let known = false;

/** A CLIMATE cell called: once per runtime, where the host has the API; a refusal changes nothing else. */
export function holdsClimateFormulas(): void {
  if (known) return;
  known = true;
  const now = Date.now();
  if (readCellsUpdatedAt(now) === null) rememberCellsUpdatedAt(now).catch(() => undefined);
  if (!isSetSupported('SharedRuntime', '1.1') || typeof Office.addin?.setStartupBehavior !== 'function') return;
  Office.addin.setStartupBehavior(Office.StartupBehavior.load).catch(() => undefined);
}
