/**
 * One strategy's pass over the sheet, against a fresh sandbox of its own, over the run's transport:
 * the baselines (`baseline`) and ours (`ours`: cold with a key never seen, warm, reopened, known key),
 * each judged cell by cell against the sandbox's records.
 */
import type { IDBFactory } from 'fake-indexeddb';
import { CACHE_STORAGE_KEY } from '../../src/engine/cache/recordCache';
import type { SandboxCertificate } from '../../tools/sandbox/server/certificate';
import { SANDBOX_PROJECT_KEY, type SandboxKnobs } from '../../tools/sandbox/server/server';
import { ClimateClient } from '../../src/service/client';
import { seededSettings } from '../harness';
import { cellValue, sameOutcome, type CellOutcome, type CellSpec } from './cells';
import type { StrategyFigures } from './report';
import { startRemoteSandbox, type RemoteSandbox } from './remoteSandbox';
import { runBaselineAddin } from './strategies/baselineAddin';
import { type EngineRun, runEngine, runEngineEntered, runEngineReopened, runEngineWarm } from './strategies/engine';
import { closeRuntime, copyIndexedDb, freshIndexedDb, persistedCache } from '../harness/cacheStorage';
import { naiveAddin } from './strategies/naive';
import { timerBatchAddin } from './strategies/timerBatch';
import { Traffic } from './traffic';
import { openTransport, type TransportName } from './transport';
import type { SupplierRow } from './workload';

const SEED = 1;
const SETTLE_TIMEOUT_MS = 10 * 60_000;

/** What every pass of a run shares. */
export interface BenchSetting {
  transport: TransportName;
  /** The sandbox's certificate, for h2 (HTTP/2 needs TLS). */
  certificate: SandboxCertificate | null;
  /** Population size: large enough for the sheet's distinct suppliers. */
  organizations: number;
  /** Connections the run's transports opened, by protocol (a run shows what it used). */
  connections: Record<string, number>;
}

export type Baseline = 'naive' | 'timer-batch';
export type Ours = 'engine' | 'engine-known-key' | 'engine-warm' | 'engine-entered' | 'engine-reopened';
export interface OursFigures {
  figures: Record<Ours, StrategyFigures>;
  cacheStore: 'indexeddb' | 'settings';
}

/** A fresh sandbox (on a thread of its own) with `knobs` and a transport to it, both closed after `run`. */
export async function withSandbox<T>(
  setting: BenchSetting,
  knobs: Partial<SandboxKnobs>,
  run: (sandbox: RemoteSandbox, traffic: Traffic) => Promise<T>,
): Promise<T> {
  const { certificate } = setting;
  const tls = setting.transport === 'h2' && certificate ? { key: certificate.key, cert: certificate.cert } : undefined;
  const sandbox = await startRemoteSandbox({
    port: 0,
    seed: SEED,
    quiet: true,
    organizations: setting.organizations,
    tls,
    ...knobs,
  });
  const transport = await openTransport(setting.transport, certificate?.ca ?? null);
  try {
    return await run(sandbox, new Traffic(transport.fetch));
  } finally {
    for (const [protocol, count] of Object.entries(await transport.connections()))
      setting.connections[protocol] = (setting.connections[protocol] ?? 0) + count;
    await transport.close();
    await sandbox.close();
  }
}

function judge(
  outcomes: CellOutcome[],
  expected: CellOutcome[],
): Pick<StrategyFigures, 'correct' | 'errors' | 'unsettled'> {
  let correct = 0;
  let errors = 0;
  let unsettled = 0;
  outcomes.forEach((outcome, i) => {
    if (sameOutcome(outcome, expected[i])) correct += 1;
    if (outcome.kind === 'error') errors += 1;
    if (outcome.kind === 'unsettled') unsettled += 1;
  });
  return { correct, errors, unsettled };
}

function expectedOutcomes(sandbox: RemoteSandbox, cells: CellSpec[]): CellOutcome[] {
  return cells.map(({ row, field }) => {
    if (row.kind === 'unseen') return { kind: 'pending' };
    const record = sandbox.population.recordFor(row.request);
    if (!record) throw new Error(`bench: the workload's supplier ${String(row.input)} is not in the sandbox`);
    return cellValue(record, field);
  });
}

/** Figures of one pass, judged against the sandbox. */
async function pass(
  sandbox: RemoteSandbox,
  traffic: Traffic,
  run: { wallMs: number; outcomes: CellOutcome[] },
  expected: CellOutcome[],
): Promise<StrategyFigures> {
  const stats = await sandbox.stats();
  return {
    // As sent (a request the sandbox has yet to read, or one dropped on the way, counts too).
    requests: traffic.requests,
    batchItems: stats.batchItems,
    rateLimited: stats.rateLimited,
    rounds: traffic.rounds,
    polls: traffic.polls,
    wallMs: Math.round(run.wallMs),
    ...judge(run.outcomes, expected),
    cells: expected.length,
  };
}

export async function baseline(
  setting: BenchSetting,
  strategy: Baseline,
  knobs: Partial<SandboxKnobs>,
  rows: SupplierRow[],
  cells: CellSpec[],
): Promise<StrategyFigures> {
  return withSandbox(setting, knobs, async (sandbox, traffic) => {
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: traffic.fetch });
    const addin = strategy === 'naive' ? naiveAddin(client) : timerBatchAddin(client, (await sandbox.knobs()).maxBatch);
    return pass(sandbox, traffic, await runBaselineAddin(addin, rows), expectedOutcomes(sandbox, cells));
  });
}

/** Live heap after a full collection (`--expose-gc`, as `npm run bench` runs it). */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run node with --expose-gc (npm run bench does)');
  gc();
  return process.memoryUsage().heapUsed;
}

/** Watches objects until they are garbage-collected. The registry lives at module level: one that is
 * itself collected never reports. */
const collected = new Set<string>();
const collections = new FinalizationRegistry<string>((name) => collected.add(name));

/**
 * Resolves once `target` has been collected, forcing full collections meanwhile. Registering is
 * synchronous, so the waiting below holds no reference to the target.
 */
function collectionOf(target: object, name: string): () => Promise<void> {
  collections.register(target, name);
  return async () => {
    for (let tries = 0; !collected.delete(name); tries += 1) {
      if (tries === 100) throw new Error(`bench: ${name} was not collected within 10 s; something still holds it`);
      heapUsed();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

const megabytes = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * Ours, in one sandbox: a cold sheet with a key never seen (`engine`), F9 (`engine-warm`), the sheet
 * entered again in the same runtime (`engine-entered`: every answer at hand), the workbook closed and reopened over what the runtime stored (`engine-reopened`), then another cold
 * sheet (fresh IndexedDB, no cache) with the key the first pass remembered (`engine-known-key`).
 */
export async function ours(
  setting: BenchSetting,
  knobs: Partial<SandboxKnobs>,
  rows: SupplierRow[],
  cells: CellSpec[],
): Promise<OursFigures> {
  return withSandbox(setting, knobs, async (sandbox, traffic) => {
    const expected = expectedOutcomes(sandbox, cells);
    const nextPass = async (): Promise<void> => {
      await traffic.quiet(); // a poll still under way belongs to neither pass
      await sandbox.resetStats();
      traffic.reset();
    };
    let indexedDB: IDBFactory | null = freshIndexedDb();
    const settings = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    let cold: EngineRun | null = await runEngine(rows, { settings, indexedDB }, SETTLE_TIMEOUT_MS, traffic.fetch);
    const engine = await pass(sandbox, traffic, cold, expected);
    const cache = await persistedCache(cold.session, indexedDB);
    engine.cacheBytes = cache.bytes;
    engine.cachedRecords = cache.entries;
    await nextPass();
    const warm = await pass(sandbox, traffic, await runEngineWarm(cold, rows.length, SETTLE_TIMEOUT_MS), expected);
    await nextPass();
    const entered = await pass(sandbox, traffic, await runEngineEntered(cold, rows, SETTLE_TIMEOUT_MS), expected);
    const left = await cold.session.storage();
    const leftInIndexedDb = await copyIndexedDb(indexedDB);
    indexedDB = null;
    // The heap the runtime holds (bundle, engine, cache, the values it made): the live heap with the
    // workbook open, less the live heap once the runtime is closed and collected (the grid stays, to be
    // reopened). Both are read after full collections, so garbage of earlier strategies counts in neither.
    const open = heapUsed();
    const released = collectionOf(cold.session.context, 'the closed workbook');
    const saved = await closeRuntime(cold.session);
    cold = null;
    await released();
    engine.heapMb = megabytes(open - heapUsed());

    await nextPass();
    const again = await runEngineReopened(saved, rows.length, leftInIndexedDb, SETTLE_TIMEOUT_MS, traffic.fetch);
    const reopened = await pass(sandbox, traffic, again, expected);
    await again.session.close();

    await nextPass();
    const keyOnly = Object.fromEntries(Object.entries(left).filter(([key]) => key !== CACHE_STORAGE_KEY));
    const known = await runEngine(
      rows,
      { settings: keyOnly, indexedDB: freshIndexedDb() },
      SETTLE_TIMEOUT_MS,
      traffic.fetch,
    );
    const knownKey = await pass(sandbox, traffic, known, expected);
    await known.session.close();
    return {
      figures: {
        engine,
        'engine-known-key': knownKey,
        'engine-warm': warm,
        'engine-entered': entered,
        'engine-reopened': reopened,
      },
      cacheStore: cache.store,
    };
  });
}
