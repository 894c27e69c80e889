/**
 * How a backlog is cut into the batches of one round (batchQueue.ts, `batchSizes`), and what the cut is
 * for: answers that come back one after another, each read while the larger batches are still being
 * served, instead of all at once and then read in turn by the runtime's one thread. On a fake clock,
 * through a modeled transport, with a service that takes longer for a larger batch and a runtime that
 * takes time to read each answer.
 */
import { batchSizes, PREFERRED_BATCH } from '../../../src/engine/sending/batchQueue';
import { KEY_MEMORY_STORAGE_KEY } from '../../../src/engine/flow/keyMemory';
import { AimdLimiter, BROWSER_H1_CONNECTIONS, headroom } from '../../../src/engine/flow/limiter';
import { FakeService } from '../fakeService';
import { behindConnections, readOneAtATime } from '../modeledTransport';
import { advance, rig, supplier } from '../rig';

const sum = (sizes: number[]): number => sizes.reduce((a, b) => a + b, 0);

describe('the sizes of a round', () => {
  test('a backlog that fills every free slot with room to spare: sizes a fifth either side of the mean, adding up to it', () => {
    const { sizes, staggered } = batchSizes(1_444, 18, 100, false); // a 2,000-row sheet after its probe
    expect(staggered).toBe(true); // the limiter judges these sizes by each other (concurrencyGauge.ts)
    expect(sizes).toHaveLength(18);
    expect(sum(sizes)).toBe(1_444);
    const mean = 1_444 / 18;
    expect(Math.min(...sizes)).toBe(Math.round(0.8 * mean));
    expect(Math.max(...sizes)).toBe(Math.round(1.2 * mean));
    expect(new Set(sizes).size).toBe(18); // every answer comes back at its own time
  });

  test('with less room than a fifth more in every batch, one size for all: the largest would be the service’s largest', () => {
    const fuller = batchSizes(1_700, 18, 100, false);
    expect(fuller).toEqual({ sizes: Array.from({ length: 18 }, () => 95), staggered: false }); // the last: what is left
    expect(batchSizes(1_500, 18, 100, false).sizes).toHaveLength(18); // 83 each: room for 100
    expect(new Set(batchSizes(1_500, 18, 100, false).sizes).size).toBeGreaterThan(1);
  });

  test('in waves of a browser’s six connections, from the small end and the large end in turn, the large ones largest first', () => {
    const { sizes } = batchSizes(1_444, 18, 100, false);
    const rising = [...sizes].sort((a, b) => a - b);
    const waves = [0, 1, 2].map((w) => sizes.slice(w * 6, w * 6 + 6).map((size) => rising.indexOf(size)));
    // Behind six connections the one freed first takes the largest next: every connection carries
    // about the same share, and the last wave's sizes are the middle ones.
    expect(waves).toEqual([
      [0, 1, 2, 3, 4, 5],
      [17, 16, 15, 14, 13, 12],
      [6, 7, 8, 9, 10, 11],
    ]);
    expect(BROWSER_H1_CONNECTIONS).toBe(6);
  });

  test('a backlog beyond the free slots leaves in full batches; one the window keeps up with, in batches of 50', () => {
    const even = (sizes: number[]) => ({ sizes, staggered: false });
    expect(batchSizes(3_000, 18, 100, false)).toEqual(even(Array.from({ length: 18 }, () => 100)));
    expect(batchSizes(120, 18, 100, false)).toEqual(even([PREFERRED_BATCH, PREFERRED_BATCH, PREFERRED_BATCH]));
    expect(batchSizes(30, 18, 100, false)).toEqual(even([PREFERRED_BATCH])); // leaves once the quiet window passes
    expect(batchSizes(0, 18, 100, false)).toEqual(even([])); // while a burst is submitted: full batches only
  });

  test('behind a rate limit every request carries as much as it can: no spread', () => {
    const { sizes, staggered } = batchSizes(1_444, 18, 100, true);
    expect(staggered).toBe(false);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(sum(sizes.slice(0, 5))).toBeGreaterThanOrEqual(5 * 80); // the first few, all a rate lets through now
  });
});

/**
 * A sheet of `distinct` suppliers through `connections`, a service taking 400 ms + 5 ms per item and
 * a runtime reading 0.12 ms per item (a cold answer's cells): when the last cell settled, from the first
 * call; the batches' sizes; the window the key's memory keeps for the next sheet.
 */
async function sheet(
  distinct: number,
  connections: number,
): Promise<{ doneAt: number; sizes: number[]; window: number }> {
  jest.useFakeTimers();
  try {
    const service = new FakeService();
    const served = behindConnections(service.fetch, connections, (items) => 400 + 5 * items);
    const { engine, storage } = await rig({ maxBatch: 100 }, { service, fetch: readOneAtATime(served, 0.12) });
    const start = Date.now();
    let done = false;
    const calls = Array.from({ length: distinct }, (_, i) => engine.organization(supplier(i)));
    void Promise.all(calls).then(() => (done = true));
    while (!done) await advance(1);
    const doneAt = Date.now() - start;
    await engine.flush();
    await advance(0);
    const memory = JSON.parse((await storage.getItem(KEY_MEMORY_STORAGE_KEY))!) as Record<string, { w: number }>;
    engine.dispose();
    return {
      doneAt,
      sizes: service.sent.map((request) => request.items.length),
      window: memory['https://api.example.com'].w,
    };
  } finally {
    jest.useRealTimers();
  }
}

// The probe's round trip (10 items): sent at the quiet window's end, 450 ms at the service, 1.2 ms read.
const PROBE_MS = 25 + 450 + 1.2;

test('over a wide transport a slow service’s round is read as it comes back: 1,444 items after the probe', async () => {
  const { doneAt, sizes } = await sheet(1_454, Infinity);
  expect(sizes).toHaveLength(19); // the probe and one round
  // One size for all: every answer at 400 + 5 x 81 ms, then 1,444 items read one answer after another.
  const evenMs = PROBE_MS + 400 + 5 * Math.ceil(1_444 / 18) + 0.12 * 1_444;
  // Sizes of 64 to 96: the largest answers at 400 + 5 x 96 ms, and the others have been read by then.
  const largest = Math.max(...sizes);
  expect(doneAt).toBeLessThanOrEqual(PROBE_MS + 400 + 5 * largest + 0.12 * largest + 5);
  expect(doneAt).toBeLessThan(evenMs - 50);
});

test('behind six connections the round takes no longer than one of equal sizes, and its waits are seen', async () => {
  const { doneAt, sizes, window } = await sheet(1_454, 6);
  expect(sizes).toHaveLength(19);
  // Equal sizes: three waves, each connection 3 batches of about 81 items, the last answer then read.
  const evenMs = PROBE_MS + 3 * 400 + 5 * 3 * Math.ceil(1_444 / 18) + 0.12 * Math.ceil(1_444 / 18);
  expect(doneAt).toBeLessThanOrEqual(evenMs + 5);
  // Its second and third waves waited for a connection, though no batch before had their sizes
  // (concurrencyGauge.ts): the next sheet starts at what six connections carry.
  expect(window).toBeLessThanOrEqual(6 + headroom(6));
});

/**
 * Over a wide transport: a round of 64-item batches answered together in 150 ms, then a round of full
 * batches (100 items, a size the limiter has not seen) answered from 500 ms on, read one every 2 ms by a
 * busy runtime. The window before and after the second round.
 */
function lateReadRound(staggered: boolean): { before: number; after: number } {
  let clock = 0;
  const limiter = new AimdLimiter(128, () => clock);
  limiter.open(40);
  const first = Array.from({ length: limiter.limit }, () => limiter.acquire(64, staggered));
  clock = 150;
  for (const ticket of first) limiter.release(ticket, 'ok', true);
  const before = limiter.limit;
  const second = Array.from({ length: before }, () => limiter.acquire(100, staggered));
  second.forEach((ticket, i) => {
    clock = 150 + 500 + 2 * i;
    limiter.release(ticket, 'ok', true);
  });
  return { before, after: limiter.limit };
}

test('a size new to the limiter in a round of one size is judged by its own trips: answers read late are no wait', () => {
  const { before, after } = lateReadRound(false);
  expect(before).toBe(128); // the first round showed a wide transport
  expect(after).toBe(before); // within twice its own fastest trip: a busy runtime, not a narrow transport
  // Only a staggered round's new sizes go by the sizes near them (a 64-item trip scaled up: 234 ms).
  expect(lateReadRound(true).after).toBeLessThan(before);
});
