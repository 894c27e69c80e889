/**
 * How calls end when the service misbehaves: back-off, Retry-After, per-item failures, 401 fail-fast,
 * dispose, cancellation (deadlines: deadlineMeansNoAnswer.test.ts). Fake transport, fake timers.
 */
import { t } from '../../../src/i18n/translate';
import { MAX_ATTEMPTS } from '../../../src/engine/sending/dispatcher';
import type { BatchRequestItem } from '../../../src/service/types';
import { authFailure, type RequestAnswer } from '../fakeService';
import { advance, rig, supplier, TEST_KEY, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const serverError = (): RequestAnswer => ({ kind: 'http', status: 500, body: '{"error":{"message":"boom"}}' });

describe('retry with back-off', () => {
  test('a 500 is retried after an exponential, jittered delay (random 0 -> half of 250 ms)', async () => {
    const { engine, service } = await rig({}, { random: () => 0 });
    service.script.push(serverError);
    const call = track(engine.organization(supplier(1)));
    await advance(25); // quiet window: first request, answered 500
    expect(service.sent).toHaveLength(1);
    await advance(124);
    expect(service.sent).toHaveLength(1);
    await advance(1);
    expect(service.sent).toHaveLength(2);
    await advance(0);
    expect(call.value?.state).toBe('ready');
    expect(engine.stats().retries).toBe(1);
  });

  test('with full jitter the delay doubles per attempt', async () => {
    const { engine, service } = await rig({}, { random: () => 0.999 });
    service.script.push(serverError, serverError, serverError);
    const call = track(engine.organization(supplier(1)));
    await advance(25);
    const times: number[] = [];
    for (let t = 0; t < 2000 && service.sent.length < 4; t += 1) {
      const before = service.sent.length;
      await advance(1);
      if (service.sent.length > before) times.push(t + 1);
    }
    expect(times).toEqual([250, 250 + 500, 250 + 500 + 1000]);
    await advance(0);
    expect(call.value?.state).toBe('ready');
  });

  test('dropped connections, malformed bodies and answers with missing items are retried', async () => {
    const { engine, service } = await rig();
    service.script.push(
      () => Promise.reject(new TypeError('socket hang up')),
      () => ({ kind: 'http', status: 200, body: '[{"status":200,"body":"{\\"id\\":1' }),
      (items) => ({ kind: 'items', items: items.slice(1).map((item) => service.answerItem(item)) }),
    );
    const calls = [engine.organization(supplier(1)), engine.organization(supplier(2))];
    await advance(10_000);
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.record.name)).toEqual(['Supplier 1', 'Supplier 2']);
    expect(service.sent).toHaveLength(4);
  });

  test('attempts are bounded: after MAX_ATTEMPTS the call fails with what the service said', async () => {
    const { engine, service } = await rig({ deadlineMs: 600_000 });
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) service.script.push(serverError);
    const call = track(engine.organization(supplier(1)));
    await advance(120_000);
    expect(service.sent).toHaveLength(MAX_ATTEMPTS);
    expect(call.error).toMatchObject({ kind: 'server' });
    expect(call.error?.message).toBe(
      `The service failed (HTTP 500): boom (tried ${MAX_ATTEMPTS} times). Try Refresh later.`,
    );
  });
});

describe('per-item answers inside a 200 batch', () => {
  test('a 422 fails only its own calls, a 503 item is retried alone, the rest succeed', async () => {
    const { engine, service } = await rig();
    service.script.push((items) => ({
      kind: 'items',
      items: [
        service.answerItem(items[0]),
        { status: 422, body: { error: { type: 'validation_error', message: 'lei_number: check digits fail' } } },
        { status: 503, body: { error: { message: 'busy' } } },
      ],
    }));
    const calls = [supplier(1), { lei_number: '549300ABCDEFGHIJKL00' }, supplier(3)].map((q) =>
      track(engine.organization(q)),
    );
    await advance(1_000);
    expect(calls[0].value?.state).toBe('ready');
    // The service's own words, introduced as what they mean to a person who typed any input at all.
    expect(calls[1].error).toMatchObject({
      kind: 'invalid',
      message: 'The service could not identify the organization from what was sent: lei_number: check digits fail.',
    });
    expect(calls[2].value?.record.name).toBe('Supplier 3');
    expect(service.sent.map((r) => r.items.length)).toEqual([3, 1]);
  });

  test('a 422 is remembered until a refresh: asking again sends nothing', async () => {
    const { engine, service } = await rig();
    service.script.push(() => ({ kind: 'items', items: [{ status: 422, body: { error: { message: 'bad' } } }] }));
    const first = track(engine.organization(supplier(1)));
    await advance(30);
    expect(first.error?.message).toBe('The service could not identify the organization from what was sent: bad.');
    await expect(engine.organization(supplier(1))).rejects.toMatchObject({ kind: 'invalid' });
    expect(service.sent).toHaveLength(1);
    await Promise.all([engine.refresh(), advance(30)]); // asks for it again
    await expect(engine.organization(supplier(1))).resolves.toMatchObject({ state: 'ready' });
    expect(service.sent).toHaveLength(2);
  });

  test('a record the service could not profile (errored) fails with a sentence, not a value', async () => {
    const { engine, service } = await rig();
    service.statuses.set(1, 'errored');
    const call = track(engine.organization(supplier(1)));
    await advance(30);
    expect(call.error).toMatchObject({
      kind: 'errored',
      message: 'The service could not build a climate profile for Supplier 1.',
    });
  });
});

describe('rate limiting', () => {
  test('Retry-After pauses every sender, the limit halves once per storm, then the run completes at the rate seen', async () => {
    const { engine, service } = await rig({ maxBatch: 10, maxConcurrency: 4 });
    const answer = (items: BatchRequestItem[]): RequestAnswer => ({
      kind: 'items',
      items: items.map((i) => service.answerItem(i)),
    });
    const rateLimited = (): RequestAnswer => ({
      kind: 'http',
      status: 429,
      headers: { 'retry-after': '3' },
      body: '{"error":{"type":"rate_limit_error","message":"slow down"}}',
    });
    service.script.push(answer, rateLimited, rateLimited, rateLimited);
    const calls = Array.from({ length: 40 }, (_, i) => engine.organization(supplier(i)));
    await advance(0);
    expect(service.sent).toHaveLength(4); // the probe, then three at once, all three answered 429
    expect(engine.stats().concurrency).toBe(2); // the cap 4 -> 2 once, not 4 -> 2 -> 1 -> 1
    const late = engine.organization(supplier(99)); // a new call during the pause waits too
    await advance(2_990);
    expect(service.sent).toHaveLength(4);
    service.maxInFlight = 0;
    await advance(10);
    expect(service.sent.length).toBeGreaterThan(4);
    // resumes at the rate the service took: one request (the probe) in the span before the 429s
    expect(service.maxInFlight).toBe(1);
    await advance(10_000);
    const outcomes = await Promise.all([...calls, late]);
    expect(outcomes.every((o) => o.state === 'ready')).toBe(true);
    expect(engine.stats().rateLimitWaits).toBe(3);
  });

  test('a 429 without Retry-After pauses for a back-off instead', async () => {
    const { engine, service } = await rig({}, { random: () => 0 });
    service.script.push(() => ({ kind: 'http', status: 429, body: '' }));
    const call = track(engine.organization(supplier(1)));
    await advance(25);
    await advance(499);
    expect(service.sent).toHaveLength(1);
    await advance(1);
    expect(service.sent).toHaveLength(2);
    await advance(0);
    expect(call.value?.state).toBe('ready');
  });

  test('per-item 429s pause the queue and retry only those items', async () => {
    const { engine, service } = await rig();
    service.script.push((items) => ({
      kind: 'items',
      items: [
        service.answerItem(items[0]),
        { status: 429, headers: { 'Retry-After': '2' }, body: { error: { message: 'slow' } } },
      ],
    }));
    const calls = [track(engine.organization(supplier(1))), track(engine.organization(supplier(2)))];
    await advance(30);
    expect(calls[0].value?.state).toBe('ready');
    await advance(1_900);
    expect(service.sent).toHaveLength(1);
    await advance(200);
    expect(service.sent[1].items).toHaveLength(1);
    expect(calls[1].value?.state).toBe('ready');
  });
});

describe('auth fails fast', () => {
  test('a 401 fails every waiting call at once, and nothing more is sent with that key', async () => {
    const { engine, service } = await rig({ maxBatch: 10 });
    service.script.push(authFailure);
    const calls = Array.from({ length: 100 }, (_, i) => track(engine.organization(supplier(i))));
    await advance(0);
    expect(calls.every((c) => c.settled)).toBe(true);
    for (const call of calls) {
      expect(call.error).toMatchObject({ kind: 'auth' });
      expect(call.error?.message).toBe(`Invalid API key. Check the key and try again. ${t('cells.setKey')}`);
      expect(call.error?.message).not.toContain(TEST_KEY);
    }
    await expect(engine.organization(supplier(500))).rejects.toMatchObject({ kind: 'auth' });
    await expect(engine.get('/industries')).rejects.toMatchObject({ kind: 'auth' });
    await advance(60_000);
    expect(service.sent).toHaveLength(1);
    expect(engine.stats().errors.auth).toBe(102);
  });

  test('a new key in the settings lifts the block', async () => {
    const { engine, service, settings } = await rig();
    service.script.push(authFailure);
    await expect(Promise.all([engine.organization(supplier(1)), advance(30)])).rejects.toMatchObject({ kind: 'auth' });
    await settings.update({ apiKey: 'dc_test_another_key_42' });
    const call = track(engine.organization(supplier(1)));
    await advance(30);
    expect(call.value?.state).toBe('ready');
    expect(service.sent.map((r) => r.authorization)).toEqual([`Bearer ${TEST_KEY}`, 'Bearer dc_test_another_key_42']);
  });

  test('no key at all: the call says so and nothing is sent', async () => {
    const { engine, service } = await rig({ apiKey: null });
    await expect(engine.organization(supplier(1))).rejects.toThrow(
      `No API key is set for the climate service. ${t('cells.setKey')}`,
    );
    expect(service.sent).toHaveLength(0);
  });
});

describe('every call settles', () => {
  test('dispose settles whatever is still waiting', async () => {
    const { engine, service } = await rig();
    service.hold();
    const calls = [track(engine.organization(supplier(1))), track(engine.organization(supplier(2)))];
    await advance(30);
    engine.dispose();
    await advance(0);
    expect(calls.map((c) => c.error?.message)).toEqual([
      'The add-in is shutting down.',
      'The add-in is shutting down.',
    ]);
  });
});

describe('cancellation', () => {
  test('a call cancelled before its batch leaves is not sent', async () => {
    const { engine, service } = await rig();
    const controller = new AbortController();
    const cancelled = track(engine.organization(supplier(1), { signal: controller.signal }));
    const kept = engine.organization(supplier(2));
    controller.abort();
    await advance(0);
    expect(cancelled.error).toMatchObject({ kind: 'cancelled' });
    await advance(30);
    await kept;
    expect(service.items().map((item) => item.body)).toEqual([{ name: 'Supplier 2' }]);
  });

  test('a call cancelled after sending settles at once; the late answer still fills the cache', async () => {
    const { engine, service } = await rig();
    service.hold();
    const controller = new AbortController();
    const cancelled = track(engine.organization(supplier(1), { signal: controller.signal }));
    await advance(30);
    expect(service.sent).toHaveLength(1);
    controller.abort();
    await advance(0);
    expect(cancelled.error).toMatchObject({ kind: 'cancelled' });
    service.release();
    await advance(0);
    expect(cancelled.error).toMatchObject({ kind: 'cancelled' }); // the late answer changes nothing
    const again = await engine.organization(supplier(1));
    expect(again.state).toBe('ready');
    expect(service.sent).toHaveLength(1);
    expect(engine.stats().cacheHits).toBe(1);
  });

  test('an already aborted signal fails at once', async () => {
    const { engine, service } = await rig();
    await expect(engine.organization(supplier(1), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    await advance(30);
    expect(service.sent).toHaveLength(0);
  });

  test('a task waiting to be retried whose callers all left is dropped', async () => {
    const { engine, service } = await rig({}, { random: () => 0 });
    service.script.push(serverError);
    const controller = new AbortController();
    const call = track(engine.organization(supplier(1), { signal: controller.signal }));
    await advance(25);
    controller.abort();
    await advance(5_000);
    expect(call.error).toMatchObject({ kind: 'cancelled' });
    expect(service.sent).toHaveLength(1);
  });
});
