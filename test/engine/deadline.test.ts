/**
 * The deadline means "the service did not answer": a call waiting its turn behind a rate limit, while
 * the service keeps answering, is not failed for the time the queue takes. Fake transport, fake timers.
 */
import type { RequestAnswer } from './fakeService';
import { advance, rig, supplier, track } from './rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const slowDown = (): RequestAnswer => ({
  kind: 'http',
  status: 429,
  headers: { 'retry-after': '3' },
  body: '{"error":{"message":"slow down"}}',
});

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
