/** What a cell shows for each kind of failure that can reach it (functions/errors.ts). */
import { EngineError } from '../../../src/engine';
import { failureFrom, pendingFailure } from '../../../src/functions/results/errors';
import { ArgumentError } from '../../../src/functions/arguments/argumentError';
import { MalformedResponseError, NetworkError, ValidationError } from '../../../src/service/errors';

const shown = (error: unknown) => {
  const failure = failureFrom(error);
  return { code: failure.code, message: failure.message };
};

test.each([
  ['an engine failure the setup must fix', new EngineError('auth', 'The service refused the API key.'), '#VALUE!'],
  ['an engine failure with no value now', new EngineError('not-found', 'No organization matched.'), '#N/A'],
  [
    'a listing cut off by its deadline',
    new NetworkError("The service's listing did not end within 2 s (stopped after 59 pages)."),
    '#N/A',
  ],
  [
    'page links that never end',
    new MalformedResponseError("The service's page links do not end (stopped after 1000 pages).", null),
    '#N/A',
  ],
  ['a request the service refused as invalid', new ValidationError('Give a name.'), '#VALUE!'],
])('%s', (_label, error, code) => {
  expect(shown(error)).toEqual({ code, message: (error as Error).message });
});

describe('the message of each engine failure, and of anything else', () => {
  test.each<[string, unknown, string, string]>([
    [
      'a bad argument',
      new ArgumentError('Not a valid LEI: check digits fail.'),
      '#VALUE!',
      'Not a valid LEI: check digits fail.',
    ],
    [
      'a refused key',
      new EngineError('auth', 'Invalid API key. Set your API key in the Climate pane.'),
      '#VALUE!',
      'Invalid API key. Set your API key in the Climate pane.',
    ],
    ['an invalid request', new EngineError('invalid', 'Give a name.'), '#VALUE!', 'Give a name.'],
    ['not found', new EngineError('not-found', 'Organization not found.'), '#N/A', 'Organization not found.'],
    ['profiling failed', new EngineError('errored', 'Profiling failed.'), '#N/A', 'Profiling failed.'],
    [
      'rate limited',
      new EngineError('rate-limit', 'The service is limiting requests. Try Refresh later.'),
      '#N/A',
      'The service is limiting requests. Try Refresh later.',
    ],
    ['deadline', new EngineError('deadline', 'No answer within 120 s.'), '#N/A', 'No answer within 120 s.'],
    [
      'a bug, without its stack',
      new TypeError('x is undefined\n    at f (functions.js:1:2)'),
      '#VALUE!',
      'Unexpected problem: x is undefined',
    ],
  ])('%s', (_label, error, code, message) => {
    const failure = failureFrom(error);
    expect(failure.code).toBe(code);
    expect(failure.message).toBe(message);
  });

  test('pending profiles', () => {
    const failure = pendingFailure('researching');
    expect([failure.code, failure.message]).toEqual(['#N/A', 'Profiling (researching) — this cell updates itself']);
  });
});
