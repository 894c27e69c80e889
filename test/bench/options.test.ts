/** `npm run bench` flags, and how a run of several is reduced to the figures reported. */
import { parseOptions } from './options';
import { medianRun, type StrategyFigures } from './report';

describe('bench options', () => {
  test('defaults, --quick, --rows, --runs, --json-only', () => {
    expect(parseOptions([])).toEqual({ rows: 2000, runs: 5, jsonOnly: false });
    expect(parseOptions(['--quick', '--runs', '3', '--json-only'])).toEqual({ rows: 500, runs: 3, jsonOnly: true });
    expect(parseOptions(['--rows', '120'])).toMatchObject({ rows: 120 });
  });

  test.each<[string[], string]>([
    [['--rows', '5'], '--rows takes a whole number from 10 to 20000, got 5'],
    [['--rows'], '--rows takes a whole number from 10 to 20000, got nothing'],
    [['--runs', '2.5'], '--runs takes a whole number from 1 to 20, got 2.5'],
    [['--fast'], 'unknown option --fast'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(message);
  });
});

describe('the median run', () => {
  const run = (wallMs: number, requests: number): StrategyFigures => ({ requests, batchItems: 0, wallMs, correct: 0, errors: 0, unsettled: 0, rateLimited: 0 });

  test('is the run with the median wall time, its own figures beside it, every run listed in order', () => {
    expect(medianRun([run(900, 31), run(700, 30), run(800, 29)])).toEqual({ ...run(800, 29), wallMsRuns: [900, 700, 800] });
  });

  test('of an even count is the lower middle run; of one run, that run', () => {
    expect(medianRun([run(4, 1), run(1, 2), run(3, 3), run(2, 4)]).wallMs).toBe(2);
    expect(medianRun([run(5, 1)]).wallMs).toBe(5);
  });
});
