/** Command-line options of `npm run bench`. Bad flags get a clear message and exit code 2. */
import { TRANSPORTS, type TransportName } from './transport';

export interface BenchOptions {
  rows: number;
  /** Runs of each fast strategy per scenario; the median run is reported. */
  runs: number;
  /** The wire every strategy of the run uses (transport.ts). */
  transport: TransportName;
  jsonOnly: boolean;
}

export const USAGE = `usage: npm run bench -- [--rows N | --quick] [--runs N] [--transport h1|h2|unlimited] [--json-only]
  --rows N        supplier rows (default 2000, at most 50000); 4 cells per row; above 2000 naive is
                  not run and timer-batch runs once
  --quick         500 rows
  --runs N        runs of timer-batch and engine per scenario, interleaved; the median is reported (default 5)
  --transport T   what every strategy's requests go over (default h1):
                  h1         HTTP/1.1, at most 6 connections per origin (a browser's limit)
                  h2         one HTTP/2 connection over TLS, multiplexed (the sandbox serves HTTP/2)
                  unlimited  HTTP/1.1, as many connections as asked (Node's default; no browser)
  --json-only     print only the JSON summary line`;

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${flag} takes a whole number from ${min} to ${max}, got ${text ?? 'nothing'}`);
  return value;
}

function transport(text: string | undefined): TransportName {
  const name = TRANSPORTS.find((known) => known === text);
  if (name === undefined)
    throw new Error(`--transport takes one of ${TRANSPORTS.join(', ')}, got ${text ?? 'nothing'}`);
  return name;
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { rows: 2000, runs: 5, transport: 'h1', jsonOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--quick') options.rows = 500;
    else if (flag === '--json-only') options.jsonOnly = true;
    else if (flag === '--rows') options.rows = wholeNumber(flag, value(), 10, 50000);
    else if (flag === '--runs') options.runs = wholeNumber(flag, value(), 1, 20);
    else if (flag === '--transport') options.transport = transport(value());
    else if (flag === '--help') throw new Error(USAGE);
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}
