/** What a cell shows for each kind of failure that can reach it (functions/errors.ts). */
import { EngineError } from '../../src/engine';
import { failureFrom } from '../../src/functions/errors';
import { MalformedResponseError, NetworkError, ValidationError } from '../../src/service/errors';

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

test('anything else says it was unexpected, in words', () => {
  expect(shown(new TypeError('x is undefined'))).toEqual({
    code: '#VALUE!',
    message: 'Unexpected problem: x is undefined',
  });
});
