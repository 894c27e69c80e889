/**
 * `npm run bench`: the supplier-sheet benchmark. Every strategy scores the same sheet from a cold
 * cache against a fresh sandbox (same seed), in one process, so the baselines and ours meet the same
 * machine at the same moment. Prints a table, the targets, and last one JSON line.
 */
import { ClimateClient } from '../../src/service/client';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox, type SandboxKnobs } from '../../src/sandbox/server';
import { cellsOf, cellValue, sameOutcome, type CellOutcome, type CellSpec } from './cells';
import { parseOptions } from './options';
import { medianRun, table, targets, type StrategyFigures, type Summary } from './report';
import { runBaselineAddin } from './strategies/baselineAddin';
import { runEngine, runEngineWarm, persistedCache, type EngineRun } from './strategies/engine';
import { naiveAddin } from './strategies/naive';
import { timerBatchAddin } from './strategies/timerBatch';
import { Traffic } from './traffic';
import { supplierSheet, type SupplierRow } from './workload';

const SEED = 1;
const MAX_BATCH = 50;
const RATE_LIMIT = 5;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
// Unseen suppliers stay in profiling for the whole run, so their cells are judged as "profiling".
const SCENARIO_KNOBS: Record<'open' | 'rate-limited', Partial<SandboxKnobs>> = {
  open: { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600 },
  'rate-limited': { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600, rateLimit: RATE_LIMIT },
};

type Baseline = 'naive' | 'timer-batch';

/** Live heap after a full collection (`--expose-gc`, as `npm run bench` runs it). */
function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run node with --expose-gc (npm run bench does)');
  gc();
  return process.memoryUsage().heapUsed;
}

function judge(outcomes: CellOutcome[], expected: CellOutcome[]): Pick<StrategyFigures, 'correct' | 'errors' | 'unsettled'> {
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

function expectedOutcomes(sandbox: RunningSandbox, cells: CellSpec[]): CellOutcome[] {
  return cells.map(({ row, field }) => {
    if (row.kind === 'unseen') return { kind: 'pending' };
    const record = sandbox.population.recordFor(row.request);
    if (!record) throw new Error(`bench: the workload's supplier ${String(row.input)} is not in the sandbox`);
    return cellValue(record, field);
  });
}

async function withSandbox<T>(knobs: Partial<SandboxKnobs>, run: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ port: 0, seed: SEED, quiet: true, ...knobs });
  try {
    return await run(sandbox);
  } finally {
    await sandbox.close();
  }
}

function served(sandbox: RunningSandbox): Pick<StrategyFigures, 'requests' | 'batchItems' | 'rateLimited'> {
  const stats = sandbox.stats();
  return { requests: stats.requests, batchItems: stats.batchItems, rateLimited: stats.rateLimited };
}

async function baseline(strategy: Baseline, knobs: Partial<SandboxKnobs>, rows: SupplierRow[], cells: CellSpec[]): Promise<StrategyFigures> {
  return withSandbox(knobs, async (sandbox) => {
    // The same fetch as the runtime the engine runs in (the harness's: Node's own).
    const traffic = new Traffic();
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: traffic.fetch });
    const addin = strategy === 'naive' ? naiveAddin(client) : timerBatchAddin(client, sandbox.knobs().maxBatch);
    const { outcomes, wallMs } = await runBaselineAddin(addin, rows);
    return { ...served(sandbox), rounds: traffic.rounds, wallMs: Math.round(wallMs), ...judge(outcomes, expectedOutcomes(sandbox, cells)) };
  });
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

async function ours(knobs: Partial<SandboxKnobs>, rows: SupplierRow[], cells: CellSpec[]): Promise<Record<'engine' | 'engine-warm', StrategyFigures>> {
  return withSandbox(knobs, async (sandbox) => {
    const expected = expectedOutcomes(sandbox, cells);
    const traffic = new Traffic();
    const settings = { baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, maxBatch: MAX_BATCH };
    let cold: EngineRun | null = await runEngine(rows, settings, SETTLE_TIMEOUT_MS, traffic.fetch);
    const engine: StrategyFigures = { ...served(sandbox), rounds: traffic.rounds, polls: traffic.polls, wallMs: Math.round(cold.wallMs), ...judge(cold.outcomes, expected) };
    const cache = await persistedCache(cold.session);
    engine.cacheBytes = cache.bytes;
    engine.cachedRecords = cache.entries;
    await traffic.quiet(); // a poll still under way belongs to neither pass
    sandbox.resetStats();
    traffic.reset();
    const warm = await runEngineWarm(cold, rows.length, SETTLE_TIMEOUT_MS);
    const engineWarm: StrategyFigures = { ...served(sandbox), polls: traffic.polls, wallMs: Math.round(warm.wallMs), ...judge(warm.outcomes, expected) };
    // The heap the runtime holds (bundle, engine, cache, and the harness's cells): the live heap with
    // the workbook open, less the live heap once it is closed and collected. Both are read after full
    // collections, so garbage left by earlier strategies counts in neither.
    const open = heapUsed();
    const released = collectionOf(cold.session.context, 'the closed workbook');
    await cold.session.close();
    cold = null;
    await released();
    engine.heapMb = megabytes(open - heapUsed());
    return { engine, 'engine-warm': engineWarm };
  });
}

/** timer-batch and ours, `runs` times each, interleaved so that both meet the machine's moods alike. */
async function fastStrategies(
  scenario: keyof typeof SCENARIO_KNOBS,
  runs: number,
  rows: SupplierRow[],
  cells: CellSpec[],
  log: (line: string) => void,
): Promise<Record<'timer-batch' | 'engine' | 'engine-warm', StrategyFigures>> {
  const figures: Record<'timer-batch' | 'engine' | 'engine-warm', StrategyFigures[]> = { 'timer-batch': [], engine: [], 'engine-warm': [] };
  for (let run = 1; run <= runs; run += 1) {
    log(`${scenario}: run ${run} of ${runs}: timer-batch, engine, engine-warm ...`);
    figures['timer-batch'].push(await baseline('timer-batch', SCENARIO_KNOBS[scenario], rows, cells));
    const engine = await ours(SCENARIO_KNOBS[scenario], rows, cells);
    figures.engine.push(engine.engine);
    figures['engine-warm'].push(engine['engine-warm']);
  }
  return {
    'timer-batch': medianRun(figures['timer-batch']),
    engine: medianRun(figures.engine),
    'engine-warm': medianRun(figures['engine-warm']),
  };
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const log = (line: string): void => {
    if (!options.jsonOnly) console.log(line);
  };
  const population = await withSandbox({}, async (sandbox) => sandbox.population.organizations);
  const workload = supplierSheet(population, options.rows);
  const cells = cellsOf(workload.rows);
  log(`supplier sheet: ${options.rows} rows, ${cells.length} cells, ${workload.distinct} distinct suppliers, maxBatch ${MAX_BATCH}`);

  log('open: naive ...');
  const naive = await baseline('naive', SCENARIO_KNOBS.open, workload.rows, cells);
  const open = { naive, ...(await fastStrategies('open', options.runs, workload.rows, cells, log)) };
  const floorMs = (Math.ceil(workload.distinct / MAX_BATCH) / RATE_LIMIT) * 1000;
  const naiveFloorMs = Math.ceil((cells.length / RATE_LIMIT) * 1000);
  const limited = await fastStrategies('rate-limited', options.runs, workload.rows, cells, log);

  const summary: Summary = {
    rows: options.rows,
    cells: cells.length,
    distinct: workload.distinct,
    maxBatch: MAX_BATCH,
    // naive is not run under the rate limit: one request per cell at 5 per second is its floor.
    scenarios: { open, 'rate-limited': { floorMs, naiveFloorMs, ...limited } },
  };
  log('');
  log(table('open', open, cells.length));
  log('');
  log(table('rate-limited', limited, cells.length));
  log(`wall ms of every run (median reported): ${(['open', 'rate-limited'] as const)
    .flatMap((name) => Object.entries(summary.scenarios[name]).flatMap(([strategy, f]) => (typeof f === 'object' && f.wallMsRuns ? [`${name} ${strategy} ${f.wallMsRuns.join('/')}`] : [])))
    .join('; ')}`);
  log(`rate-limited floor: ceil(${workload.distinct} / ${MAX_BATCH}) / ${RATE_LIMIT} per s = ${floorMs} ms; naive not run (it would need at least ${naiveFloorMs} ms)`);
  log('');
  for (const line of targets(summary)) log(line);
  console.log(JSON.stringify(summary));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
