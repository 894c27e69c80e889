/** AIMD flow control, the concurrency it learns from a transport, and the waiting-time schedules. */
import { pollDelayMs, rateLimitPauseMs, retryDelayMs } from '../../../src/engine/flow/backoff';
import { AimdLimiter, headroom, type BatchHealth, type Ticket } from '../../../src/engine/flow/limiter';

/** One batch sent and answered at once, while requests back up. */
const once = (limiter: AimdLimiter, health: BatchHealth): void => limiter.release(limiter.acquire(100), health, true);

describe('AIMD limiter', () => {
  const healthy = (limiter: AimdLimiter, n: number): void => {
    for (let i = 0; i < n; i += 1) once(limiter, 'ok');
  };

  test('starts at 4 and, until the first 429, grows by one per healthy batch up to the cap', () => {
    const limiter = new AimdLimiter(16, () => 0);
    expect(limiter.limit).toBe(4);
    healthy(limiter, 4);
    expect(limiter.limit).toBe(8);
    healthy(limiter, 8);
    expect(limiter.limit).toBe(16);
    healthy(limiter, 100);
    expect(limiter.limit).toBe(16);
  });

  test('a healthy probe opens the limit to the backlog in waves of six, at least 18; a known key starts at its window; neither passes the cap', () => {
    const opened = (backlog: number, cap = 128): number => {
      const limiter = new AimdLimiter(cap, () => 0);
      limiter.open(backlog);
      return limiter.limit;
    };
    expect([opened(0), opened(15), opened(18), opened(19), opened(70), opened(300), opened(70, 16)]).toEqual([
      18, 18, 18, 24, 72, 128, 16,
    ]);
    const probed = new AimdLimiter(128, () => 0);
    probed.open(10);
    once(probed, 'rate-limited');
    expect(probed.limit).toBe(9); // and AIMD takes over from there
    const known = new AimdLimiter(16, () => 0);
    known.startAt(11);
    expect(known.limit).toBe(11);
    known.startAt(200);
    expect(known.limit).toBe(16);
  });

  test('the window worth remembering: no wider than the transport was seen to carry, until clean rounds show more', () => {
    let clock = 0;
    const limiter = new AimdLimiter(128, () => clock);
    limiter.open(40);
    // Behind six connections: the batches wait in line, six answered per 100 ms service time.
    const line: Ticket[] = [];
    const fill = (): void => {
      while (limiter.canSend()) line.push(limiter.acquire(100));
    };
    fill();
    while (limiter.sustained === limiter.limit && clock < 60_000) {
      clock += 100;
      for (const ticket of line.splice(0, 6)) limiter.release(ticket, 'ok', true);
      fill();
    }
    expect(limiter.limit).toBeGreaterThan(6 + headroom(6)); // down by half at most per reading
    expect(limiter.sustained).toBe(6 + headroom(6)); // where the next sheet would start
    while (line.length > 0) {
      clock += 100;
      for (const ticket of line.splice(0, 6)) limiter.release(ticket, 'ok', false);
    }
    const window = limiter.limit;
    // Then every batch comes back in one service time: the window grows, and what is remembered follows it.
    for (let i = 0; i < 1_000 && limiter.limit === window; i += 1) {
      const ticket = limiter.acquire(100);
      clock += 100;
      limiter.release(ticket, 'ok', true);
    }
    expect(limiter.limit).toBe(window + 1);
    expect(limiter.sustained).toBe(window + 1);
  });

  test('after a 429, grows by one per run of `limit` healthy batches, never above the cap', () => {
    const limiter = new AimdLimiter(6, () => 0);
    once(limiter, 'rate-limited');
    expect(limiter.limit).toBe(2);
    healthy(limiter, 1);
    expect(limiter.limit).toBe(2);
    healthy(limiter, 1);
    expect(limiter.limit).toBe(3);
    healthy(limiter, 3);
    expect(limiter.limit).toBe(4);
    healthy(limiter, 100);
    expect(limiter.limit).toBe(6);
  });

  test('halves on a 429, once for all batches sent before the decrease', () => {
    const limiter = new AimdLimiter(16, () => 0);
    const tickets = [limiter.acquire(100), limiter.acquire(100), limiter.acquire(100)];
    for (const ticket of tickets) limiter.release(ticket, 'rate-limited', true);
    expect(limiter.limit).toBe(2);
    once(limiter, 'rate-limited'); // a batch sent after the decrease: a new storm
    expect(limiter.limit).toBe(1);
    once(limiter, 'rate-limited');
    expect(limiter.limit).toBe(1);
  });

  test('failures other than 429 leave the limit alone', () => {
    const limiter = new AimdLimiter(16, () => 0);
    once(limiter, 'failed');
    expect(limiter.limit).toBe(4);
  });

  test('a pause stops every sender until it ends; a longer pause wins, with the wait the service asked for', () => {
    let now = 1_000;
    const limiter = new AimdLimiter(16, () => now);
    limiter.pause(3_000, 3_000);
    limiter.pause(1_000, null);
    expect(limiter.canSend()).toBe(false);
    expect(limiter.runningPause()).toEqual({ askedMs: 3_000 });
    now += 2_999;
    expect(limiter.pausedFor()).toBe(1);
    now += 1;
    expect(limiter.canSend()).toBe(true);
    expect(limiter.runningPause()).toBeNull();
  });

  test('a lower cap from settings lowers the limit at once', () => {
    const limiter = new AimdLimiter(16, () => 0);
    limiter.setCap(2);
    expect(limiter.limit).toBe(2);
  });
});

describe('waiting times', () => {
  test('retry delays double up to 10 s, with 50-100% jitter', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, () => 0))).toEqual([125, 250, 500, 1_000]);
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, () => 1))).toEqual([250, 500, 1_000, 2_000]);
    expect(retryDelayMs(20, () => 1)).toBe(10_000);
  });

  test('429 pauses without Retry-After grow from 1 s to at most 30 s', () => {
    expect([1, 2, 3].map((n) => rateLimitPauseMs(n, () => 1))).toEqual([1_000, 2_000, 4_000]);
    expect(rateLimitPauseMs(30, () => 1)).toBe(30_000);
  });

  test('profiling polls start at 1 s and settle at 5 minutes', () => {
    expect([0, 1, 2, 3].map(pollDelayMs)).toEqual([1_000, 1_600, 2_560, 4_096]);
    expect(pollDelayMs(50)).toBe(300_000);
  });
});
