/** The sandbox's latency waits: real milliseconds, however many a knob asks for. */
import { sleep } from '../../tools/sandbox/faults/sleep';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a latency past what one timer holds (2^31 - 1 ms, about 24.8 days) is waited in full, not 1 ms', async () => {
  let done = false;
  const ms = 2 ** 31 + 1_000;
  void sleep(ms).then(() => (done = true));
  await jest.advanceTimersByTimeAsync(10);
  expect(done).toBe(false);
  await jest.advanceTimersByTimeAsync(ms - 11);
  expect(done).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(done).toBe(true);
});

test('an ordinary latency is one wait of that length', async () => {
  let done = false;
  void sleep(250).then(() => (done = true));
  await jest.advanceTimersByTimeAsync(249);
  expect(done).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(done).toBe(true);
});
