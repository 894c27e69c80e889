/**
 * Private figures belong to the key that read them: a service answers each project key's private score
 * for that key, so records read with one key are never served under another, in memory or from the
 * persisted cache after the runtime restarts.
 */
import { CACHE_STORAGE_KEY } from '../../src/engine/cache/recordCache';
import type { FetchLike } from '../../src/service/client';
import type { OrganizationRecord } from '../../src/service/types';
import { FakeService } from './fakeService';
import { advance, rig, supplier, track } from './rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const KEY_A = 'dc_client_a_0123456789';
const KEY_B = 'dc_client_b_0123456789';

/** The fake service, answering each private record with the name of the key that asked for it. */
function answeringPerKey(service: FakeService): FetchLike {
  return (url, init) => {
    const client = init.headers.Authorization === `Bearer ${KEY_A}` ? 'A' : 'B'; // the key itself would be redacted
    service.script.push((items) => ({
      kind: 'items',
      items: items.map((item) => {
        const answer = service.answerItem(item);
        if (item.url.endsWith('/private')) (answer.body as OrganizationRecord).name += ` for client ${client}`;
        return answer;
      }),
    }));
    return service.fetch(url, init);
  };
}

async function privateName(keyed: Awaited<ReturnType<typeof rig>>): Promise<string | null | undefined> {
  const cell = track(keyed.engine.organization(supplier(1)));
  await advance(60);
  return cell.value?.record.name;
}

describe('private figures are scoped by the key', () => {
  test('two keys without a project, one after the other across a restart, each get their own private figure', async () => {
    const service = new FakeService();
    const fetch = answeringPerKey(service);
    const first = await rig({ apiKey: KEY_A, privatePerformances: true, project: null }, { service, fetch });
    expect(await privateName(first)).toBe(`Org 1 (private) for client A`);
    first.engine.dispose(); // the runtime closes; its cache stays in storage

    const second = await rig(
      { apiKey: KEY_B, privatePerformances: true, project: null },
      { service, fetch, storage: first.storage },
    );
    const sent = service.sent.length;
    expect(await privateName(second)).toBe(`Org 1 (private) for client B`);
    expect(service.sent.length).toBeGreaterThan(sent); // asked with key B, not served from key A's cache
  });

  test('saving another key in the same runtime drops the other key’s private figures from memory', async () => {
    const service = new FakeService();
    const keyed = await rig(
      { apiKey: KEY_A, privatePerformances: true, project: { id: '9', name: 'Suppliers' } },
      { service, fetch: answeringPerKey(service) },
    );
    expect(await privateName(keyed)).toBe(`Org 1 (private) for client A`);
    await keyed.settings.update({ apiKey: KEY_B });
    await keyed.engine.loading();
    expect(await privateName(keyed)).toBe(`Org 1 (private) for client B`);
    await keyed.settings.update({ apiKey: KEY_A }); // back: key A's figures, not key B's
    await keyed.engine.loading();
    expect(await privateName(keyed)).toBe(`Org 1 (private) for client A`);
  });

  test('the persisted cache holds a fingerprint of the key, never the key', async () => {
    const service = new FakeService();
    const keyed = await rig(
      { apiKey: KEY_A, privatePerformances: true, project: null },
      { service, fetch: answeringPerKey(service) },
    );
    await privateName(keyed);
    await keyed.engine.flush();
    const stored = (await keyed.storage.getItem(CACHE_STORAGE_KEY)) ?? '';
    expect(stored).toContain('Org 1 (private)');
    expect(stored).not.toContain('dc_client_a');
  });
});
