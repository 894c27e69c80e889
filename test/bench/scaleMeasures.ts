/**
 * The measurements of `npm run bench -- scale` (scale.ts) in Node: a sheet's warm recalculations and
 * the heap its runtime holds, and a sheet of distinct suppliers closed and reopened. Each runs the
 * built bundle in the workbook harness against a fresh sandbox (scaleChromium.ts: the same in
 * Chromium; cacheMeasures.ts: the cache's own costs).
 */
import type { IDBFactory } from 'fake-indexeddb';
import { localCertificate } from '../../tools/sandbox/server/certificate';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { timedLoad } from './cacheMeasures';
import type { Served } from './servedInPage';
import { withRemoteSandbox, type RemoteSandbox } from './remoteSandbox';
import { median } from './report';
import { seededSettings } from '../harness';
import { runEngine, runEngineReopened, runEngineWarm } from './strategies/engine';
import { closeRuntime, copyIndexedDb, freshIndexedDb, persistedCache } from '../harness/cacheStorage';
import { rowFor, supplierSheet, KINDS, type SupplierRow } from './workload';

const SEED = 1;
export const TIMEOUT_MS = 20 * 60_000;
/** The bench's open scenario; unseen suppliers stay in profiling for the whole run. */
const OPEN = { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600 };

/** Live heap after a full collection (`--expose-gc`). */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run node with --expose-gc (npm run bench does)');
  gc();
  return process.memoryUsage().heapUsed;
}

export interface PassFigures {
  wallMs: number;
  /** CPU time of the whole process (every thread; in Chromium, the page's renderer process): steadier than wall time on a busy machine. */
  cpuMs: number;
  /** Time spent in garbage collection during the pass (null: not read in Chromium). */
  gcMs: number | null;
}

/** `run` timed: wall, CPU and garbage collection. */
async function timed(run: () => Promise<unknown>): Promise<PassFigures> {
  let gcMs = 0;
  const { PerformanceObserver } = await import('perf_hooks');
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => (gcMs += entry.duration)));
  observer.observe({ entryTypes: ['gc'] });
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  await new Promise((resolve) => setImmediate(resolve)); // gc entries are delivered a turn later
  observer.disconnect();
  return { wallMs: Math.round(wallMs), cpuMs: Math.round((used.user + used.system) / 1000), gcMs: Math.round(gcMs) };
}

/** How the sandbox serves: plain HTTP/1.1, or HTTP/2 over TLS with the local certificate (Chromium only). */
export type SandboxTransport = 'h1' | 'h2';

/** A fresh sandbox in the open scenario for one measurement, closed after it. */
export async function withSandbox<T>(
  organizations: number,
  run: (sandbox: RemoteSandbox) => Promise<T>,
  transport: SandboxTransport = 'h1',
): Promise<T> {
  const tls = transport === 'h2' ? await localCertificate() : null;
  const served = tls === null ? {} : { tls: { key: tls.key, cert: tls.cert } };
  return withRemoteSandbox({ port: 0, seed: SEED, quiet: true, organizations, ...OPEN, ...served }, run);
}

/** Resolves once `target` is collected (full collections meanwhile); a WeakRef read keeps it for one job. */
async function collected(target: WeakRef<object>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    heapUsed();
    if (target.deref() === undefined) return;
  }
  throw new Error(`bench: ${what} was not collected; something still holds it`);
}

export interface SheetFigures {
  rows: number;
  cells: number;
  coldMs: number;
  /** Two warm recalculations (F9) one after the other. */
  warm: PassFigures[];
  /** Every warm pass showed what the cold pass showed. */
  unchanged: boolean;
  /** The runtime's own heap (bundle, engine, cache, readings) and the harness's grid, per cell (null: not read in Chromium). */
  runtimeBytesPerCell: number | null;
  gridBytesPerCell: number | null;
  /** The sheet served to a page that does nothing else (servedInPage.ts; null: not read in Node). */
  served: Served | null;
}

/**
 * The bench's supplier sheet of `rows` rows: cold, two warm passes, then the heap split. The runtime's
 * share is the live heap with the workbook open less the live heap once the runtime is closed and
 * collected while the grid keeps its cells without their values (Workbook.releaseRuntime('drop')): the
 * cards the runtime made and keeps count as its own, with the grid's wrappers around them (a small
 * overstatement). The grid's share is what then goes when the grid goes too. The browser's IndexedDB
 * is copied out first: in a browser it is no part of the page's heap.
 */
/** Organizations the sandbox needs for a supplier sheet of `rows` rows (repeats and unseen ones included). */
export const sheetPopulation = (rows: number): number => Math.max(20_000, rows * 2);

export async function sheetAt(rows: number): Promise<SheetFigures> {
  return withSandbox(sheetPopulation(rows), async (sandbox) => {
    const workload = supplierSheet(sandbox.population.organizations, rows);
    const settings = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    let indexedDB: IDBFactory | null = freshIndexedDb();
    let cold: Awaited<ReturnType<typeof runEngine>> | null = await runEngine(
      workload.rows,
      { settings, indexedDB },
      TIMEOUT_MS,
      fetch,
    );
    await persistedCache(cold.session, indexedDB); // its writes done: the passes below only recalculate
    const shown = JSON.stringify(cold.outcomes);
    const warm: PassFigures[] = [];
    let unchanged = true;
    for (let pass = 0; pass < 2; pass += 1) {
      const session = cold;
      let outcomes = '';
      warm.push(
        await timed(async () => {
          outcomes = JSON.stringify((await runEngineWarm(session, rows, TIMEOUT_MS)).outcomes);
        }),
      );
      unchanged &&= outcomes === shown;
    }
    const coldMs = Math.round(cold.wallMs);
    const open = heapUsed();
    let grid: { releaseRuntime(values: 'drop'): void } | null = cold.session.workbook;
    const runtime = new WeakRef(cold.session.context);
    const storage = await copyIndexedDb(indexedDB); // takes the place of the runtime's, which goes with it
    await cold.session.close();
    grid.releaseRuntime('drop'); // the values the runtime made (cards) count as its own
    cold = null;
    indexedDB = null;
    await collected(runtime, 'the closed runtime');
    const gridOnly = heapUsed();
    grid = null;
    const empty = heapUsed();
    void storage; // held until here: the browser's storage is part of neither share
    const cells = rows * 4;
    return {
      rows,
      cells,
      coldMs,
      warm,
      unchanged,
      runtimeBytesPerCell: Math.round((open - gridOnly) / cells),
      gridBytesPerCell: Math.round((gridOnly - empty) / cells),
      served: null,
    };
  });
}

export interface RepeatedPasses {
  requests: number;
  wallMs: number;
  runsMs: number[];
}

/**
 * Warm passes and reopenings of the distinct sheet, each: one of either spreads widely (a warm pass
 * of 100,000 suppliers took 2.0 to 3.8 s in runs of the same code, as a full collection of the whole
 * process fell inside it or not), so the ratio is read between medians.
 */
const DISTINCT_REPEATS = 3;

export interface DistinctFigures {
  distinct: number;
  cells: number;
  cold: { requests: number; wallMs: number };
  /** Requests of all the passes; wall time the median of them, each pass's beside it. */
  warm: RepeatedPasses;
  reopened: RepeatedPasses;
  /** When Excel's first call came after the reopened runtime's scripts loaded (`--first-call-after`). */
  firstCallAfterMs: number;
  /** The per-record store the cold pass left: entries, bytes, and how long the engine's cache takes to load it (null: not read in Chromium). */
  stored: { entries: number; bytes: number; loadMs: number | null };
}

/** Organizations the sandbox needs for `distinct` suppliers (some have no identifier of a kind). */
export const distinctPopulation = (distinct: number): number => Math.max(20_000, Math.ceil(distinct * 1.25));

/** `distinct` suppliers of the sandbox, each once, the identifier kinds in turn. */
export function distinctRows(sandbox: RemoteSandbox, distinct: number): SupplierRow[] {
  return sandbox.population.organizations.slice(0, distinct).map((org, i) => rowFor(org, KINDS[i % KINDS.length]));
}

/**
 * A sheet of `distinct` suppliers, each once (identifier kinds in turn): cold, warm recalculations,
 * then the workbook closed and reopened, each time over the settings and IndexedDB the cold pass left
 * (strategies/engine.ts).
 */
export async function distinctAt(distinct: number, firstCallAfterMs: number): Promise<DistinctFigures> {
  return withSandbox(distinctPopulation(distinct), async (sandbox) => {
    const rows = distinctRows(sandbox, distinct);
    const requests = async (): Promise<number> => (await sandbox.stats()).requests;
    const settings = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    let indexedDB: IDBFactory | null = freshIndexedDb();
    let first: Awaited<ReturnType<typeof runEngine>> | null = await runEngine(
      rows,
      { settings, indexedDB },
      TIMEOUT_MS,
      fetch,
    );
    const cold = { requests: await requests(), wallMs: Math.round(first.wallMs) };
    const cache = await persistedCache(first.session, indexedDB);
    const loadMs = await timedLoad(await copyIndexedDb(indexedDB), sandbox.url);
    await sandbox.resetStats();
    const warmRuns: number[] = [];
    for (let run = 0; run < DISTINCT_REPEATS; run += 1) {
      warmRuns.push(Math.round((await runEngineWarm(first, rows.length, TIMEOUT_MS)).wallMs));
    }
    const warm = { requests: await requests(), wallMs: median(warmRuns), runsMs: warmRuns };
    const copies: IDBFactory[] = [];
    for (let run = 0; run < DISTINCT_REPEATS; run += 1) copies.push(await copyIndexedDb(indexedDB));
    let saved = await closeRuntime(first.session);
    first = null;
    indexedDB = null;
    await sandbox.resetStats();
    const reopenRuns: number[] = [];
    for (const copy of copies) {
      heapUsed(); // the last runtime's heap is not the next one's to collect
      const again = await runEngineReopened(saved, rows.length, copy, TIMEOUT_MS, fetch, firstCallAfterMs);
      reopenRuns.push(Math.round(again.wallMs));
      saved = await closeRuntime(again.session);
    }
    const reopened = { requests: await requests(), wallMs: median(reopenRuns), runsMs: reopenRuns };
    return {
      distinct,
      cells: rows.length * 4,
      cold,
      warm,
      reopened,
      firstCallAfterMs,
      stored: { entries: cache.entries, bytes: cache.bytes, loadMs },
    };
  });
}
