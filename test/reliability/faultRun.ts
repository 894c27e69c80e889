/**
 * The parts every row of the fault matrix shares: a supplier sheet (the harness's, with repeats,
 * mixed identifier kinds, unseen suppliers and bad inputs) calculated by the built functions bundle
 * against a sandbox that misbehaves, and the check of every cell against the sandbox's own records.
 */
import type { RunningSandbox, SandboxKnobs, SandboxStats } from '../../tools/sandbox/server/server';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import type { Settings } from '../../src/settings/settings';
import {
  DEFAULT_LOCATION,
  openNodeWorkbook,
  seededSettings,
  waitForResults,
  type NodeWorkbookSession,
  type SheetResults,
} from '../harness';
import type { Expected, RowExpectation } from '../harness/expectations';
import { expectEverywhere, expectRecord, supplierRowPending, supplierRowProblems } from '../harness/supplierScenario';
import { supplierRows, supplierSheet, type SheetMix, type SupplierRow } from '../harness/supplierSheet';
import type { Wire } from './wire';

/** Small enough for a few seconds per row on two cores, large enough for a dozen batches of 10. */
const FAULT_MIX: SheetMix = { rows: 150, repeatShare: 0.25, unseenShare: 0.05, badShare: 0.03 };
const POPULATION = 1000;
/**
 * Real seconds an unseen supplier takes to be profiled: its registration answers "Profiling", the
 * engine's first poll (a second later) finds it synced, so the pending-to-value path runs under
 * every fault without moving the sandbox clock.
 */
const PROFILING_SECONDS = 0.5;
export const SANDBOX_OPTIONS = {
  port: 0,
  seed: 1,
  organizations: POPULATION,
  profilingSeconds: PROFILING_SECONDS,
  erroredShare: 0,
  quiet: true,
};

const SHEET = 'Suppliers';
const CTX = { dataTypes: true, logoUrl: new URL('assets/logo-provider.png', DEFAULT_LOCATION).href };

export function faultRows(sandbox: RunningSandbox): SupplierRow[] {
  return supplierRows(sandbox.population, FAULT_MIX, 7);
}

/**
 * Generous bounds for a row that should finish in seconds: on a machine busy with other work the
 * rows slow down, and only a hang should meet the engine's deadline or the harness's patience.
 */
export const ROW_LIMIT_MS = 60_000;

/**
 * A workbook on the sandbox whose runtime's traffic `wire` records. Batches of 10, so that a sheet
 * makes a dozen requests for the faults to hit.
 */
export async function openSupplierWorkbook(
  sandbox: RunningSandbox,
  wire: Wire,
  settings: Partial<Settings> = {},
): Promise<NodeWorkbookSession> {
  const storage = await seededSettings({
    baseUrl: sandbox.url,
    apiKey: SANDBOX_PROJECT_KEY,
    maxBatch: 10,
    deadlineMs: ROW_LIMIT_MS,
    ...settings,
  });
  return openNodeWorkbook({ storage, fetch: wire.fetch });
}

export async function calculateSuppliers(
  session: NodeWorkbookSession,
  rows: readonly SupplierRow[],
): Promise<string[]> {
  return session.calculate(supplierSheet(rows));
}

/** Until no unseen supplier shows "Profiling" any more and nothing is busy. */
export async function profilesDone(
  session: NodeWorkbookSession,
  rows: readonly SupplierRow[],
  timeoutMs = ROW_LIMIT_MS,
): Promise<SheetResults> {
  const unseen = rows.flatMap((row, i) => (row.kind === 'unseen' ? [i] : []));
  await session.settled(timeoutMs);
  await waitForResults(
    session,
    (results) => unseen.every((i) => !supplierRowPending(results, SHEET, i)),
    timeoutMs,
    50,
  );
  await session.settled(timeoutMs);
  return session.results();
}

export interface Verdict {
  /** Rows showing exactly what the sandbox's record says (a bad input: its own message). */
  correct: number;
  /** Rows showing one of the allowed documented errors in every column. */
  documented: number;
  /** Everything else, one line per wrong cell. */
  problems: string[];
}

/**
 * Every row against what it must show: its record's values, found in the first of `sandboxes` that
 * knows the supplier (two across a restart), its bad-input message, or else one of `allowed` in
 * every column.
 */
export function verifySheet(
  results: SheetResults,
  rows: readonly SupplierRow[],
  sandboxes: RunningSandbox[],
  allowed: Expected[] = [],
): Verdict {
  const verdict: Verdict = { correct: 0, documented: 0, problems: [] };
  rows.forEach((row, i) => {
    const record =
      row.kind === 'bad'
        ? null
        : (sandboxes.map((sandbox) => sandbox.recordFor(row.request!)).find((found) => found !== null) ?? null);
    const check = (expected: RowExpectation) => supplierRowProblems(results, SHEET, rows, i, expected, record, CTX);
    const problems =
      row.kind === 'bad'
        ? check(expectEverywhere({ kind: 'error', code: '#VALUE!', message: row.bad!.message }))
        : record
          ? check(expectRecord(record, String(row.input)))
          : [`row ${i + 2}: no sandbox knows ${JSON.stringify(row.request)}`];
    if (problems.length === 0) verdict.correct += 1;
    else if (row.kind !== 'bad' && allowed.some((error) => check(expectEverywhere(error)).length === 0))
      verdict.documented += 1;
    else verdict.problems.push(...problems);
  });
  return verdict;
}

/** Applies knob changes at set times from now (bursts, spikes); returns a function that cancels the rest. */
export function playTimeline(
  sandbox: RunningSandbox,
  timeline: ReadonlyArray<[number, Partial<SandboxKnobs>]>,
): () => void {
  const timers = timeline.map(([atMs, knobs]) => setTimeout(() => sandbox.configure(knobs), atMs));
  return () => timers.forEach(clearTimeout);
}

/** Resolves once the sandbox's stats satisfy `predicate` (polled every few milliseconds). */
export async function statsReach(
  sandbox: RunningSandbox,
  predicate: (stats: SandboxStats) => boolean,
  timeoutMs = 10_000,
): Promise<SandboxStats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = sandbox.stats();
    if (predicate(stats)) return stats;
    if (Date.now() > deadline) throw new Error(`sandbox stats never reached the condition: ${JSON.stringify(stats)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests the sandbox received but never answered (dropped connections, hangs, a restart). */
export function unanswered(stats: SandboxStats): number {
  return stats.requests - Object.values(stats.byStatus).reduce((sum, n) => sum + n, 0);
}
