/**
 * Profiles still being built: a record the service is still profiling answers as pending, is polled on
 * a growing back-off (polls of profiles asked together share batches), and exactly the cells that asked
 * are recalculated when a poll brings a new status; a poll's answers are taken only for their own ids.
 */
import type { EngineEvent } from '../../../src/engine';
import type { ItemAnswer } from '../fakeService';
import { advance, rig, supplier } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('profiling', () => {
  test('a record still profiling is pending; once final, exactly the cells that asked are recalculated', async () => {
    const { engine, service, recalculated } = await rig();
    service.statuses.set(1, 'researching');
    const first = engine.organization(supplier(1), { address: 'Sheet1!B2' });
    const second = engine.organization(supplier(1), { address: 'Sheet1!C2' });
    await advance(30);
    expect((await first).state).toBe('pending');
    expect((await second).record.status).toBe('researching');
    const later = await engine.organization(supplier(1), { address: 'Sheet1!D2' }); // served from the watch
    expect(later.state).toBe('pending');
    expect(service.sent).toHaveLength(1);
    expect(engine.stats().pendingProfiles).toBe(1);

    await advance(1_000 + 25); // first poll
    expect(service.items()[1]).toEqual({ url: '/organizations/1', method: 'GET' });
    expect(recalculated).toEqual([]);
    service.statuses.set(1, 'synced');
    await advance(1_600 + 25); // second poll, 1.6x later
    expect(service.sent).toHaveLength(3);
    await advance(50);
    expect(recalculated).toEqual([['Sheet1!B2', 'Sheet1!C2', 'Sheet1!D2']]);
    const ready = await engine.organization(supplier(1), { address: 'Sheet1!B2' });
    expect(ready.state).toBe('ready');
    expect(service.sent).toHaveLength(3);
    expect(engine.stats().pendingProfiles).toBe(0);
  });

  test('a poll that brings a new status recalculates the cells of that organization; the same status, nothing', async () => {
    const { engine, service, recalculated } = await rig();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    service.statuses.set(1, 'created');
    service.statuses.set(2, 'created');
    const moving = engine.organization(supplier(1), { address: 'Sheet1!B2' });
    const still = engine.organization(supplier(2), { address: 'Sheet1!B3' });
    await advance(30);
    expect((await moving).record.status).toBe('created');
    expect((await still).record.status).toBe('created');

    service.statuses.set(1, 'researching');
    await advance(1_000 + 25 + 50); // first poll (both in one batch), then the gathered recalculation
    expect(service.sent).toHaveLength(2);
    expect(recalculated).toEqual([['Sheet1!B2']]); // supplier 2 is still 'created': its cell is left alone
    const shown = await engine.organization(supplier(1), { address: 'Sheet1!B2' }); // the recalculated cell asks
    expect(shown).toMatchObject({ state: 'pending', record: { status: 'researching' } });

    await advance(1_600 + 25 + 50); // second poll: the same statuses
    expect(service.sent).toHaveLength(3);
    expect(recalculated).toHaveLength(1);

    service.statuses.set(1, 'synced');
    await advance(2_560 + 25 + 50); // third poll: final
    expect(recalculated).toEqual([['Sheet1!B2'], ['Sheet1!B2']]);
    expect((await engine.organization(supplier(1), { address: 'Sheet1!B2' })).state).toBe('ready');
    expect(service.items().filter((item) => item.method === 'POST')).toHaveLength(2); // each registered once
    // the pane drops a profile from its "still profiling" list on this event: only the final one sends it
    expect(events.filter((event) => event.type === 'profiled')).toEqual([
      { type: 'profiled', ids: [1], addresses: ['Sheet1!B2'] },
    ]);
    expect(engine.stats().pendingProfiles).toBe(1);
  });

  test.each([
    ['swapped', (answers: ItemAnswer[]) => [answers[1], answers[0]], ['/organizations/1', '/organizations/2']],
    ['with one duplicated', (answers: ItemAnswer[]) => [answers[0], answers[0]], ['/organizations/2']],
  ])(
    'a poll answered %s: a record is taken only for its own id, the others are read again',
    async (_, answer, again) => {
      const { engine, service } = await rig({}, { random: () => 0 });
      service.statuses.set(1, 'created');
      service.statuses.set(2, 'created');
      await Promise.all([engine.organization({ name: 'Alpha' }), engine.organization({ name: 'Beta' }), advance(30)]);
      service.statuses.set(1, 'synced');
      service.statuses.set(2, 'synced');
      service.script.push((items) => ({ kind: 'items', items: answer(items.map((item) => service.answerItem(item))) }));
      await advance(1_000 + 25 + 125 + 25); // the poll, then the back-off of a malformed answer
      expect(service.sent.map((request) => request.items.map((item) => item.url))).toEqual([
        ['/organizations', '/organizations'],
        ['/organizations/1', '/organizations/2'],
        again,
      ]);
      const [alpha, beta] = [await engine.organization({ name: 'Alpha' }), await engine.organization({ name: 'Beta' })];
      expect([alpha.state, alpha.record.id, alpha.record.name]).toEqual(['ready', 1, 'Org 1']);
      expect([beta.state, beta.record.id, beta.record.name]).toEqual(['ready', 2, 'Org 2']);
      expect(service.sent).toHaveLength(3); // both from the cache, each with its own record
    },
  );

  test('polls of profiles registered together share batches', async () => {
    const { engine, service } = await rig();
    for (let id = 1; id <= 30; id += 1) service.statuses.set(id, 'created');
    await Promise.all([...Array.from({ length: 30 }, (_, i) => engine.organization(supplier(i))), advance(30)]);
    await advance(1_100);
    expect(service.sent).toHaveLength(3); // the probe (10), the other 20, then one poll for all 30
    expect(service.sent[2].items).toHaveLength(30);
  });
});
