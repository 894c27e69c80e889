/**
 * Every call settles by its deadline, and the deadline means "the service did not answer": each caller
 * has its own, and a call waiting its turn behind a rate limit, while the service keeps answering, is
 * not failed for the time the queue takes. Fake transport, fake timers.
 */
import type { RequestAnswer } from '../fakeService';
import { advance, rig, supplier, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const slowDown = (): RequestAnswer => ({
  kind: 'http',
  status: 429,
  headers: { 'retry-after': '3' },
  body: '{"error":{"message":"slow down"}}',
});

test('a service that never answers: the call fails at its deadline with a clear message', async () => {
  const { engine, service } = await rig({ deadlineMs: 5_000 });
  service.script.push(() => ({ kind: 'hang' }));
  const call = track(engine.organization(supplier(1)));
  await advance(4_999);
  expect(call.settled).toBe(false);
  await advance(1);
  expect(call.error).toMatchObject({ kind: 'deadline' });
  expect(call.error?.message).toBe(
    'The climate service did not answer within 5 s. Use Refresh in the Climate pane to try again.',
  );
});

test.each(['the answer comes', 'no answer ever comes'])(
  'each caller has its own deadline: a late joiner keeps waiting after the first gives up, then %s',
  async (ending) => {
    const { engine, service } = await rig({ deadlineMs: 5_000 });
    service.hold();
    const first = track(engine.organization(supplier(1)));
    await advance(3_000);
    const second = track(engine.organization(supplier(1)));
    await advance(2_000);
    expect(first.error?.message).toMatch(/within 5 s/);
    expect(second.settled).toBe(false);
    if (ending === 'the answer comes') {
      service.release();
      await advance(0);
      expect(second.value?.state).toBe('ready');
    } else {
      await advance(2_999);
      expect(second.settled).toBe(false);
      await advance(1); // its own deadline: 5 s after it joined
      expect(second.error).toMatchObject({ kind: 'deadline' });
    }
  },
);

test('a call still queued at its deadline while the service keeps answering waits on, and gets its value', async () => {
  const { engine, service } = await rig({ deadlineMs: 5_000 });
  service.script.push(slowDown, slowDown); // answered at once, then again 3 s later, then served at 6 s
  const call = track(engine.organization(supplier(1)));
  await advance(5_000);
  expect(call.settled).toBe(false); // waited 5 s, but the service answered 2 s ago
  await advance(1_100);
  expect(service.sent).toHaveLength(3);
  expect(call.value?.state).toBe('ready');
});

test('once the service stops answering, the call fails a deadline after its last answer', async () => {
  const { engine, service } = await rig({ deadlineMs: 5_000 });
  // answered just after the quiet window, again 3 s later, then never
  service.script.push(slowDown, slowDown, () => ({ kind: 'hang' }));
  const call = track(engine.organization(supplier(1)));
  await advance(8_000);
  expect(service.sent).toHaveLength(3);
  expect(call.settled).toBe(false);
  await advance(30); // 5 s after the last answer
  expect(call.error).toMatchObject({ kind: 'deadline' });
  expect(call.error?.message).toBe(
    'The climate service did not answer within 5 s. Use Refresh in the Climate pane to try again.',
  );
});

test('a call whose deadline passes while the service asked to wait says so, and how long it asked', async () => {
  const { engine, service } = await rig(); // the default deadline, 2 min
  service.script.push(() => ({ ...slowDown(), headers: { 'retry-after': '180' } }));
  const call = track(engine.organization(supplier(1)));
  await advance(119_000);
  expect(call.settled).toBe(false);
  await advance(1_100); // 2 min after the 429: the pause has a minute to run
  expect(service.sent).toHaveLength(1);
  expect(call.error).toMatchObject({ kind: 'rate-limit' });
  expect(call.error?.message).toBe(
    'The climate service is limiting requests and asked to wait 180 s. Try Refresh later.',
  );
  // Refresh does not end a wait the service asked for: it, and cells asking again, are answered once it is over.
  const refresh = track(engine.refresh());
  const again = track(engine.organization(supplier(1)));
  await advance(59_000);
  expect(again.settled || refresh.settled).toBe(false);
  await advance(1_000);
  expect(again.value?.state).toBe('ready');
  expect(refresh.value).toMatchObject({ refreshed: 1, requests: 1 });
  expect(service.sent).toHaveLength(2);
});
