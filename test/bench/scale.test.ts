/** `npm run bench -- scale` flags: defaults, --quick, and a clear message for a bad one. */
import { parseScaleOptions } from './scale';

test('defaults, --quick, --rows, --distinct, --runtime, --json-only', () => {
  expect(parseScaleOptions([])).toEqual({ rows: 50_000, distinct: 100_000, runtime: 'node', jsonOnly: false });
  expect(parseScaleOptions(['--quick', '--json-only'])).toEqual({
    rows: 10_000,
    distinct: 10_000,
    runtime: 'node',
    jsonOnly: true,
  });
  expect(parseScaleOptions(['--quick', '--distinct', '2000', '--runtime', 'chromium'])).toEqual({
    rows: 10_000,
    distinct: 2_000,
    runtime: 'chromium',
    jsonOnly: false,
  });
  expect(parseScaleOptions(['--rows', '20000'])).toMatchObject({ rows: 20_000, distinct: 100_000 });
});

test.each<[string[], string]>([
  [['--rows', '500'], '--rows takes a whole number from 10000 to 100000, got 500'],
  [['--distinct', '1e9'], '--distinct takes a whole number from 1000 to 150000, got 1e9'],
  [['--rows'], "Option '--rows <value>' argument missing"],
  [['--fast'], "Unknown option '--fast'"],
  [['--runtime', 'firefox'], '--runtime takes node or chromium, got firefox'],
  [['--help'], 'usage: npm run bench -- scale'],
])('%j is refused: %s', (argv, message) => {
  expect(() => parseScaleOptions(argv)).toThrow(message);
});
