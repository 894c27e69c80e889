/**
 * Cells invoked while the engine loads wait at the gate and are let go in slices, each its own task,
 * so that what the network answers meanwhile (a key's probe, the first batches) is read between
 * slices rather than after the last cell of a large sheet. Every cell still settles, each with its own
 * answer or error.
 */
import { LoadingGate, SLICE } from '../../src/functions/loadingGate';

/** A load the test ends by hand. */
function pendingLoad() {
  let end!: (failed?: Error) => void;
  const loading = new Promise<void>((resolve, reject) => (end = (failed) => (failed ? reject(failed) : resolve())));
  return { loading, end };
}

const flushMicrotasks = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('nothing loading: the cell is asked at once and its value returned as is', () => {
  const gate = new LoadingGate();
  expect(gate.pass(null, () => 42)).toBe(42);
});

test('a large burst goes a slice per task once loaded; the network is heard between slices', async () => {
  const gate = new LoadingGate();
  const { loading, end } = pendingLoad();
  const asked: number[] = [];
  const cells = Array.from({ length: 2 * SLICE + 7 }, (_, i) =>
    gate.pass(loading, () => {
      asked.push(i);
      return i;
    }),
  );
  await flushMicrotasks();
  expect(asked).toHaveLength(0); // still loading

  end();
  await flushMicrotasks();
  expect(asked).toHaveLength(SLICE);
  // Work that arrives meanwhile (here a timer queued after the first slice; a network answer is a task
  // too) runs between slices, not after the last of them.
  // The clock's async form drains the microtasks after each timer, as an event loop does after each task.
  const heardAfter: number[] = [];
  setTimeout(() => heardAfter.push(asked.length), 0);
  await jest.runOnlyPendingTimersAsync();
  expect(asked).toHaveLength(2 * SLICE);
  expect(heardAfter).toEqual([2 * SLICE]); // after the second slice, before the third
  await jest.runOnlyPendingTimersAsync();
  expect(asked).toEqual(Array.from({ length: 2 * SLICE + 7 }, (_, i) => i)); // in the order invoked
  expect(await Promise.all(cells)).toEqual(asked);
});

test('each cell settles with its own answer: a throw rejects that cell only, a promise is followed', async () => {
  const gate = new LoadingGate();
  const { loading, end } = pendingLoad();
  const thrown = gate.pass(loading, () => {
    throw new Error('not an organization');
  });
  const later = gate.pass(loading, () => Promise.resolve('later'));
  const plain = gate.pass(loading, () => 'plain');
  end();
  await expect(thrown).rejects.toThrow('not an organization');
  await expect(later).resolves.toBe('later');
  await expect(plain).resolves.toBe('plain');
});

test('a load that fails still lets every cell go (each asks, and is told why), and the gate serves the next load', async () => {
  const gate = new LoadingGate();
  const first = pendingLoad();
  const cell = gate.pass(first.loading, () => 'asked');
  first.end(new Error('storage unavailable'));
  await expect(cell).resolves.toBe('asked');
  const second = pendingLoad();
  const next = gate.pass(second.loading, () => 'asked again');
  second.end();
  await expect(next).resolves.toBe('asked again');
});
