/** Command-line options of `npm run bench`. Bad flags get a clear message and exit code 2. */
import { oneOf, readFlags, refused, wholeNumber, type FlagKinds } from './flags';
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
  --json-only     print only the JSON summary line
npm run bench -- scale --help   the cache and memory bench (100,000 suppliers, heap, reopening)
npm run bench -- weight [--rows N | --quick] [--json-only]
                the card layout beside the formula layout alone, with what their values weigh`;

const FLAGS: FlagKinds = { quick: 'switch', 'json-only': 'switch', rows: 'value', runs: 'value', transport: 'value' };

export function parseOptions(argv: readonly string[]): BenchOptions {
  const { switches, values } = readFlags(argv, FLAGS, USAGE);
  if (switches.has('quick') && values.has('rows'))
    throw refused("--rows and --quick both give the sheet's size: give one", USAGE);
  return {
    rows: wholeNumber('rows', values.get('rows'), [10, 50_000], USAGE) ?? (switches.has('quick') ? 500 : 2000),
    runs: wholeNumber('runs', values.get('runs'), [1, 20], USAGE) ?? 5,
    transport: oneOf('transport', values.get('transport'), TRANSPORTS, USAGE) ?? 'h1',
    jsonOnly: switches.has('json-only'),
  };
}
