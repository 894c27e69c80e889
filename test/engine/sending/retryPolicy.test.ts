/** The retry rules as a pure decision per error: no timers, no queue. And a Flight's deadlines follow its clock. */
import { Deadlines } from '../../../src/engine/calls/deadlines';
import { Flight } from '../../../src/engine/calls/flight';
import { classifyFailure } from '../../../src/engine/sending/retryPolicy';
import {
  AuthError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../../../src/service/errors';

test('429 pauses everyone for its Retry-After (or a back-off when it has none)', () => {
  expect(classifyFailure(new RateLimitError('slow', 2_000))).toMatchObject({ action: 'pause', retryAfterMs: 2_000 });
  expect(classifyFailure(new RateLimitError('slow', null))).toMatchObject({ action: 'pause', retryAfterMs: null });
});

test('passing failures are retried after a back-off', () => {
  for (const error of [
    new ServerError('boom', 503),
    new NetworkError('gone'),
    new MalformedResponseError('cut', 200),
  ]) {
    expect(classifyFailure(error)).toEqual({ action: 'retry-later', error });
  }
});

test('413 goes again at once in smaller batches', () => {
  expect(classifyFailure(new ServiceError('too-large', 'big', 413))).toMatchObject({
    action: 'requeue',
    smallerBatches: true,
  });
});

test('401 fails and bars the key; 404, 422, other HTTP statuses and non-service errors fail alone', () => {
  expect(classifyFailure(new AuthError('no'))).toMatchObject({ action: 'fail', blockKey: true });
  for (const error of [
    new NotFoundError('none'),
    new ValidationError('bad'),
    new ServiceError('http', 'teapot', 418),
    new TypeError('x'),
  ]) {
    expect(classifyFailure(error)).toEqual({ action: 'fail', error, blockKey: false });
  }
});

test("a flight's deadlines are measured on the clock it is given", async () => {
  jest.useFakeTimers();
  try {
    let now = 1_000_000;
    const clock = (): number => now;
    const flight = new Flight<number>(() => undefined, clock, new Deadlines(clock));
    let message = '';
    void flight.join(undefined, 5_000).catch((error: Error) => (message = error.message));
    jest.advanceTimersByTime(5_000); // the timers' time passed, the engine's clock did not
    await Promise.resolve();
    expect(message).toBe('');
    now += 5_000;
    jest.advanceTimersByTime(5_000);
    await Promise.resolve();
    expect(message).toContain('did not answer within 5 s');
  } finally {
    jest.useRealTimers();
  }
});
