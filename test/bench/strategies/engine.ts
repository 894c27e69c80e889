/**
 * Ours: the built functions bundle in the workbook harness, exactly as Excel would run it: 4 x R
 * formulas invoked at once, every call through the engine's one queue. `engine-warm` recalculates
 * the same cells afterwards (F9 on the sheet), served from the cache the first pass filled.
 */
import { CACHE_STORAGE_KEY } from '../../../src/engine/recordCache';
import type { Settings } from '../../../src/settings/settings';
import { openNodeWorkbook, seededSettings, type NodeWorkbookSession } from '../../harness';
import type { CellOutcome } from '../cells';
import { outcomesOf, sheetOf } from '../sheet';
import type { SupplierRow } from '../workload';

export interface EngineRun {
  session: NodeWorkbookSession;
  addresses: string[];
  outcomes: CellOutcome[];
  wallMs: number;
}

async function timeUntilSettled(session: NodeWorkbookSession, start: number, timeoutMs: number): Promise<number> {
  await session.workbook.settled(timeoutMs, 0);
  return performance.now() - start;
}

/** `fetch`: the runtime's, e.g. one that tells the pass's own requests from background polls. */
export async function runEngine(rows: readonly SupplierRow[], settings: Partial<Settings>, timeoutMs: number, fetch: typeof globalThis.fetch): Promise<EngineRun> {
  const session = await openNodeWorkbook({ storage: await seededSettings(settings), fetch });
  const start = performance.now();
  const addresses = await session.calculate(sheetOf(rows));
  const wallMs = await timeUntilSettled(session, start, timeoutMs);
  return { session, addresses, outcomes: outcomesOf(await session.results(), rows.length), wallMs };
}

/** F9 over the same cells: every one re-invoked, answered from the engine's cache. */
export async function runEngineWarm(run: EngineRun, rows: number, timeoutMs: number): Promise<{ outcomes: CellOutcome[]; wallMs: number }> {
  const start = performance.now();
  await run.session.recalculate(run.addresses);
  const wallMs = await timeUntilSettled(run.session, start, timeoutMs);
  return { outcomes: outcomesOf(await run.session.results(), rows), wallMs };
}

export interface PersistedCache {
  bytes: number;
  /** Records in it (one per request key). */
  entries: number;
}

/**
 * The engine's persisted cache in settings storage, once it has stopped changing: the engine writes
 * it a second after the records it holds change, so a run that ends leaves its last write pending.
 */
export async function persistedCache(session: NodeWorkbookSession): Promise<PersistedCache> {
  const read = async (): Promise<string | undefined> => (await session.storage())[CACHE_STORAGE_KEY];
  let last = await read();
  for (let stableFor = 0, waited = 0; stableFor < 1_500; waited += 250) {
    if (waited > 15_000) throw new Error('bench: the persisted cache kept changing for 15 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    stableFor = now === last ? stableFor + 250 : 0;
    last = now;
  }
  if (last === undefined) return { bytes: 0, entries: 0 };
  return { bytes: Buffer.byteLength(last, 'utf8'), entries: (JSON.parse(last) as { e: unknown[] }).e.length };
}
