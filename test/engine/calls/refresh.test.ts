/**
 * Refresh as an analyst relies on it: the new record after the data changed (fetched now, and what a
 * reopened workbook reads from IndexedDB), the last good record kept when the service is down, one
 * registration for an organization already being asked for, and the figures the pane reports.
 * Fake transport; fake timers (IndexedDB's own tasks run as they come).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { BatchRequestItem } from '../../../src/service/types';
import { authFailure, record, type RequestAnswer } from '../fakeService';
import { advance, rig, supplier, track } from '../rig';

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => jest.useRealTimers());

const HOUR = 3_600_000;

/** The service's record for Supplier 1 after its data changed: another score. */
const changed = (items: BatchRequestItem[]): RequestAnswer => ({
  kind: 'items',
  items: items.map(() => ({ status: 200, body: record(1, 'Supplier 1', 'synced', { score: 0.9142 }) })),
});

describe('refresh', () => {
  test('after the data changed: the new record, fetched now, and a reopened workbook reads that one', async () => {
    const first = await rig();
    const [before] = await Promise.all([first.engine.organization(supplier(1)), advance(30)]);
    jest.setSystemTime(Date.now() + HOUR);
    first.service.script.push(changed);
    const [report] = await Promise.all([first.engine.refresh({ queries: [supplier(1)] }), advance(30)]);
    expect(report).toEqual({ organizations: 1, refreshed: 1, profiling: 0, requests: 1, failed: [] });
    const after = await first.engine.organization(supplier(1)); // the recalculated cell: from the cache
    expect(after.record.score).toBe(0.9142);
    expect(after.record.score).not.toBe(before.record.score);
    expect(after.receivedAt).toBe(Math.floor(Date.now() / 1000) * 1000); // As of: the refresh's fetch
    expect(first.service.sent).toHaveLength(2);
    await first.engine.flush();
    first.engine.dispose();

    const reopened = await rig({}, { storage: first.storage });
    const again = await reopened.engine.organization(supplier(1));
    expect(again).toEqual(after);
    expect(reopened.service.sent).toHaveLength(0);
  });

  test('while the service is down the cells keep their last record, and the report names what failed', async () => {
    const { engine, service } = await rig();
    const shown = [track(engine.organization(supplier(1))), track(engine.organization(supplier(2)))];
    await advance(30);
    const [one, two] = shown.map((call) => call.value!);
    const fetchedAt = one.receivedAt;
    service.down = true;
    const refresh = track(engine.refresh());
    await advance(120_000); // every attempt the dispatcher makes
    expect(refresh.value).toMatchObject({ organizations: 2, refreshed: 0, profiling: 0 });
    expect(refresh.value?.failed).toEqual([
      { organization: 'Supplier 1', message: expect.stringContaining('HTTP 503'), keptFrom: fetchedAt },
      { organization: 'Supplier 2', message: expect.stringContaining('HTTP 503'), keptFrom: fetchedAt },
    ]);
    expect(refresh.value?.requests).toBe(service.sent.length - 1);
    const sent = service.sent.length;
    const recalculated = await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2))]);
    expect(recalculated).toEqual([one, two]);
    expect(service.sent).toHaveLength(sent); // the recalculation sent nothing more to a service that is down
  });

  test('a key the service now refuses: the report does not claim the cells kept their values (they show the refusal)', async () => {
    const { engine, service } = await rig();
    await Promise.all([engine.organization(supplier(1)), advance(30)]);
    service.script.push(authFailure);
    const [report] = await Promise.all([engine.refresh(), advance(30)]);
    expect(report.failed).toEqual([
      { organization: 'Supplier 1', message: expect.stringContaining('Invalid API key'), keptFrom: null },
    ]);
    await expect(engine.organization(supplier(1))).rejects.toMatchObject({ kind: 'auth' });
  });

  test('an organization the service no longer identifies (422) is dropped: its cells say so', async () => {
    const { engine, service } = await rig();
    await Promise.all([engine.organization(supplier(1)), advance(30)]);
    service.script.push(() => ({ kind: 'items', items: [{ status: 422, body: { error: { message: 'merged' } } }] }));
    const [report] = await Promise.all([engine.refresh({ queries: [supplier(1)] }), advance(30)]);
    expect(report.failed).toEqual([
      { organization: 'Supplier 1', message: expect.stringContaining('merged'), keptFrom: null },
    ]);
    await expect(engine.organization(supplier(1))).rejects.toMatchObject({ kind: 'invalid' });
  });

  test('a refresh joins the request under way, and a second refresh the first: one registration each', async () => {
    const { engine, service } = await rig();
    service.hold();
    const cell = track(engine.organization(supplier(1))); // a cold sheet still being answered
    await advance(30);
    const first = track(engine.refresh({ queries: [supplier(1), { name: ' SUPPLIER 1' }, supplier(2)] }));
    await advance(30);
    const second = track(engine.refresh({ queries: [supplier(2)] }));
    await advance(30);
    service.release();
    await advance(30);
    expect(service.items().map((item) => item.body)).toEqual([supplier(1), supplier(2)]);
    expect(cell.value?.record.name).toBe('Supplier 1');
    expect(first.value).toMatchObject({ organizations: 2, refreshed: 2, failed: [] });
    expect(second.value).toMatchObject({ organizations: 1, refreshed: 1, failed: [] });
    expect(engine.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  test('an organization still being profiled is not registered again: its profile is followed as it was', async () => {
    const { engine, service } = await rig();
    service.statuses.set(1, 'researching');
    const cell = track(engine.organization(supplier(1)));
    await advance(30);
    expect(cell.value?.state).toBe('pending');
    const [report] = await Promise.all([engine.refresh(), advance(30)]);
    expect(report).toEqual({ organizations: 1, refreshed: 1, profiling: 1, requests: 0, failed: [] });
    expect(service.items()).toHaveLength(1);
  });

  test('Refresh all asks again for what this session asked, in one request, and forgets the rest', async () => {
    const first = await rig();
    await Promise.all([...[1, 2, 3].map((i) => first.engine.organization(supplier(i))), advance(30)]);
    await first.engine.flush();
    first.engine.dispose();
    const { engine, service } = await rig({}, { storage: first.storage }); // a workbook that asks for 1 and 2 only
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(2))]);
    service.statuses.set(2, 'researching');
    const [report] = await Promise.all([engine.refresh(), advance(30)]);
    expect(report).toEqual({ organizations: 2, refreshed: 2, profiling: 1, requests: 1, failed: [] });
    expect(service.items().map((item) => item.body)).toEqual([supplier(1), supplier(2)]);
    await Promise.all([engine.organization(supplier(3)), advance(30)]); // asked for later: asked anew
    expect(service.items()).toHaveLength(3);
  });
  test("a refresh answered after the project changed leaves the new project's record cached", async () => {
    const project = (id: string) => ({ privatePerformances: true, project: { id, name: `Project ${id}` } });
    const { engine, service, settings } = await rig(project('9'));
    await Promise.all([engine.organization(supplier(1)), advance(60)]);
    let answerLate = (): void => undefined;
    const unreadable: RequestAnswer = {
      kind: 'items',
      items: [{ status: 422, body: { error: { message: 'merged' } } }],
    };
    service.script.push(() => new Promise((resolve) => (answerLate = () => resolve(unreadable))));
    const refresh = track(engine.refresh());
    await advance(30);
    await settings.update(project('10')); // while project 9's refresh is still being answered
    await engine.loading();
    const cell = track(engine.organization(supplier(1)));
    await advance(60);
    expect(cell.value?.record.name).toBe('Org 1 (private)');
    answerLate();
    await advance(60);
    expect(refresh.value?.failed).toHaveLength(1);
    const sent = service.sent.length;
    const recalculated = track(engine.organization(supplier(1))); // project 10's cell: from its cache
    await advance(60);
    expect(recalculated.value).toEqual(cell.value);
    expect(service.sent).toHaveLength(sent);
  });
});
