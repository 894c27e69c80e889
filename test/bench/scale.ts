/**
 * `npm run bench -- scale`: what the cache and the runtime's memory cost as sheets grow, every figure
 * judged against one measured in the same process (scaleMeasures.ts measures):
 * - warm recalculations (two F9 passes) in ms per cell at 10,000 and `--rows` rows against 2,000 rows
 *   (median of three sheets), and the heap per cell the runtime holds (its own share, not the grid's);
 * - `--distinct` suppliers, each once: cold, then three warm passes and three reopenings (requests;
 *   wall times and their medians);
 * - the bytes one save writes after 100 of 50,000 cached records are refreshed.
 * `--runtime chromium` runs the sheets and the distinct suppliers in Chromium (scaleChromium.ts) instead
 * of Node's harness, each sheet beside the sheet served to the page (over `--transport h1|h2`); the heap
 * split and the cache's own costs are read in Node either way.
 * Prints a table, the targets, and last one JSON line.
 */
import { refreshAt } from './cacheMeasures';
import { oneOf, optionsOrExit, readFlags, refused, wholeNumber, type FlagKinds } from './flags';
import { distinctInChromium, sheetInChromium } from './scaleChromium';
import { distinctAt, sheetAt, type PassFigures, type SandboxTransport, type SheetFigures } from './scaleMeasures';
import { median, WARM_RATIO } from './report';

/** Where the runtime runs: Node's workbook harness, or a page in Chromium. */
export const RUNTIMES = ['node', 'chromium'] as const;
export type Runtime = (typeof RUNTIMES)[number];
const SANDBOX_TRANSPORTS: readonly SandboxTransport[] = ['h1', 'h2'];

export interface ScaleOptions {
  rows: number;
  distinct: number;
  runtime: Runtime;
  /** How the sandbox serves the page (Chromium only): HTTP/1.1, or HTTP/2 over TLS. */
  transport: SandboxTransport;
  firstCallAfterMs: number;
  jsonOnly: boolean;
}

export const SCALE_USAGE = `usage: npm run bench -- scale [--rows N] [--distinct N] [--quick] [--runtime node|chromium]
                             [--transport h1|h2] [--first-call-after MS] [--json-only]
  --rows N      the largest sheet for warm passes and heap (default 50000; also 2000 and 10000 are run)
  --distinct N  suppliers, each once, for cold / warm / reopened (default 100000)
  --quick       --rows 10000 --distinct 10000
  --runtime R   node (default): the workbook harness in this process, with the heap split;
                chromium: the runtime in a Chromium page, its IndexedDB and network (no heap split)
  --transport T with --runtime chromium, how the sandbox serves the page: h1 (default; Chromium's six
                HTTP/1.1 connections) or h2 (one HTTP/2 connection over TLS)
  --first-call-after MS  a reopened workbook's first call comes MS after its runtime's scripts load
                (default 0: at once; Excel takes some time to get ready, which this models)
  --json-only   print only the JSON summary line`;

const BASE_ROWS = 2_000;
const BASE_RUNS = 3;
const MID_ROWS = 10_000;
const CACHED = 50_000;
const REFRESHED = 100;
/** The old target for a reopened workbook against warm, reported beside its figure. */
const REOPENED_RATIO = 1.5;
/** Targets. */
const HEAP_BYTES_PER_CELL = 1024;

const FLAGS: FlagKinds = {
  rows: 'value',
  distinct: 'value',
  quick: 'switch',
  runtime: 'value',
  transport: 'value',
  'first-call-after': 'value',
  'json-only': 'switch',
};

export function parseScaleOptions(argv: readonly string[]): ScaleOptions {
  const { switches, values } = readFlags(argv, FLAGS, SCALE_USAGE);
  const quick = switches.has('quick') ? MID_ROWS : undefined;
  const runtime = oneOf('runtime', values.get('runtime'), RUNTIMES, SCALE_USAGE) ?? 'node';
  const transport = oneOf('transport', values.get('transport'), SANDBOX_TRANSPORTS, SCALE_USAGE);
  if (transport !== undefined && runtime !== 'chromium') {
    throw refused("--transport is for --runtime chromium (Node's passes use Node's own fetch)", SCALE_USAGE);
  }
  return {
    rows: wholeNumber('rows', values.get('rows'), [MID_ROWS, 100_000], SCALE_USAGE) ?? quick ?? 50_000,
    distinct: wholeNumber('distinct', values.get('distinct'), [1_000, 150_000], SCALE_USAGE) ?? quick ?? 100_000,
    runtime,
    transport: transport ?? 'h1',
    firstCallAfterMs: wholeNumber('first-call-after', values.get('first-call-after'), [0, 10_000], SCALE_USAGE) ?? 0,
    jsonOnly: switches.has('json-only'),
  };
}

const perCell = (pass: PassFigures, cells: number, of: 'wallMs' | 'cpuMs'): number =>
  Math.round((pass[of] / cells) * 100_000) / 100_000;

/** A figure, or a dash where this runtime does not read it. */
const shownOr = (figure: number | null): string => (figure === null ? '–' : String(figure));

/** The sheet served to the page and the cold pass against it, or dashes in Node. */
const servedText = ({ served, coldMs }: SheetFigures): string =>
  served === null ? '– | –' : `${served.ms} (${served.protocols.join(', ')}) | ${(coldMs / served.ms).toFixed(2)}x`;

function verdict(met: boolean, text: string): string {
  return `${met ? 'met   ' : 'MISSED'} ${text}`;
}

export async function scaleBench(argv: readonly string[]): Promise<void> {
  const options: ScaleOptions = optionsOrExit(() => parseScaleOptions(argv));
  const log = (line: string): void => void (options.jsonOnly || console.log(line));
  const inChromium = options.runtime === 'chromium';
  const sheetIn = inChromium ? (rows: number) => sheetInChromium(rows, options.transport) : sheetAt;
  const heap = inChromium ? '' : ', heap';
  log(
    `runtime: ${inChromium ? `a Chromium page over ${options.transport} (no heap split: read with --runtime node)` : "Node's workbook harness"}`,
  );
  const sheets: SheetFigures[] = [];
  for (let run = 1; run <= BASE_RUNS; run += 1) {
    log(`${BASE_ROWS} rows, sheet ${run} of ${BASE_RUNS}: cold, two warm passes${heap} ...`);
    sheets.push(await sheetIn(BASE_ROWS));
  }
  for (const rows of [MID_ROWS, options.rows]) {
    log(`${rows} rows: cold, two warm passes${heap} ...`);
    sheets.push(await sheetIn(rows));
  }
  log(`${options.distinct} distinct suppliers: cold, three warm passes, three reopenings ...`);
  const distinct = inChromium
    ? await distinctInChromium(options.distinct, options.firstCallAfterMs, options.transport)
    : await distinctAt(options.distinct, options.firstCallAfterMs);
  log(`${CACHED} cached records, ${REFRESHED} refreshed: what one save writes ...`);
  const refresh = await refreshAt(CACHED, REFRESHED);

  const base = sheets.filter((sheet) => sheet.rows === BASE_ROWS);
  const baseWall = median(base.flatMap((sheet) => sheet.warm.map((pass) => perCell(pass, sheet.cells, 'wallMs'))));
  const baseCpu = median(base.flatMap((sheet) => sheet.warm.map((pass) => perCell(pass, sheet.cells, 'cpuMs'))));
  log('');
  log(
    '| rows | cells | cold ms | served ms (protocol) | cold / served | warm ms (1st, 2nd) | ms per cell | vs 2,000 rows | CPU ms per cell | GC ms | runtime B/cell | grid B/cell |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const sheet of sheets) {
    const walls = sheet.warm.map((pass) => perCell(pass, sheet.cells, 'wallMs'));
    const cpus = sheet.warm.map((pass) => perCell(pass, sheet.cells, 'cpuMs'));
    log(
      `| ${sheet.rows} | ${sheet.cells} | ${sheet.coldMs} | ${servedText(sheet)} | ` +
        `${sheet.warm.map((p) => p.wallMs).join(', ')} | ${walls.join(', ')} | ` +
        `${walls.map((w) => (w / baseWall).toFixed(2)).join('x, ')}x | ${cpus.join(', ')} | ${sheet.warm.map((p) => shownOr(p.gcMs)).join(', ')} | ` +
        `${shownOr(sheet.runtimeBytesPerCell)} | ${shownOr(sheet.gridBytesPerCell)} |`,
    );
  }
  const d = distinct;
  log('');
  log(
    `${d.distinct} distinct suppliers (${d.cells} cells): cold ${d.cold.wallMs} ms, ${d.cold.requests} requests; ` +
      `warm ${d.warm.wallMs} ms (median of ${d.warm.runsMs.join(', ')}), ${d.warm.requests} requests; ` +
      `reopened ${d.reopened.wallMs} ms (median of ${d.reopened.runsMs.join(', ')}; Excel's first call ${d.firstCallAfterMs} ms ` +
      `after the scripts loaded), ${d.reopened.requests} requests; ` +
      `stored ${d.stored.entries} entries, ${d.stored.bytes} bytes` +
      (d.stored.loadMs === null ? '' : `, loaded by the engine's cache in ${d.stored.loadMs} ms`),
  );
  log(
    `refresh of ${refresh.refreshed} of ${refresh.cached} cached records: one save wrote ${refresh.written.entries} entries, ` +
      `${refresh.written.bytes} bytes (the single blob of earlier versions: ${refresh.blobBytes} bytes)`,
  );
  log('');
  const large = sheets.filter((sheet) => sheet.rows > BASE_ROWS);
  for (const sheet of large) {
    for (const [i, pass] of sheet.warm.entries()) {
      const ratio = perCell(pass, sheet.cells, 'wallMs') / baseWall;
      log(
        verdict(
          ratio <= WARM_RATIO,
          `${sheet.rows} rows, warm pass ${i + 1}: ${ratio.toFixed(2)}x ms per cell of ${BASE_ROWS} rows (target <= ${WARM_RATIO}x; CPU ${(perCell(pass, sheet.cells, 'cpuMs') / baseCpu).toFixed(2)}x)`,
        ),
      );
    }
    const heap = sheet.runtimeBytesPerCell;
    if (heap !== null) {
      log(
        verdict(
          heap < HEAP_BYTES_PER_CELL,
          `${sheet.rows} rows: runtime heap ${heap} bytes per cell (target < ${HEAP_BYTES_PER_CELL})`,
        ),
      );
    }
  }
  log(
    verdict(
      sheets.every((sheet) => sheet.unchanged),
      'every warm pass showed what the cold pass showed',
    ),
  );
  log(
    verdict(
      d.warm.requests === 0 && d.reopened.requests === 0,
      `${d.distinct} distinct: warm ${d.warm.requests} and reopened ${d.reopened.requests} requests (target 0)`,
    ),
  );
  // Reported, no longer a target: a reopened workbook's time is mostly Excel's (loading the scripts, its
  // first calls) and the cache's read (docs/performance.md "The targets Excel decides").
  const reopenedRatio = d.reopened.wallMs / Math.max(1, d.warm.wallMs);
  log(
    `       ${d.distinct} distinct: reopened ${reopenedRatio.toFixed(2)}x warm (a figure, not a target; ${REOPENED_RATIO}x the old one)`,
  );
  log(
    verdict(
      refresh.written.entries <= REFRESHED + 1,
      `refresh of ${REFRESHED}: ${refresh.written.entries} entries written (target: those records and at most the table)`,
    ),
  );
  console.log(
    JSON.stringify({
      runtime: options.runtime,
      transport: inChromium ? options.transport : null,
      baseWarmMsPerCell: baseWall,
      baseWarmCpuMsPerCell: baseCpu,
      sheets,
      distinct,
      refresh,
    }),
  );
}
