/** The benchmark's figures: one line per strategy and scenario, the targets, and the JSON summary. */
export interface StrategyFigures {
  requests: number;
  batchItems: number;
  wallMs: number;
  correct: number;
  errors: number;
  unsettled: number;
  rateLimited: number;
  /** Round trips waited for one after another (traffic.ts). */
  rounds?: number;
  /** Ours: of `requests`, the background re-reads of profiles still pending (on their own schedule). */
  polls?: number;
  heapMb?: number;
  cacheBytes?: number;
  /** Records in the persisted cache. */
  cachedRecords?: number;
  /** Wall time of every run, in the order run; the other figures are those of the median run. */
  wallMsRuns?: number[];
}

export interface Summary {
  rows: number;
  cells: number;
  distinct: number;
  maxBatch: number;
  scenarios: {
    open: Record<string, StrategyFigures>;
    'rate-limited': Record<string, StrategyFigures | number>;
  };
}

const COLUMNS: Array<[keyof StrategyFigures, string]> = [
  ['requests', 'requests'],
  ['rounds', 'rounds'],
  ['batchItems', 'batch items'],
  ['wallMs', 'wall ms'],
  ['correct', 'correct'],
  ['errors', 'errors'],
  ['unsettled', 'unsettled'],
  ['rateLimited', '429s'],
  ['polls', 'of which polls'],
  ['heapMb', 'heap MB'],
  ['cacheBytes', 'cache bytes'],
  ['cachedRecords', 'cached records'],
];

/** The run whose wall time is the median (lower median for an even count), with every run's time. */
export function medianRun(runs: readonly StrategyFigures[]): StrategyFigures {
  const sorted = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], wallMsRuns: runs.map((run) => run.wallMs) };
}

export function table(scenario: string, figures: Record<string, StrategyFigures>, cells: number): string {
  const header = ['scenario', 'strategy', ...COLUMNS.map(([, label]) => label)];
  const lines = Object.entries(figures).map(([strategy, f]) => [
    scenario,
    strategy,
    ...COLUMNS.map(([key]) => (f[key] === undefined ? '' : key === 'correct' ? `${f.correct}/${cells}` : String(f[key]))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
}

/** The targets, each with the figures it was judged on. */
export function targets(summary: Summary): string[] {
  const { open } = summary.scenarios;
  const limited = summary.scenarios['rate-limited'];
  const engineLimited = limited.engine as StrategyFigures;
  const floorMs = limited.floorMs as number;
  const minimum = Math.ceil(summary.distinct / summary.maxBatch);
  const verdict = (ok: boolean): string => (ok ? 'met   ' : 'MISSED');
  const ratio = (a: number, b: number): string => (a / b).toFixed(2);
  return [
    `${verdict(open.engine.requests <= minimum * 1.05)} engine requests ${open.engine.requests} <= ceil(distinct/maxBatch) x 1.05 = ${(minimum * 1.05).toFixed(1)}`,
    `${verdict(open.naive.requests >= 100 * open.engine.requests)} naive/engine requests = ${ratio(open.naive.requests, open.engine.requests)}x (target >= 100x)`,
    `${verdict(open.naive.wallMs >= 20 * open.engine.wallMs)} open: naive/engine time = ${ratio(open.naive.wallMs, open.engine.wallMs)}x (target >= 20x)`,
    `${verdict(open.engine.wallMs <= 1.25 * open['timer-batch'].wallMs)} open: engine/timer-batch time = ${ratio(open.engine.wallMs, open['timer-batch'].wallMs)}x (target <= 1.25x; timer-batch correct ${open['timer-batch'].correct}/${summary.cells})`,
    `${verdict(engineLimited.correct === summary.cells && engineLimited.wallMs <= 1.3 * floorMs)} rate-limited: engine ${engineLimited.correct}/${summary.cells} correct, engine/floor time = ${ratio(engineLimited.wallMs, floorMs)}x (target <= 1.3x of ${floorMs} ms)`,
    ...(['open', 'rate-limited'] as const).map((name) => {
      const engine = summary.scenarios[name].engine as StrategyFigures;
      const perRecord = (engine.cacheBytes ?? 0) / Math.max(1, engine.cachedRecords ?? 0);
      return `${verdict(perRecord < 150)} ${name}: persisted cache ${engine.cacheBytes} bytes for ${engine.cachedRecords} records = ${perRecord.toFixed(0)} bytes each (target < 150)`;
    }),
    ...(['open', 'rate-limited'] as const).map((name) => {
      const warm = summary.scenarios[name]['engine-warm'] as StrategyFigures;
      const asked = warm.requests - (warm.polls ?? 0);
      return `${verdict(asked === 0 && warm.wallMs < 1000 && warm.correct === summary.cells)} ${name}: engine-warm ${asked} requests (+${warm.polls ?? 0} background polls of pending profiles), ${warm.wallMs} ms, ${warm.correct}/${summary.cells} correct (target 0 requests, < 1000 ms)`;
    }),
  ];
}
