/**
 * The service's rate limit, learnt from its 429s (ratePacer.ts): the pacer's rules on a fake clock,
 * then the engine against a service that takes 5 requests per fixed one-second window, as the sandbox
 * does, answering the rest 429 with Retry-After: 1.
 */
import { PROBE_AFTER_MS, RATE_SPAN_MS, RatePacer } from '../../../src/engine/flow/ratePacer';
import type { FetchLike } from '../../../src/service/client';
import { FakeService } from '../fakeService';
import { advance, rig, supplier } from '../rig';

describe('the pacer', () => {
  let clock = 0;
  const pacer = (): RatePacer => new RatePacer(() => clock);
  beforeEach(() => (clock = 0));

  test('paces nothing until a 429', () => {
    const p = pacer();
    for (let i = 0; i < 50; i += 1) p.accepted();
    expect(p.limit).toBeNull();
    expect(p.waitMs()).toBe(0);
  });

  test('a burst of which the service took 5: at most 5 leave in any span from then on', () => {
    const p = pacer();
    const sends = Array.from({ length: 16 }, () => p.sent());
    sends.slice(0, 5).forEach(() => p.accepted());
    for (const send of sends.slice(5).reverse()) p.refused(send); // answers in any order
    expect(p.limit).toBe(5);
    clock = 1_000; // the service's window has turned; ours has not
    expect(p.waitMs()).toBe(RATE_SPAN_MS - 1_000);
    clock = RATE_SPAN_MS;
    for (let i = 0; i < 5; i += 1) {
      expect(p.waitMs()).toBe(0);
      p.sent();
      clock += 10;
    }
    expect(p.waitMs()).toBe(RATE_SPAN_MS - 50);
  });

  test('a 429 with nothing accepted before it in its span says nothing of the rate', () => {
    const p = pacer();
    p.refused(p.sent());
    expect(p.limit).toBeNull();
  });

  test('without a 429 for PROBE_AFTER_MS it tries one more per span; another key starts afresh', () => {
    const p = pacer();
    const [first, second] = [p.sent(), p.sent()];
    p.accepted();
    p.refused(second);
    expect([first.refused, p.limit]).toEqual([false, 1]);
    clock = PROBE_AFTER_MS;
    p.accepted();
    expect(p.limit).toBe(2);
    p.reset();
    expect(p.limit).toBeNull();
  });
});

/**
 * `send` behind a service that takes `perSecond` requests per fixed one-second window, 80 ms each;
 * `refused` gets the time of every request it answers 429.
 */
function fixedWindows(send: FetchLike, perSecond: number, refused: number[]): FetchLike {
  let window = { start: -Infinity, count: 0 };
  return async (url, init) => {
    const now = Date.now();
    if (now - window.start >= 1_000) window = { start: now, count: 0 };
    const allowed = window.count < perSecond;
    if (allowed) window.count += 1;
    else refused.push(now);
    await new Promise((resolve) => setTimeout(resolve, 80));
    if (allowed) return send(url, init);
    return {
      status: 429,
      headers: { forEach: (callback: (value: string, name: string) => void) => callback('1', 'retry-after') },
      text: async () => '{"error":{"type":"rate_limit_error","message":"slow down"}}',
    };
  };
}

test('behind 5 requests per second the engine learns that rate in its first second: no 429 after, 30 batches in about 6 s', async () => {
  jest.useFakeTimers();
  try {
    const service = new FakeService();
    const refused: number[] = [];
    const { engine } = await rig({ maxBatch: 100 }, { service, fetch: fixedWindows(service.fetch, 5, refused) });
    const start = Date.now();
    const calls = Array.from({ length: 3_000 }, (_, i) => engine.organization(supplier(i)));
    let done = false;
    void Promise.all(calls).then(() => (done = true));
    while (!done && Date.now() - start < 60_000) await advance(50);
    expect(done).toBe(true);
    // the floor: 31 requests (a probe and 30 full batches) at 5 per second, 6.2 s
    expect(Date.now() - start).toBeLessThanOrEqual(1.3 * 6_200);
    expect(refused.length).toBeGreaterThan(0);
    expect(Math.max(...refused) - start).toBeLessThan(1_000); // while it learns; none after
    engine.dispose();
  } finally {
    jest.useRealTimers();
  }
});
