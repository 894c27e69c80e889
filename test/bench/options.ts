/** Command-line options of `npm run bench`. Bad flags get a clear message and exit code 2. */
export interface BenchOptions {
  rows: number;
  jsonOnly: boolean;
}

export const USAGE = `usage: npm run bench -- [--rows N | --quick] [--json-only]
  --rows N      supplier rows (default 2000); 4 cells per row
  --quick       500 rows
  --json-only   print only the JSON summary line`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { rows: 2000, jsonOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--quick') options.rows = 500;
    else if (flag === '--json-only') options.jsonOnly = true;
    else if (flag === '--rows') {
      const rows = Number(argv[i + 1]);
      if (!Number.isInteger(rows) || rows < 10 || rows > 20000) throw new Error(`--rows takes a whole number from 10 to 20000, got ${argv[i + 1] ?? 'nothing'}`);
      options.rows = rows;
      i += 1;
    } else if (flag === '--help') throw new Error(USAGE);
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}
