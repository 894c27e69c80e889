/**
 * A key saved while the runtime runs (the pane's Save) is checked at once when no cell is asking
 * anything: one request, so the first sheet typed afterwards pays no probe, and a key the service
 * refuses is known (and said) before any cell asks. A key remembered as working, or one set before
 * the runtime started, is not checked: the sheet's first batch probes it as before. A 401 for the key
 * it replaced, answered after the save, bars nothing.
 */
import { KEY_MEMORY_STORAGE_KEY } from '../../../src/engine/flow/keyMemory';
import { OPEN_WINDOW } from '../../../src/engine/flow/limiter';
import type { EngineEvent } from '../../../src/engine';
import { authFailure, FakeService } from '../fakeService';
import { disposeEngines, rig, supplier, TEST_KEY, until } from '../rig';

afterEach(disposeEngines);

const NEW_KEY = 'dc_test_saved_in_the_pane_7';

/** An engine that has loaded with no key yet, as a runtime started before the person pasted theirs. */
async function runtimeWithoutKey(service = new FakeService()) {
  const made = await rig({ apiKey: null, maxBatch: 100 }, { service });
  const events: EngineEvent[] = [];
  made.engine.subscribe((event) => events.push(event));
  return { ...made, events };
}

test('a key saved with nothing to send is checked with one request; the next sheet leaves the whole first round at once', async () => {
  const { engine, service, settings, storage } = await runtimeWithoutKey();
  await settings.update({ apiKey: NEW_KEY });
  await until(() => service.sent.length === 1 && service.inFlight === 0);
  expect(service.sent[0].items).toEqual([{ url: '/industries?page=1', method: 'GET' }]);
  expect(service.sent[0].authorization).toBe(`Bearer ${NEW_KEY}`);
  await until(async () => (await storage.getItem(KEY_MEMORY_STORAGE_KEY)) !== null); // remembered for the next session

  service.hold();
  const calls = Array.from({ length: OPEN_WINDOW * 100 }, (_, i) => engine.organization(supplier(i)));
  await until(() => service.inFlight >= OPEN_WINDOW);
  // No probe batch of ten waiting alone for its round trip: the first round is the open window, full.
  expect(service.sent.slice(1).map((request) => request.items.length)).toEqual(
    Array.from({ length: OPEN_WINDOW }, () => 100),
  );
  service.release();
  expect(await Promise.all(calls)).toHaveLength(OPEN_WINDOW * 100);
});

test('a refused key is known as soon as it is saved: one request, the event says what the service said, cells fail without asking', async () => {
  const service = new FakeService();
  const { engine, settings, events } = await runtimeWithoutKey(service);
  service.script.push(authFailure);
  await settings.update({ apiKey: NEW_KEY });
  await until(() => events.some((event) => event.type === 'auth-failed'));
  expect(events.filter((event) => event.type === 'auth-failed')).toEqual([
    { type: 'auth-failed', message: 'Invalid API key. Check the key and try again.' },
  ]);
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => engine.organization(supplier(i)).catch((error: Error) => error)),
  );
  expect(answers.every((answer) => answer instanceof Error && /Invalid API key/.test(answer.message))).toBe(true);
  expect(service.sent).toHaveLength(1);
});

test('a check the service cannot answer is not retried: the first sheet probes the key as before', async () => {
  const service = new FakeService();
  const { engine, settings } = await runtimeWithoutKey(service);
  service.script.push(() => ({ kind: 'http', status: 503, body: 'busy' }));
  await settings.update({ apiKey: NEW_KEY });
  await until(() => service.sent.length === 1 && service.inFlight === 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(service.sent).toHaveLength(1);
  service.hold();
  const calls = Array.from({ length: 300 }, (_, i) => engine.organization(supplier(i)));
  await until(() => service.inFlight >= 1);
  expect(service.sent.slice(1).map((request) => request.items.length)).toEqual([10]); // the probe, alone
  service.release();
  expect(await Promise.all(calls)).toHaveLength(300);
});

test('no check for a key set before the runtime started, a key remembered as working, or no key', async () => {
  const first = await rig({ maxBatch: 100 });
  expect(first.service.sent).toEqual([]); // set before the start: the first sheet probes it
  await first.settings.update({ apiKey: NEW_KEY });
  await until(() => first.service.sent.length === 1 && first.service.inFlight === 0);
  await until(async () => (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))?.includes('"w":') === true);
  await first.settings.update({ apiKey: null }); // no key: nothing to check
  await first.settings.update({ apiKey: NEW_KEY }); // the key that last worked here: remembered, not checked
  await first.settings.update({ apiKey: TEST_KEY }); // never answered: checked
  await until(() => first.service.sent.length >= 2 && first.service.inFlight === 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(first.service.sent.map((request) => request.authorization)).toEqual([
    `Bearer ${NEW_KEY}`,
    `Bearer ${TEST_KEY}`,
  ]);
});

test('a key saved while cells wait is probed by their first batch, not by an extra request', async () => {
  const service = new FakeService();
  const { engine, settings } = await runtimeWithoutKey(service);
  await settings.update({ apiKey: 'dc_test_first_key_0001' });
  await until(() => service.sent.length === 1 && service.inFlight === 0);
  service.hold();
  const calls = Array.from({ length: 300 }, (_, i) => engine.organization(supplier(i)));
  await until(() => service.inFlight >= 1);
  await settings.update({ apiKey: NEW_KEY }); // batches of the old key still in flight
  service.release();
  expect(await Promise.all(calls.map((call) => call.catch((error: Error) => error)))).toHaveLength(300);
  expect(service.items().filter((item) => item.url.startsWith('/industries'))).toHaveLength(1);
});

test('Refresh tries a refused key once more: one request, and the cells answer if the service takes it again', async () => {
  const { engine, service } = await rig({ maxBatch: 10 });
  const events: EngineEvent[] = [];
  engine.subscribe((event) => events.push(event));
  service.script.push(authFailure, authFailure);
  await expect(engine.organization(supplier(1))).rejects.toMatchObject({ kind: 'auth' });
  await expect(engine.organization(supplier(2))).rejects.toMatchObject({ kind: 'auth' }); // held: nothing sent
  expect(service.sent).toHaveLength(1);

  // Still refused. With nothing asking, the refresh checks the key at once (one request), and the
  // cells asking afterwards are told without another.
  await engine.refresh();
  await until(() => events.filter((event) => event.type === 'auth-failed').length === 2);
  const stillRefused = await Promise.all(
    Array.from({ length: 50 }, (_, i) => engine.organization(supplier(i)).catch((error: Error) => error)),
  );
  expect(stillRefused.every((answer) => answer instanceof Error && /Invalid API key/.test(answer.message))).toBe(true);
  expect(service.sent).toHaveLength(2);

  await engine.refresh(); // the service takes the key again
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => engine.organization(supplier(i))));
  expect(answers.every((answer) => answer.state === 'ready')).toBe(true);
  expect(events.map((event) => event.type).filter((type) => type.startsWith('auth'))).toEqual([
    'auth-failed',
    'auth-retried',
    'auth-failed',
    'auth-retried',
  ]);
});

test.each([
  ['a new key', 'https://api.example.com'],
  ['a new service address and key', 'https://eu.example.com'],
])(
  "the old key's 401, answered after %s was saved, bars nothing: its cells are asked again with the new key",
  async (_change, baseUrl) => {
    const service = new FakeService();
    const { engine, settings, storage } = await rig({ apiKey: 'dc_test_revoked_key_0001', maxBatch: 10 }, { service });
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    let answer401 = (): void => undefined;
    const refused = new Promise<void>((resolve) => (answer401 = resolve));
    service.script.push(() => refused.then(authFailure)); // the old key's probe is answered late
    const early = Array.from({ length: 5 }, (_, i) => engine.organization(supplier(i)));
    await until(() => service.inFlight === 1);
    await settings.update({ baseUrl, apiKey: NEW_KEY });
    const late = Array.from({ length: 5 }, (_, i) => engine.organization(supplier(100 + i))); // asked after the save
    answer401();
    const answers = await Promise.all([...early, ...late]);
    expect(answers.every((answer) => answer.state === 'ready')).toBe(true);
    expect((await engine.organization(supplier(200))).state).toBe('ready');
    expect(service.sent.slice(1).map((request) => request.authorization)).toEqual([
      `Bearer ${NEW_KEY}`, // one probe: the five early calls and the five late ones
      `Bearer ${NEW_KEY}`,
    ]);
    expect(events.filter((event) => event.type.startsWith('auth'))).toEqual([]); // the badge never says "key refused"
    // The new key is remembered as working, not forgotten for the old one's refusal.
    const remembered = async () => JSON.parse((await storage.getItem(KEY_MEMORY_STORAGE_KEY)) ?? '{}') as object;
    await until(async () => baseUrl in (await remembered()));
  },
);
