/**
 * `npm run bench`: the supplier-sheet benchmark. Every strategy scores the same sheet from a cold
 * cache against a fresh sandbox (same seed), in one process, so the baselines and ours meet the same
 * machine at the same moment. Prints a table, the targets, and last one JSON line.
 */
import type { IDBFactory } from 'fake-indexeddb';
import { PREFERRED_BATCH } from '../../src/engine/dispatcher';
import { CACHE_STORAGE_KEY } from '../../src/engine/recordCache';
import { ClimateClient } from '../../src/service/client';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox, type SandboxKnobs } from '../../src/sandbox/server';
import { compareCardLayout } from './cardLayout';
import { cellsOf, cellValue, sameOutcome, type CellOutcome, type CellSpec } from './cells';
import { parseOptions } from './options';
import { medianRun, table, targets, type StrategyFigures, type Summary } from './report';
import { runBaselineAddin } from './strategies/baselineAddin';
import {
  copyIndexedDb,
  freshIndexedDb,
  persistedCache,
  runEngine,
  runEngineWarm,
  type EngineRun,
} from './strategies/engine';
import { naiveAddin } from './strategies/naive';
import { timerBatchAddin } from './strategies/timerBatch';
import { seededSettings } from '../harness';
import { scaleBench } from './scale';
import { Traffic } from './traffic';
import { supplierSheet, type SupplierRow } from './workload';

const SEED = 1;
/** The batch size the request targets are judged against: the engine's preferred batch. */
const MAX_BATCH = PREFERRED_BATCH;
const RATE_LIMIT = 5;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
/** Above this many rows naive is not run, timer-batch runs once, and the rate-limited scenario is left out. */
const FULL_RUN_ROWS = 2_000;
// Unseen suppliers stay in profiling for the whole run, so their cells are judged as "profiling".
const SCENARIO_KNOBS = {
  open: { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600 },
  'slow-service': { latencyMs: 400, itemLatencyMs: 5, profilingSeconds: 3600 },
  'rate-limited': { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600, rateLimit: RATE_LIMIT },
} satisfies Record<string, Partial<SandboxKnobs>>;
type Scenario = keyof typeof SCENARIO_KNOBS;

type Baseline = 'naive' | 'timer-batch';

/** Live heap after a full collection (`--expose-gc`, as `npm run bench` runs it). */
function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run node with --expose-gc (npm run bench does)');
  gc();
  return process.memoryUsage().heapUsed;
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

function expectedOutcomes(sandbox: RunningSandbox, cells: CellSpec[]): CellOutcome[] {
  return cells.map(({ row, field }) => {
    if (row.kind === 'unseen') return { kind: 'pending' };
    const record = sandbox.population.recordFor(row.request);
    if (!record) throw new Error(`bench: the workload's supplier ${String(row.input)} is not in the sandbox`);
    return cellValue(record, field);
  });
}

/** Population large enough for the sheet's distinct suppliers (the sandbox's default is 20,000). */
let organizations = 20_000;

async function withSandbox<T>(knobs: Partial<SandboxKnobs>, run: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ port: 0, seed: SEED, quiet: true, organizations, ...knobs });
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

async function baseline(
  strategy: Baseline,
  knobs: Partial<SandboxKnobs>,
  rows: SupplierRow[],
  cells: CellSpec[],
): Promise<StrategyFigures> {
  return withSandbox(knobs, async (sandbox) => {
    // The same fetch as the runtime the engine runs in (the harness's: Node's own).
    const traffic = new Traffic();
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: traffic.fetch });
    const addin = strategy === 'naive' ? naiveAddin(client) : timerBatchAddin(client, sandbox.knobs().maxBatch);
    const { outcomes, wallMs } = await runBaselineAddin(addin, rows);
    return {
      ...served(sandbox),
      rounds: traffic.rounds,
      wallMs: Math.round(wallMs),
      ...judge(outcomes, expectedOutcomes(sandbox, cells)),
      cells: cells.length,
    };
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

type Ours = 'engine' | 'engine-known-key' | 'engine-warm' | 'engine-reopened';
export interface OursFigures {
  figures: Record<Ours, StrategyFigures>;
  cacheStore: 'indexeddb' | 'settings';
}

/** Figures of one engine pass, judged against the sandbox. */
function pass(
  sandbox: RunningSandbox,
  traffic: Traffic,
  run: { wallMs: number; outcomes: CellOutcome[] },
  expected: CellOutcome[],
): StrategyFigures {
  return {
    ...served(sandbox),
    rounds: traffic.rounds,
    polls: traffic.polls,
    wallMs: Math.round(run.wallMs),
    ...judge(run.outcomes, expected),
    cells: expected.length,
  };
}

/**
 * Ours, in one sandbox: a cold sheet with a key never seen (`engine`), F9 (`engine-warm`), the
 * workbook closed and reopened over what the runtime stored (`engine-reopened`), then another cold
 * sheet (fresh IndexedDB, no cache) with the key the first pass remembered (`engine-known-key`).
 */
async function ours(knobs: Partial<SandboxKnobs>, rows: SupplierRow[], cells: CellSpec[]): Promise<OursFigures> {
  return withSandbox(knobs, async (sandbox) => {
    const expected = expectedOutcomes(sandbox, cells);
    const traffic = new Traffic();
    const nextPass = async (): Promise<void> => {
      await traffic.quiet(); // a poll still under way belongs to neither pass
      sandbox.resetStats();
      traffic.reset();
    };
    let indexedDB: IDBFactory | null = freshIndexedDb();
    const settings = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
    let cold: EngineRun | null = await runEngine(rows, { settings, indexedDB }, SETTLE_TIMEOUT_MS, traffic.fetch);
    const engine = pass(sandbox, traffic, cold, expected);
    const cache = await persistedCache(cold.session, indexedDB);
    engine.cacheBytes = cache.bytes;
    engine.cachedRecords = cache.entries;
    await nextPass();
    const warm = pass(sandbox, traffic, await runEngineWarm(cold, rows.length, SETTLE_TIMEOUT_MS), expected);
    const left = await cold.session.storage();
    const leftInIndexedDb = await copyIndexedDb(indexedDB);
    indexedDB = null;
    // The heap the runtime holds (bundle, engine, cache, and the harness's cells): the live heap with
    // the workbook open, less the live heap once it is closed and collected. Both are read after full
    // collections, so garbage left by earlier strategies counts in neither.
    const open = heapUsed();
    const released = collectionOf(cold.session.context, 'the closed workbook');
    await cold.session.close();
    cold = null;
    await released();
    engine.heapMb = megabytes(open - heapUsed());

    await nextPass();
    const again = await runEngine(
      rows,
      { settings: left, indexedDB: leftInIndexedDb },
      SETTLE_TIMEOUT_MS,
      traffic.fetch,
    );
    const reopened = pass(sandbox, traffic, again, expected);
    await again.session.close();

    await nextPass();
    const keyOnly = Object.fromEntries(Object.entries(left).filter(([key]) => key !== CACHE_STORAGE_KEY));
    const known = await runEngine(
      rows,
      { settings: keyOnly, indexedDB: freshIndexedDb() },
      SETTLE_TIMEOUT_MS,
      traffic.fetch,
    );
    const knownKey = pass(sandbox, traffic, known, expected);
    await known.session.close();
    return {
      figures: { engine, 'engine-known-key': knownKey, 'engine-warm': warm, 'engine-reopened': reopened },
      cacheStore: cache.store,
    };
  });
}

type Fast = 'timer-batch' | Ours;

/** timer-batch and ours, `runs` times each, interleaved so that both meet the machine's moods alike. */
async function fastStrategies(
  scenario: Scenario,
  runs: { timerBatch: number; engine: number },
  rows: SupplierRow[],
  cells: CellSpec[],
  log: (line: string) => void,
): Promise<{ figures: Record<Fast, StrategyFigures>; cacheStore: OursFigures['cacheStore'] }> {
  const figures: Record<Fast, StrategyFigures[]> = {
    'timer-batch': [],
    engine: [],
    'engine-known-key': [],
    'engine-warm': [],
    'engine-reopened': [],
  };
  let cacheStore: OursFigures['cacheStore'] = 'settings';
  for (let run = 1; run <= Math.max(runs.timerBatch, runs.engine); run += 1) {
    log(`${scenario}: run ${run}: timer-batch, engine (+ warm, reopened, known key) ...`);
    if (run <= runs.timerBatch)
      figures['timer-batch'].push(await baseline('timer-batch', SCENARIO_KNOBS[scenario], rows, cells));
    if (run > runs.engine) continue;
    const engine = await ours(SCENARIO_KNOBS[scenario], rows, cells);
    for (const [name, f] of Object.entries(engine.figures)) figures[name as Ours].push(f);
    cacheStore = engine.cacheStore;
  }
  const median = Object.fromEntries(Object.entries(figures).map(([name, list]) => [name, medianRun(list)])) as Record<
    Fast,
    StrategyFigures
  >;
  return { figures: median, cacheStore };
}

async function main(): Promise<void> {
  if (process.argv[2] === 'scale') return scaleBench(process.argv.slice(3)); // the cache and memory bench
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
  organizations = Math.max(20_000, options.rows * 2);
  const population = await withSandbox({}, async (sandbox) => sandbox.population.organizations);
  const workload = supplierSheet(population, options.rows);
  const cells = cellsOf(workload.rows);
  const full = options.rows <= FULL_RUN_ROWS;
  const runs = { timerBatch: full ? options.runs : 1, engine: options.runs };
  log(
    `supplier sheet: ${options.rows} rows, ${cells.length} cells, ${workload.distinct} distinct suppliers, preferred batch ${MAX_BATCH}`,
  );

  const floorMs = (Math.ceil(workload.distinct / MAX_BATCH) / RATE_LIMIT) * 1000;
  const naiveFloorMs = Math.ceil((cells.length / RATE_LIMIT) * 1000);
  const naiveOpenFloorMs =
    Math.ceil(cells.length / 6) * (SCENARIO_KNOBS.open.latencyMs + SCENARIO_KNOBS.open.itemLatencyMs);
  let naive: StrategyFigures | null = null;
  if (full) {
    log('open: naive ...');
    naive = await baseline('naive', SCENARIO_KNOBS.open, workload.rows, cells);
  }
  const open = await fastStrategies('open', runs, workload.rows, cells, log);
  const slow = await fastStrategies('slow-service', runs, workload.rows, cells, log);
  const limited = full ? await fastStrategies('rate-limited', runs, workload.rows, cells, log) : null;

  const perCell = (wallMs: number, count: number): number => Math.round((wallMs / count) * 10_000) / 10_000;
  // Above FULL_RUN_ROWS, warm ms per cell is judged against a FULL_RUN_ROWS sheet warmed in this same
  // process (machines are noisy: figures from another run do not compare).
  let warmBaseline: number | null = null;
  if (!full) {
    const base = supplierSheet(population, FULL_RUN_ROWS);
    const baseCells = cellsOf(base.rows);
    const baseRuns = Math.max(3, options.runs);
    log(`open: ${FULL_RUN_ROWS}-row baseline for warm ms per cell, ${baseRuns} runs ...`);
    const passes: StrategyFigures[] = [];
    for (let run = 0; run < baseRuns; run += 1)
      passes.push((await ours(SCENARIO_KNOBS.open, base.rows, baseCells)).figures['engine-warm']);
    warmBaseline = perCell(medianRun(passes).wallMs, baseCells.length);
  }
  const warm = open.figures['engine-warm'];
  const summary: Summary = {
    rows: options.rows,
    cells: cells.length,
    distinct: workload.distinct,
    maxBatch: MAX_BATCH,
    cacheBytesPerRecord: Math.round(
      (open.figures.engine.cacheBytes ?? 0) / Math.max(1, open.figures.engine.cachedRecords ?? 0),
    ),
    cacheStore: open.cacheStore,
    warmMsPerCell: perCell(warm.wallMs, cells.length),
    ...(warmBaseline === null ? {} : { warmMsPerCellAt2000Rows: warmBaseline }),
    scenarios: {
      // above FULL_RUN_ROWS naive is not run: at six requests at a time its floor is naiveOpenFloorMs
      open: naive ? { naive, ...open.figures } : { naiveOpenFloorMs, ...open.figures },
      'slow-service': slow.figures,
      // naive is not run under the rate limit: one request per cell at 5 per second is its floor.
      ...(limited ? { 'rate-limited': { floorMs, naiveFloorMs, ...limited.figures } } : {}),
    },
  };
  log('');
  for (const [name, figures] of Object.entries(summary.scenarios)) {
    log(table(name, figures, cells.length));
    log('');
  }
  log(
    `wall ms of every run (median reported): ${Object.entries(summary.scenarios)
      .flatMap(([name, scenario]) =>
        Object.entries(scenario).flatMap(([strategy, f]) =>
          typeof f === 'object' && f.wallMsRuns ? [`${name} ${strategy} ${f.wallMsRuns.join('/')}`] : [],
        ),
      )
      .join('; ')}`,
  );
  if (limited)
    log(
      `rate-limited floor: ceil(${workload.distinct} / ${MAX_BATCH}) / ${RATE_LIMIT} per s = ${floorMs} ms; naive not run (it would need at least ${naiveFloorMs} ms)`,
    );
  else
    log(
      `above ${FULL_RUN_ROWS} rows: naive not run (open floor ${naiveOpenFloorMs} ms at six requests at a time), timer-batch run once, rate-limited left out`,
    );
  log(
    `persisted cache: ${summary.cacheBytesPerRecord} bytes per record in ${summary.cacheStore}; warm ${summary.warmMsPerCell} ms per cell`,
  );
  log('');
  for (const line of targets(summary)) log(line);
  log('');
  const cardLayout = await compareCardLayout(withSandbox, SCENARIO_KNOBS.open, workload.rows, cells);
  for (const line of cardLayout.lines) log(line);
  console.log(JSON.stringify({ ...summary, cardLayout: cardLayout.figures }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
