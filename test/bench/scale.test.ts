/** `npm run bench -- scale` flags: defaults, --quick, and a clear message for a bad one. */
import { HelpAsked } from './flags';
import { parseScaleOptions } from './scale';

test('defaults, --quick, --rows, --distinct, --runtime, --transport, --json-only', () => {
  expect(parseScaleOptions([])).toEqual({
    rows: 50_000,
    distinct: 100_000,
    runtime: 'node',
    transport: 'h1',
    firstCallAfterMs: 0,
    jsonOnly: false,
  });
  expect(parseScaleOptions(['--quick', '--json-only'])).toEqual({
    rows: 10_000,
    distinct: 10_000,
    runtime: 'node',
    transport: 'h1',
    firstCallAfterMs: 0,
    jsonOnly: true,
  });
  expect(
    parseScaleOptions([
      '--quick',
      '--distinct',
      '2000',
      '--runtime',
      'chromium',
      '--transport',
      'h2',
      '--first-call-after',
      '1500',
    ]),
  ).toEqual({
    rows: 10_000,
    distinct: 2_000,
    runtime: 'chromium',
    transport: 'h2',
    firstCallAfterMs: 1_500,
    jsonOnly: false,
  });
  expect(parseScaleOptions(['--rows', '20000'])).toMatchObject({ rows: 20_000, distinct: 100_000 });
});

test.each<[string[], string]>([
  [['--rows', '500'], '--rows takes a whole number from 10000 to 100000, got 500'],
  [['--distinct', '1e9'], '--distinct takes a whole number from 1000 to 150000, got 1e9'],
  [['--rows'], '--rows takes a whole number from 10000 to 100000, got nothing'],
  [['--rows', '1e5'], '--rows takes a whole number from 10000 to 100000, got 1e5'],
  [['--distinct', '0x2710'], '--distinct takes a whole number from 1000 to 150000, got 0x2710'],
  [['--first-call-after', '-5'], '--first-call-after takes a whole number from 0 to 10000, got -5'],
  [['--distinct', '2000', '--distinct=3000'], '--distinct is given twice'],
  [['--json-only=yes'], '--json-only takes no value, got yes'],
  [['--fast'], 'unknown option --fast'],
  [['50000'], 'unknown option 50000'],
  [['--runtime', 'firefox'], '--runtime takes node or chromium, got firefox'],
  [['--runtime', 'chromium', '--transport', 'unlimited'], '--transport takes h1 or h2, got unlimited'],
  [['--transport', 'h2'], '--transport is for --runtime chromium'],
  [['--first-call-after', '20000'], '--first-call-after takes a whole number from 0 to 10000, got 20000'],
])('%j is refused: %s', (argv, message) => {
  expect(() => parseScaleOptions(argv)).toThrow(message);
  expect(() => parseScaleOptions(argv)).toThrow('usage: npm run bench -- scale');
});

test('--help asks for the usage, which is no refusal', () => {
  expect(() => parseScaleOptions(['--help'])).toThrow(HelpAsked);
  expect(() => parseScaleOptions(['-h'])).toThrow(/^usage: npm run bench -- scale/);
});
