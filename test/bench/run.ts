/**
 * `npm run bench`: the supplier-sheet benchmark. Every strategy scores the same sheet from a cold
 * cache against a fresh sandbox (same seed), over the same transport (`--transport`, transport.ts), in
 * one process, so the baselines and ours meet the same machine at the same moment. Prints a table per
 * scenario, the floors, the targets, and last one JSON line.
 */
import { PREFERRED_BATCH } from '../../src/engine/sending/batchQueue';
import { localCertificate } from '../../tools/sandbox/server/certificate';
import { compareCardLayout } from './cardLayout';
import { cellsOf, type CellSpec } from './cells';
import { optionsOrExit } from './flags';
import { parseOptions, type BenchOptions } from './options';
import { baseline, ours, withSandbox, type BenchSetting, type OursFigures, type Ours } from './passes';
import { medianRun, table, targets, type ScenarioFigures, type StrategyFigures, type Summary } from './report';
import { floorOf, SCENARIO_KNOBS, SCENARIOS, type Floor, type Scenario } from './scenarios';
import { scaleBench } from './scale';
import { measuredServedMs, measuredServiceMs } from './serviceTime';
import { H1_CONNECTIONS } from './transport';
import { supplierSheet, type SupplierRow } from './workload';

/** The batch size the request targets are judged against: the engine's preferred batch. */
const MAX_BATCH = PREFERRED_BATCH;
/** Above this many rows naive is not run and timer-batch runs once. */
const FULL_RUN_ROWS = 2_000;

type Fast = 'timer-batch' | Ours;

/** timer-batch and ours, `runs` times each, interleaved so that both meet the machine's moods alike. */
async function fastStrategies(
  setting: BenchSetting,
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
    'engine-entered': [],
    'engine-reopened': [],
  };
  let cacheStore: OursFigures['cacheStore'] = 'settings';
  const knobs = SCENARIO_KNOBS[scenario];
  for (let run = 1; run <= Math.max(runs.timerBatch, runs.engine); run += 1) {
    log(`${scenario}: run ${run}: timer-batch, engine (+ warm, reopened, known key) ...`);
    if (run <= runs.timerBatch) figures['timer-batch'].push(await baseline(setting, 'timer-batch', knobs, rows, cells));
    if (run > runs.engine) continue;
    const engine = await ours(setting, knobs, rows, cells);
    for (const [name, f] of Object.entries(engine.figures)) figures[name as Ours].push(f);
    cacheStore = engine.cacheStore;
  }
  const median = Object.fromEntries(Object.entries(figures).map(([name, list]) => [name, medianRun(list)]));
  return { figures: median as Record<Fast, StrategyFigures>, cacheStore };
}

const perCell = (wallMs: number, count: number): number => Math.round((wallMs / count) * 10_000) / 10_000;

/**
 * Above FULL_RUN_ROWS, warm ms per cell is judged against a FULL_RUN_ROWS sheet warmed in this same
 * process (machines are noisy: figures from another run do not compare); median of at least 3.
 */
async function warmBaseline(setting: BenchSetting, options: BenchOptions, log: (line: string) => void) {
  const population = await withSandbox(setting, {}, async (sandbox) => sandbox.population.organizations);
  const base = supplierSheet(population, FULL_RUN_ROWS);
  const baseCells = cellsOf(base.rows);
  const baseRuns = Math.max(3, options.runs);
  log(`open: ${FULL_RUN_ROWS}-row baseline for warm ms per cell, ${baseRuns} runs ...`);
  const passes: StrategyFigures[] = [];
  for (let run = 0; run < baseRuns; run += 1)
    passes.push((await ours(setting, SCENARIO_KNOBS.open, base.rows, baseCells)).figures['engine-warm']);
  return perCell(medianRun(passes).wallMs, baseCells.length);
}

/** The card-layout comparison alone, with what each layout's values weigh (`npm run bench -- weight`). */
async function weightBench(argv: readonly string[]): Promise<void> {
  const options = optionsOrExit(() => parseOptions(argv));
  setInterval(() => undefined, 60_000); // as main's: pending request timers keep the process up
  const setting: BenchSetting = {
    transport: 'unlimited',
    certificate: null,
    organizations: Math.max(20_000, options.rows * 2),
    connections: {},
  };
  const population = await withSandbox(setting, {}, async (sandbox) => sandbox.population.organizations);
  const workload = supplierSheet(population, options.rows);
  const cards = await compareCardLayout(
    (knobs, run) => withSandbox(setting, knobs, (sandbox) => run(sandbox)),
    SCENARIO_KNOBS.open,
    workload.rows,
    cellsOf(workload.rows),
  );
  if (!options.jsonOnly) for (const line of cards.lines) console.log(line);
  console.log(JSON.stringify({ rows: options.rows, cardLayout: cards.figures }));
}

async function main(): Promise<void> {
  if (process.argv[2] === 'scale') return scaleBench(process.argv.slice(3)); // the cache and memory bench
  if (process.argv[2] === 'weight') return weightBench(process.argv.slice(3));
  const options: BenchOptions = optionsOrExit(() => parseOptions(process.argv.slice(2)));
  const log = (line: string): void => {
    if (!options.jsonOnly) console.log(line);
  };
  // Requests a transport lost without settling wait on timers Node does not count (AbortSignal.timeout):
  // this keeps the process up until they time out, instead of exiting with the run half done.
  setInterval(() => undefined, 60_000);
  const setting: BenchSetting = {
    transport: options.transport,
    certificate: options.transport === 'h2' ? await localCertificate() : null,
    organizations: Math.max(20_000, options.rows * 2),
    connections: {},
  };
  const population = await withSandbox(setting, {}, async (sandbox) => sandbox.population.organizations);
  const workload = supplierSheet(population, options.rows);
  const cells = cellsOf(workload.rows);
  const full = options.rows <= FULL_RUN_ROWS;
  const runs = { timerBatch: full ? options.runs : 1, engine: options.runs };
  log(
    `supplier sheet: ${options.rows} rows, ${cells.length} cells, ${workload.distinct} distinct suppliers, preferred batch ${MAX_BATCH}, transport ${options.transport}`,
  );

  const naiveOpenFloorMs =
    Math.ceil(cells.length / H1_CONNECTIONS) * (SCENARIO_KNOBS.open.latencyMs + SCENARIO_KNOBS.open.itemLatencyMs);
  let naive: StrategyFigures | null = null;
  if (full) {
    log('open: naive ...');
    naive = await baseline(setting, 'naive', SCENARIO_KNOBS.open, workload.rows, cells);
  }
  const scenarios: Partial<Record<Scenario, ScenarioFigures>> = {};
  const floors: Partial<Record<Scenario, Floor>> = {};
  let cacheStore: OursFigures['cacheStore'] = 'settings';
  // Scenarios with the same latency are served alike (faults and the rate limit are left out): measured once.
  const served = new Map<string, number>();
  for (const scenario of SCENARIOS) {
    const knobs = SCENARIO_KNOBS[scenario];
    const serviceMs = await measuredServiceMs(setting, knobs);
    const pace = `${knobs.latencyMs}+${knobs.itemLatencyMs}`;
    if (!served.has(pace)) served.set(pace, await measuredServedMs(setting, knobs, workload.rows));
    const measured = await fastStrategies(setting, scenario, runs, workload.rows, cells, log);
    scenarios[scenario] = measured.figures;
    floors[scenario] = floorOf(scenario, options.transport, workload.distinct, serviceMs, served.get(pace));
    if (scenario === 'open') cacheStore = measured.cacheStore;
  }
  // above FULL_RUN_ROWS naive is not run: at six requests at a time its floor is naiveOpenFloorMs
  const open = { ...(naive ? { naive } : { naiveOpenFloorMs }), ...scenarios.open! };
  const engine = scenarios.open!.engine as StrategyFigures;
  const summary: Summary = {
    transport: options.transport,
    connections: setting.connections,
    rows: options.rows,
    cells: cells.length,
    distinct: workload.distinct,
    maxBatch: MAX_BATCH,
    cacheBytesPerRecord: Math.round((engine.cacheBytes ?? 0) / Math.max(1, engine.cachedRecords ?? 0)),
    cacheStore,
    warmMsPerCell: perCell((scenarios.open!['engine-warm'] as StrategyFigures).wallMs, cells.length),
    ...(full ? {} : { warmMsPerCellAt2000Rows: await warmBaseline(setting, options, log) }),
    scenarios: { ...scenarios, open },
    floors,
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
  log(`transport ${options.transport}: connections opened over the whole run ${JSON.stringify(setting.connections)}`);
  log(
    'floors, max(ceil(requests / concurrency) x service time of a full batch, requests / rate limit), over this transport (service time: median of full batches sent one at a time), and the sheet served to a client that does nothing else (the sandbox answers on one thread of this machine):',
  );
  for (const [name, floor] of Object.entries(floors)) log(`  ${name}: ${floor.formula}`);
  if (!full)
    log(
      `above ${FULL_RUN_ROWS} rows: naive not run (open floor ${naiveOpenFloorMs} ms at six requests at a time), timer-batch run once`,
    );
  log(
    `persisted cache: ${summary.cacheBytesPerRecord} bytes per record in ${summary.cacheStore}; warm ${summary.warmMsPerCell} ms per cell`,
  );
  log('');
  for (const line of targets(summary)) log(line);
  log('');
  // The card layout's workbook uses Node's own fetch (no transport of its own): plain HTTP/1.1.
  const plain: BenchSetting = { ...setting, transport: 'unlimited' };
  const cardLayout = await compareCardLayout(
    (knobs, run) => withSandbox(plain, knobs, (sandbox) => run(sandbox)),
    SCENARIO_KNOBS.open,
    workload.rows,
    cells,
  );
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
