/**
 * A known key pays no probe: once a key has been answered at a base URL, the next session sends its
 * first batches at the window the service sustained, without waiting for a probe. Only a fingerprint
 * is remembered; another key, or another service, is probed as before; a 401 forgets it.
 */
import { setImmediate as realImmediate } from 'timers/promises';
import { KEY_MEMORY_STORAGE_KEY } from '../../../src/engine/flow/keyMemory';
import { authFailure, FakeService } from '../fakeService';
import { MemoryStorage } from '../../../src/settings/storage';
import { advance, disposeEngines, rig, supplier, TEST_KEY, until } from '../rig';

afterEach(disposeEngines);

/** A first session that used the key, then a second over the same storage with answers held. */
async function secondSession(patch: Parameters<typeof rig>[0] = {}) {
  const first = await rig({ maxBatch: 10 });
  await Promise.all(Array.from({ length: 200 }, (_, i) => first.engine.organization(supplier(i))));
  await until(async () => (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY)) !== null); // written in the background
  first.engine.dispose();
  const service = new FakeService();
  service.hold();
  const second = await rig({ maxBatch: 10, ...patch }, { service, storage: first.storage });
  return { first, second, service };
}

/** The window the memory holds for the rig's service. */
const windowIn = (remembered: string): number =>
  (JSON.parse(remembered) as Record<string, { w: number }>)['https://api.example.com'].w;

test('the next session skips the probe and starts at the window the service sustained', async () => {
  const { first, second, service } = await secondSession();
  const remembered = (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!;
  expect(remembered).not.toContain(TEST_KEY);
  expect(remembered).toMatch(/^\{"https:\/\/api\.example\.com":\{"f":"[0-9a-f]{16}","w":\d+\}\}$/);
  const window = windowIn(remembered);
  expect(window).toBeGreaterThan(4);
  const calls = Array.from({ length: 300 }, (_, i) => second.engine.organization(supplier(1_000 + i)));
  await until(() => service.inFlight >= window);
  expect(service.inFlight).toBe(window); // no probe: the whole window at once
  service.release();
  await Promise.all(calls);
  second.engine.dispose();
});

test('a burst for a known key leaves in one round: the window filled evenly, up to maxBatch each', async () => {
  const { first, second, service } = await secondSession({ maxBatch: 100 });
  const window = windowIn((await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!);
  const calls = Array.from({ length: window * 100 }, (_, i) => second.engine.organization(supplier(1_000 + i)));
  await until(() => service.inFlight >= window);
  // The window is full, so nothing more can leave. Not the first slots leaving with the first 50 of the
  // burst and the rest waiting for a second round, nor a probe sent before the memory was read.
  expect(service.sent.map((request) => request.items.length)).toEqual(Array.from({ length: window }, () => 100));
  service.release();
  await Promise.all(calls);
  second.engine.dispose();
});

/** Storage whose reads of the key's memory wait until `release()`: a slow disk, or a CPU busy elsewhere. */
class SlowMemory extends MemoryStorage {
  private held: Array<() => void> | null = [];

  override async getItem(key: string): Promise<string | null> {
    if (key === KEY_MEMORY_STORAGE_KEY && this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    return super.getItem(key);
  }

  release(): void {
    for (const resolve of this.held ?? []) resolve();
    this.held = null;
  }
}

test('nothing leaves until the memory of the key is read, however long that takes', async () => {
  const { first } = await secondSession();
  const storage = new SlowMemory();
  await storage.setItem(KEY_MEMORY_STORAGE_KEY, (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!);
  const window = windowIn((await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!);
  jest.useFakeTimers();
  try {
    const service = new FakeService();
    service.hold();
    const second = await rig({ maxBatch: 100 }, { service, storage, unloaded: true });
    const calls = Array.from({ length: window * 100 }, (_, i) => second.engine.organization(supplier(1_000 + i)));
    await advance(60_000); // far beyond any wait a timer could have been given
    expect(service.sent).toEqual([]);
    storage.release();
    // The key's fingerprint is a real SHA-256 (crypto.subtle answers from Node's thread pool, which no
    // fake clock drives): wait for the first batch to leave, not for a number of turns.
    for (let turns = 0; service.sent.length === 0 && turns < 100_000; turns += 1) {
      await realImmediate();
      await advance(0);
    }
    expect(service.sent.map((request) => request.items.length)).toEqual(Array.from({ length: window }, () => 100));
    service.release();
    await advance(0);
    await Promise.all(calls);
    second.engine.dispose();
  } finally {
    jest.useRealTimers();
  }
});

test('another key at the same service is probed with a single batch', async () => {
  const { second, service } = await secondSession({ apiKey: 'dc_test_another_key_42' });
  const calls = Array.from({ length: 300 }, (_, i) => second.engine.organization(supplier(1_000 + i)));
  await until(() => service.inFlight >= 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(service.inFlight).toBe(1);
  service.release();
  await Promise.all(calls);
  second.engine.dispose();
});

test('a remembered key that is refused costs one round at most and is forgotten', async () => {
  const { first, second, service } = await secondSession();
  service.script.push(...Array.from({ length: 20 }, () => authFailure)); // revoked since
  service.release();
  const calls = Array.from({ length: 50 }, (_, i) =>
    second.engine.organization(supplier(1_000 + i)).catch((e: Error) => e),
  );
  expect((await Promise.all(calls)).every((c) => c instanceof Error)).toBe(true);
  expect(service.sent.length).toBeLessThanOrEqual(5); // the first round only (50 calls, batches of 10)
  await second.engine.flush();
  await until(async () => (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY)) === '{}');
  second.engine.dispose();
});

test.each([['"lots"'], ['{}'], ['-3'], ['1e400'], ['null']])(
  'a remembered window that is no count of batches (%s) is not trusted: the key is probed as one never seen',
  async (window) => {
    const { first } = await secondSession();
    const remembered = (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!.replace(/"w":\d+/, `"w":${window}`);
    const storage = new MemoryStorage();
    await storage.setItem(KEY_MEMORY_STORAGE_KEY, remembered);
    const service = new FakeService();
    service.hold();
    const second = await rig({ maxBatch: 10 }, { service, storage });
    const calls = Array.from({ length: 300 }, (_, i) => second.engine.organization(supplier(1_000 + i)));
    await until(() => service.inFlight >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.inFlight).toBe(1); // the probe, alone
    service.release();
    expect(await Promise.all(calls)).toHaveLength(300);
    second.engine.dispose();
  },
);
