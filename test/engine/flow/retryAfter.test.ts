/**
 * A hostile or broken Retry-After cannot stall the engine: it is capped at five minutes, the pause
 * timer never overflows (setTimeout fires at once above 2^31-1 ms), and a new key or service address
 * lifts the pause (and a 429 for the replaced key, answered late, does not bring it back, nor does a
 * late 413 shrink the new key's batches). Fake
 * transport, fake timers (which overflow as setTimeout does).
 */
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../src/service/responseErrors';
import type { RequestAnswer } from '../fakeService';
import { advance, rig, supplier, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const rateLimited = (retryAfter: string) => (): RequestAnswer => ({
  kind: 'http',
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: '{"error":{"message":"slow down"}}',
});

test('Retry-After is read as at most five minutes, in seconds or as a date', () => {
  expect(MAX_RETRY_AFTER_MS).toBe(300_000);
  expect(parseRetryAfter('99999999999')).toBe(300_000);
  expect(parseRetryAfter('1e400')).toBeNull();
  expect(parseRetryAfter('12')).toBe(12_000);
  const now = Date.UTC(2026, 0, 1);
  expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(300_000);
  expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
});

test('a huge Retry-After pauses for five minutes, not for ever, and without a timer storm', async () => {
  const { engine, service } = await rig({ deadlineMs: 3_600_000 });
  service.script.push(rateLimited('99999999999'));
  const call = track(engine.organization(supplier(1)));
  await advance(30);
  expect(service.sent).toHaveLength(1);
  await advance(60_000);
  expect(service.sent).toHaveLength(1); // still paused: the pause timer did not fire early
  expect(jest.getTimerCount()).toBeLessThan(10);
  await advance(240_000);
  expect(service.sent).toHaveLength(2);
  expect(call.value?.state).toBe('ready');
});

test('a new key lifts the pause the old one earned', async () => {
  const { engine, service, settings } = await rig();
  service.script.push(rateLimited('120'));
  const first = track(engine.organization(supplier(1)));
  await advance(30);
  await settings.update({ apiKey: 'dc_test_another_key_42' });
  const second = track(engine.organization(supplier(2)));
  await advance(100);
  expect(service.sent.length).toBeGreaterThanOrEqual(2);
  expect(second.value?.state).toBe('ready');
  expect(first.value?.state).toBe('ready');
});

test('a new service address lifts the pause too', async () => {
  const { engine, service, settings } = await rig();
  service.script.push(rateLimited('120'));
  track(engine.organization(supplier(1)));
  await advance(30);
  await settings.update({ baseUrl: 'https://other.example.com' });
  await settings.confirmKeyForService(); // the key is held back at a new origin until confirmed
  const call = track(engine.organization(supplier(2)));
  await advance(100);
  expect(call.value?.state).toBe('ready');
});

/**
 * Two calls sent with the first key, whose batch `late` answers only after a new key is saved; then
 * `fresh` more calls. Returns the rig and every call, once 200 ms more have run.
 */
async function answeredAfterANewKey(late: () => RequestAnswer, fresh: number[]) {
  const { engine, service, settings } = await rig();
  let answer = (): void => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  service.script.push(() => held.then(late));
  const early = [track(engine.organization(supplier(1))), track(engine.organization(supplier(2)))];
  await advance(30);
  await settings.update({ apiKey: 'dc_test_another_key_42' });
  await advance(0);
  answer();
  await advance(0);
  const calls = [...early, ...fresh.map((id) => track(engine.organization(supplier(id))))];
  await advance(200);
  return { engine, service, calls };
}

test("the old key's 429, answered after a new key was saved, pauses nothing: its calls go again with the new key", async () => {
  const { engine, service, calls } = await answeredAfterANewKey(rateLimited('120'), [3]);
  expect(calls.map((call) => call.value?.state)).toEqual(['ready', 'ready', 'ready']);
  expect(service.sent.slice(1).every((request) => request.authorization === 'Bearer dc_test_another_key_42')).toBe(
    true,
  );
  expect(engine.stats().rateLimitWaits).toBe(0);
});

test("the old key's 413, answered after a new key was saved, does not shrink the new key's batches", async () => {
  const tooLarge = (): RequestAnswer => ({
    kind: 'http',
    status: 413,
    headers: {},
    body: '{"error":{"message":"too big"}}',
  });
  const { service, calls } = await answeredAfterANewKey(tooLarge, [3, 4, 5, 6]);
  expect(calls.map((call) => call.value?.state)).toEqual(Array(6).fill('ready'));
  // The new key's probe carries what waits (up to ten items), not half of the old key's batch of two.
  expect(service.sent[1].items.length).toBeGreaterThan(1);
});
