/**
 * Private figures (the settings' privatePerformances, for one project): each organization's record is
 * read from /organizations/{id}/private after its registration, and answers swapped in a batch are read
 * again, so no organization's private figures are shown or cached for another.
 */
import type { BatchRequestItem } from '../../../src/service/types';
import type { RequestAnswer } from '../fakeService';
import { advance, rig, supplier, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('private performances', () => {
  test('the record is read from /organizations/{id}/private', async () => {
    const { engine, service } = await rig({ privatePerformances: true, project: { id: '9', name: 'Suppliers' } });
    const call = track(engine.organization(supplier(1)));
    await advance(60);
    expect(service.items().map((i) => `${i.method} ${i.url}`)).toEqual([
      'POST /organizations',
      'GET /organizations/1/private',
    ]);
    expect(call.value?.record.name).toBe('Org 1 (private)');
  });

  test('private records answered swapped are read again, each kept for its own organization', async () => {
    const { engine, service } = await rig(
      { privatePerformances: true, project: { id: '9', name: 'Suppliers' } },
      { random: () => 0 },
    );
    const swapped = (items: BatchRequestItem[]): RequestAnswer => ({
      kind: 'items',
      items: items.map((item) => service.answerItem(item)).reverse(),
    });
    service.script.push((items) => ({ kind: 'items', items: items.map((item) => service.answerItem(item)) }), swapped);
    const calls = [track(engine.organization({ name: 'Alpha' })), track(engine.organization({ name: 'Beta' }))];
    await advance(60 + 125 + 25);
    expect(service.sent.map((request) => request.items.map((item) => `${item.method} ${item.url}`))).toEqual([
      ['POST /organizations', 'POST /organizations'],
      ['GET /organizations/1/private', 'GET /organizations/2/private'],
      ['GET /organizations/1/private', 'GET /organizations/2/private'],
    ]);
    expect(calls.map((call) => call.value?.record.name)).toEqual(['Org 1 (private)', 'Org 2 (private)']);
    expect((await engine.organization({ name: 'Beta' })).record.id).toBe(2); // and so does the cache
  });
});
