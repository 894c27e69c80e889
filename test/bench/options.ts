/** Command-line options of `npm run bench`. Bad flags get a clear message and exit code 2. */
export interface BenchOptions {
  rows: number;
  /** Runs of each fast strategy per scenario; the median run is reported. */
  runs: number;
  jsonOnly: boolean;
}

export const USAGE = `usage: npm run bench -- [--rows N | --quick] [--runs N] [--json-only]
  --rows N      supplier rows (default 2000, at most 50000); 4 cells per row; above 2000 naive is
                not run, timer-batch runs once and the rate-limited scenario is left out
  --quick       500 rows
  --runs N      runs of timer-batch and engine per scenario, interleaved; the median is reported (default 5)
  --json-only   print only the JSON summary line`;

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${flag} takes a whole number from ${min} to ${max}, got ${text ?? 'nothing'}`);
  return value;
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { rows: 2000, runs: 5, jsonOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--quick') options.rows = 500;
    else if (flag === '--json-only') options.jsonOnly = true;
    else if (flag === '--rows') {
      options.rows = wholeNumber(flag, argv[i + 1], 10, 50000);
      i += 1;
    } else if (flag === '--runs') {
      options.runs = wholeNumber(flag, argv[i + 1], 1, 20);
      i += 1;
    } else if (flag === '--help') throw new Error(USAGE);
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}
