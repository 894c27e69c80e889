/**
 * Ours: the built functions bundle in the workbook harness, exactly as Excel would run it: 4 x R
 * formulas invoked at once, every call through the engine's one queue. `engine-warm` recalculates
 * the same cells afterwards (F9 on the sheet), served from the cache the first pass filled.
 */
import { CACHE_STORAGE_KEY } from '../../../src/engine/recordCache';
import type { Settings } from '../../../src/settings/settings';
import { openNodeWorkbook, seededSettings, type NodeWorkbookSession } from '../../harness';
import type { CellOutcome as HarnessOutcome, SheetResults } from '../../harness';
import type { CellOutcome } from '../cells';
import { FLAG_COLUMNS, type SupplierRow } from '../workload';

const PENDING = /^Profiling \(/;
const FORMULAS: Record<string, string> = {
  B: '=CLIMATE.SCORE(A{row})',
  ...Object.fromEntries(FLAG_COLUMNS.map((flag, i) => [String.fromCharCode(67 + i), `=CLIMATE.FLAG(A{row},"${flag}")`])),
};
const COLUMNS = Object.keys(FORMULAS);

export interface EngineRun {
  session: NodeWorkbookSession;
  addresses: string[];
  outcomes: CellOutcome[];
  wallMs: number;
}

function toCell(outcome: HarnessOutcome | undefined): CellOutcome {
  if (!outcome || outcome.kind === 'busy') return { kind: 'unsettled' };
  if (outcome.kind === 'array') return { kind: 'error', message: 'unexpected spill' };
  if (outcome.kind === 'error') return PENDING.test(outcome.message ?? '') ? { kind: 'pending' } : { kind: 'error', message: outcome.message ?? outcome.code };
  const value = outcome.value as { basicValue?: unknown } | number | boolean;
  const plain = typeof value === 'object' && value !== null ? value.basicValue : value;
  return typeof plain === 'number' || typeof plain === 'boolean' ? { kind: 'value', value: plain } : { kind: 'error', message: 'not a value' };
}

/** Cell outcomes in the bench's order: row by row, SCORE then the flags. */
function outcomesOf(results: SheetResults, rows: number): CellOutcome[] {
  const out: CellOutcome[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (const column of COLUMNS) out.push(toCell(results[`Sheet1!${column}${r + 2}`]?.outcome));
  }
  return out;
}

async function timeUntilSettled(session: NodeWorkbookSession, start: number, timeoutMs: number): Promise<number> {
  await session.workbook.settled(timeoutMs, 0);
  return performance.now() - start;
}

export async function runEngine(rows: readonly SupplierRow[], settings: Partial<Settings>, timeoutMs: number): Promise<EngineRun> {
  const session = await openNodeWorkbook({ storage: await seededSettings(settings) });
  const start = performance.now();
  const addresses = await session.calculate({ inputs: rows.map((row) => [row.input]), formulas: FORMULAS });
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

/** Bytes of the engine's persisted cache in settings storage (written a moment after the run). */
export async function persistedCacheBytes(session: NodeWorkbookSession): Promise<number> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const stored = (await session.storage())[CACHE_STORAGE_KEY];
    if (stored !== undefined || Date.now() > deadline) return stored === undefined ? 0 : Buffer.byteLength(stored, 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
