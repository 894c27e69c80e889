/**
 * 429s without Retry-After: batches that were in flight together and all come back 429 are one
 * congestion event, so the shared pause takes one back-off step (1 s), not one doubling per batch
 * (three 429s at once used to mean 4 s, eight of them 30 s). A 429 to a batch sent after that pause
 * is a new event and waits longer. Fake transport, fake timers.
 */
import type { BatchRequestItem } from '../../../src/service/types';
import type { RequestAnswer } from '../fakeService';
import { advance, rig, supplier } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const tooMany = (): RequestAnswer => ({ kind: 'http', status: 429, body: '' });

/** Milliseconds from now until the next request goes out (checked every 5 ms). */
async function untilNextSend(service: { sent: unknown[] }, limitMs = 10_000): Promise<number> {
  const before = service.sent.length;
  for (let t = 5; t <= limitMs; t += 5) {
    await advance(5);
    if (service.sent.length > before) return t;
  }
  return Infinity;
}

// random 0.999: each pause is ~the full back-off step (1 s, then 2 s).
test('429s of batches sent together lengthen the back-off once', async () => {
  const { engine, service } = await rig({ maxBatch: 10 }, { random: () => 0.999 });
  const answer = (items: BatchRequestItem[]): RequestAnswer => ({
    kind: 'items',
    items: items.map((i) => service.answerItem(i)),
  });
  service.script.push(answer);
  await Promise.all([engine.organization(supplier(99)), advance(30)]); // the key is seen to work
  // a span later, so that the 429s teach nothing of the rate (ratePacer.ts): this is about the back-off
  await advance(2_000);
  service.script.push(tooMany, tooMany, tooMany);
  const calls = Array.from({ length: 40 }, (_, i) => engine.organization(supplier(i)));
  await advance(0);
  expect(service.sent.length).toBeGreaterThanOrEqual(4); // the probe, then several at once, three answered 429
  expect(await untilNextSend(service)).toBe(1_000);
  await advance(100);
  expect((await Promise.all(calls)).every((o) => o.state === 'ready')).toBe(true);
});

test('a 429 to a batch sent after the pause is a new event: the next pause is twice as long', async () => {
  const { engine, service } = await rig({ maxBatch: 10 }, { random: () => 0.999 });
  service.script.push(tooMany, tooMany);
  const call = engine.organization(supplier(1));
  await advance(25);
  expect(service.sent).toHaveLength(1);
  expect(await untilNextSend(service)).toBe(1_000);
  expect(await untilNextSend(service)).toBe(2_000);
  expect((await call).state).toBe('ready');
});
