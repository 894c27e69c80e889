/**
 * Ours: the built functions bundle in the workbook harness, exactly as Excel would run it: 4 x R
 * formulas invoked at once, every call through the engine's one queue. `engine-warm` recalculates
 * the same cells afterwards (F9 on the sheet), served from the cache the first pass filled;
 * `engine-reopened` is the workbook closed and opened again: a new runtime over the storage (settings
 * and IndexedDB) the first pass left, Excel calculating every formula cell again.
 */
import type { IDBFactory } from 'fake-indexeddb';
import { openNodeWorkbook, type NodeWorkbookSession } from '../../harness';
import type { Workbook } from '../../harness/workbook';
import type { CellOutcome } from '../cells';
import { outcomesOf, sheetOf } from '../sheet';
import type { SupplierRow } from '../workload';

export interface EngineRun {
  session: NodeWorkbookSession;
  addresses: string[];
  outcomes: CellOutcome[];
  wallMs: number;
}

/** What a runtime starts from: settings storage and the browser's IndexedDB. */
export interface RuntimeStorage {
  settings: Record<string, string>;
  indexedDB: IDBFactory;
}

/** Times `calculate` (what Excel is asked to do) until the workbook settles: the cells as they then show. */
async function timedPass(
  session: NodeWorkbookSession,
  rows: number,
  timeoutMs: number,
  calculate: () => Promise<string[]> | string[],
): Promise<EngineRun> {
  const start = performance.now();
  const addresses = await calculate();
  await session.workbook.settled(timeoutMs, 0);
  const wallMs = performance.now() - start;
  return { session, addresses, outcomes: outcomesOf(await session.results(), rows), wallMs };
}

/** `fetch`: the runtime's, e.g. one that tells the pass's own requests from background polls. */
export async function runEngine(
  rows: readonly SupplierRow[],
  storage: RuntimeStorage,
  timeoutMs: number,
  fetch: typeof globalThis.fetch,
): Promise<EngineRun> {
  const session = await openNodeWorkbook({ storage: storage.settings, indexedDB: storage.indexedDB, fetch });
  return timedPass(session, rows.length, timeoutMs, () => session.calculate(sheetOf(rows)));
}

/** F9 over the same cells: every one re-invoked, answered from the engine's cache. */
export function runEngineWarm(run: EngineRun, rows: number, timeoutMs: number): Promise<EngineRun> {
  return timedPass(run.session, rows, timeoutMs, async () => {
    await run.session.recalculate(run.addresses);
    return run.addresses;
  });
}

/**
 * The same sheet entered again in the same runtime, every answer in its memory: what the sheet itself
 * costs here (the workbook harness's share and ours), without the wire. The cold pass is judged
 * against the larger of this and the transport's floor.
 */
export function runEngineEntered(run: EngineRun, rows: readonly SupplierRow[], timeoutMs: number): Promise<EngineRun> {
  return timedPass(run.session, rows.length, timeoutMs, () => run.session.calculate(sheetOf(rows)));
}

/**
 * The closed workbook opened again as Excel opens a saved file: its formulas as they were, a new
 * runtime over the IndexedDB the last one left, and every formula cell calculated again, Excel's
 * first call `firstCallAfterMs` after the runtime's scripts have loaded (0: at once, the worst case).
 */
export async function runEngineReopened(
  workbook: Workbook,
  rows: number,
  indexedDB: IDBFactory,
  timeoutMs: number,
  fetch: typeof globalThis.fetch,
  firstCallAfterMs = 0,
): Promise<EngineRun> {
  const session = await openNodeWorkbook({ workbook, indexedDB, fetch });
  await excelGettingReady(firstCallAfterMs);
  return timedPass(session, rows, timeoutMs, () => workbook.reopen('web')); // the web's reopen: every cell calculated again
}

/** What Excel takes between loading a runtime's scripts and its first call, as the bench is told to model it. */
export function excelGettingReady(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
