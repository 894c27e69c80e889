/**
 * A batch that waits in the transport for a connection is not given up on for the time it waited
 * there. A browser carries six requests at a time to one host over HTTP/1.1 and keeps the rest waiting,
 * unseen, so the 30 s a request may take would run out for batches that never reached the service,
 * and they would be sent again. It happens when the window is wider than the transport: a key that
 * worked over a wide transport (HTTP/2) comes back behind six connections (a proxy) with its wide
 * window remembered, and the service is slow. On a fake clock, against a modeled transport.
 */
import { setImmediate as realImmediate } from 'timers/promises';
import { KEY_MEMORY_STORAGE_KEY } from '../../../src/engine/flow/keyMemory';
import type { FetchLike } from '../../../src/service/client';
import type { BatchRequestItem } from '../../../src/service/types';
import { MemoryStorage } from '../../../src/settings/storage';
import { FakeService } from '../fakeService';
import { behindConnections } from '../modeledTransport';
import { advance, disposeEngines, rig, supplier } from '../rig';

afterEach(() => {
  disposeEngines();
  jest.useRealTimers();
});

/** Waits for the first request: the key's fingerprint is a real SHA-256 (Node's thread pool, no fake clock drives it). */
async function firstSent(sent: () => boolean): Promise<void> {
  for (let turns = 0; !sent() && turns < 100_000; turns += 1) {
    await realImmediate();
    await advance(0);
  }
}

/** Storage in which the rig's key is remembered with a window of `window` batches. */
async function rememberedWide(window: number): Promise<MemoryStorage> {
  const first = await rig({ maxBatch: 10 });
  await Promise.all(Array.from({ length: 50 }, (_, i) => first.engine.organization(supplier(i))));
  await first.engine.flush();
  for (let turns = 0; (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY)) === null && turns < 10_000; turns += 1)
    await realImmediate(); // written in the background, after a real SHA-256
  first.engine.dispose();
  const memory = (await first.storage.getItem(KEY_MEMORY_STORAGE_KEY))!.replace(/"w":\d+/, `"w":${window}`);
  const storage = new MemoryStorage();
  await storage.setItem(KEY_MEMORY_STORAGE_KEY, memory);
  return storage;
}

test('128 batches behind six connections and a service taking 2 s each: every batch is sent once', async () => {
  const storage = await rememberedWide(128);
  jest.useFakeTimers();
  const service = new FakeService();
  const { engine } = await rig(
    { maxBatch: 100 },
    { service, storage, fetch: behindConnections(service.fetch, 6, 2_000) },
  );
  const calls = Array.from({ length: 12_800 }, (_, i) => engine.organization(supplier(1_000 + i)));
  const settled = Promise.allSettled(calls);
  await firstSent(() => service.sent.length > 0);
  await advance(10 * 60_000);
  const outcomes = await settled;
  expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  // 128 batches of 100 take 22 rounds of the six connections, 44 s: most of them wait longer than 30 s.
  expect(service.sent.length).toBe(128);
  expect(engine.stats().retries).toBe(0);
});

test('a request that hangs on the wire is given up at its timeout, and at most a service time later', async () => {
  const storage = await rememberedWide(16);
  jest.useFakeTimers();
  const service = new FakeService();
  const sentAt = new Map<string, number[]>(); // first item of each request: when it was sent
  const fetch: FetchLike = async (url, init) => {
    const items = JSON.parse(new URLSearchParams(init.body).get('requests') ?? '[]') as BatchRequestItem[];
    const first = (items[0]?.body as { name?: string } | undefined)?.name;
    const times = sentAt.get(first ?? '') ?? [];
    sentAt.set(first ?? '', [...times, Date.now()]);
    if (first === 'Supplier 1020' && times.length === 0) {
      return new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a wide transport: each answered in 1 s
    return service.fetch(url, init);
  };
  const { engine } = await rig({ maxBatch: 10 }, { service, storage, fetch });
  const start = Date.now();
  const calls = Array.from({ length: 100 }, (_, i) => engine.organization(supplier(1_000 + i)));
  await firstSent(() => sentAt.size > 0);
  await advance(120_000);
  expect((await Promise.allSettled(calls)).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  const [hung, again] = sentAt.get('Supplier 1020')!.map((at) => at - start);
  expect(hung).toBeLessThan(1_000); // in the first round, behind two batches answered in a second
  expect(again - hung).toBeGreaterThanOrEqual(30_000); // its timeout
  // and at most the second it waited in line, and the short back-off before a retry: not a second timeout
  expect(again - hung).toBeLessThan(32_000);
});
