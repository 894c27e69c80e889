/** Coalescing, batch size and concurrency caps, de-duplication: fake transport, fake timers. */
import { advance, rig, supplier, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('coalescing', () => {
  test('a full batch leaves at once, without waiting for the quiet window', async () => {
    const { engine, service } = await rig();
    await Promise.all([engine.organization(supplier(99)), advance(30)]); // the key is seen to work
    const calls = Array.from({ length: 50 }, (_, i) => engine.organization(supplier(i)));
    await advance(0);
    expect(service.sent).toHaveLength(2);
    expect(service.sent[1].items).toHaveLength(50);
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.record.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Supplier ${i}`));
    expect(outcomes.every((o) => o.state === 'ready')).toBe(true);
  });

  test('during a burst a batch leaves as soon as it is full, before the burst has all been submitted', async () => {
    const { engine, service } = await rig(); // maxBatch: the default, the service's 100
    await Promise.all([engine.organization(supplier(999)), advance(30)]); // the key is seen to work
    service.hold(); // answers come in later tasks, as over a network
    const calls = Array.from({ length: 250 }, (_, i) => engine.organization(supplier(i)));
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve(); // the burst's task has not ended
    expect(service.sent.slice(1).map((r) => r.items.length)).toEqual([100, 100]);
    await advance(0); // it has: the rest leaves
    expect(service.sent.slice(1).map((r) => r.items.length)).toEqual([100, 100, 50]);
    service.release();
    await advance(0);
    expect((await Promise.all(calls)).every((o) => o.state === 'ready')).toBe(true);
  });

  test('a single call goes out after the quiet window (25 ms), not a 100 ms timer', async () => {
    const { engine, service } = await rig();
    const call = track(engine.organization(supplier(1)));
    await advance(24);
    expect(service.sent).toHaveLength(0);
    await advance(1);
    expect(service.sent).toHaveLength(1);
    await advance(0);
    expect(call.value?.state).toBe('ready');
  });

  test('a steady trickle of calls still leaves within 100 ms of the first', async () => {
    const { engine, service } = await rig();
    for (let i = 0; i < 6; i += 1) {
      void engine.organization(supplier(i));
      await advance(20);
    }
    expect(service.sent).toHaveLength(1);
    expect(service.sent[0].items).toHaveLength(5);
  });
});

describe('caps', () => {
  test('maxBatch splits a burst into full batches and one remainder', async () => {
    const { engine, service } = await rig({ maxBatch: 50 });
    await Promise.all([engine.organization(supplier(999)), advance(30)]); // the key is seen to work
    const calls = Array.from({ length: 120 }, (_, i) => engine.organization(supplier(i)));
    await advance(30);
    await Promise.all(calls);
    expect(service.sent.slice(1).map((r) => r.items.length)).toEqual([50, 50, 20]);
  });

  test('until the key is seen to work, the probe carries at most 10 items', async () => {
    const { engine, service } = await rig();
    service.hold();
    const calls = Array.from({ length: 120 }, (_, i) => engine.organization(supplier(i)));
    await advance(0);
    expect(service.sent.map((r) => r.items.length)).toEqual([10]);
    service.release();
    await advance(30);
    await Promise.all(calls);
    expect(service.sent.slice(1).map((r) => r.items.length)).toEqual([50, 50, 10]);
  });

  test('one probe batch until the key is seen to work; a healthy probe lets the whole backlog leave at once', async () => {
    const { engine, service } = await rig({ maxBatch: 10 });
    service.hold();
    const calls = Array.from({ length: 200 }, (_, i) => engine.organization(supplier(i)));
    await advance(30);
    expect(service.sent).toHaveLength(1);
    service.release();
    service.hold(); // the probe answers; what follows waits
    await advance(0);
    // Not slow start from 4 (a round trip per step), nor a first round narrower than the backlog (a
    // round trip per round): the other 190 items leave now, 19 full batches, in a window of four waves of six.
    expect(service.sent).toHaveLength(20);
    expect(service.inFlight).toBe(19);
    expect(engine.stats().concurrency).toBe(24);
    service.release();
    await advance(0);
    await Promise.all(calls);
    expect(service.sent).toHaveLength(20);
    expect(service.maxInFlight).toBe(19);
  });

  test('a backlog wider than the cap opens the window to the cap, never more', async () => {
    const { engine, service } = await rig({ maxBatch: 10, maxConcurrency: 16 });
    service.hold();
    const calls = Array.from({ length: 400 }, (_, i) => engine.organization(supplier(i)));
    await advance(30);
    service.release();
    service.hold();
    await advance(0);
    expect(service.sent).toHaveLength(17); // the probe, then 16 of the 39 batches waiting
    expect(engine.stats().concurrency).toBe(16);
    service.release();
    await advance(0);
    await Promise.all(calls);
    expect(service.maxInFlight).toBe(16);
  });

  test('batches of 50 while the window keeps up; a backlog fills the free slots with up to maxBatch (100) each', async () => {
    const { engine, service } = await rig({ maxConcurrency: 5 }); // maxBatch: the default, the service's 100
    service.hold();
    const calls = Array.from({ length: 1_000 }, (_, i) => engine.organization(supplier(i)));
    await advance(30);
    expect(service.sent.map((r) => r.items.length)).toEqual([10]); // the probe
    service.release();
    service.hold();
    await advance(0);
    // 990 waiting, 5 free slots (the cap): five full batches of 100 rather than five of 50
    expect(service.sent.slice(1).map((r) => r.items.length)).toEqual([100, 100, 100, 100, 100]);
    service.release();
    await advance(0);
    await Promise.all(calls);
    expect(service.sent.length).toBeLessThan(1 + Math.ceil(990 / 50)); // fewer than fixed batches of 50
    expect(Math.max(...service.sent.map((r) => r.items.length))).toBe(100);
  });

  test('the concurrency cap from settings bounds the limit', async () => {
    const { engine, service } = await rig({ maxBatch: 1, maxConcurrency: 2 });
    const calls = Array.from({ length: 40 }, (_, i) => engine.organization(supplier(i)));
    await advance(30);
    await Promise.all(calls);
    expect(service.maxInFlight).toBe(2);
    expect(engine.stats().concurrency).toBe(2);
  });
});

describe('de-duplication', () => {
  test('different spellings of one request are one item', async () => {
    const { engine, service } = await rig();
    const calls = [
      { name: ' ACME   Corp ' },
      { name: 'acme corp' },
      { website: 'https://www.acme.example/' },
      { website: 'acme.example' },
      { lei_number: '5493 00ab cdef ghij kl12' },
      { lei_number: '549300ABCDEFGHIJKL12' },
      { duns_number: '12345678' }, // Excel dropped the leading zero
      { duns_number: '012-345-678' },
    ].map((query) => engine.organization(query));
    await advance(30);
    await Promise.all(calls);
    expect(service.items().map((item) => item.body)).toEqual([
      { name: 'ACME Corp' },
      { website: 'https://www.acme.example/' },
      { lei_number: '549300ABCDEFGHIJKL12' },
      { duns_number: '012345678' },
    ]);
  });

  test('the score and 14 flags of one organization are one request', async () => {
    const { engine, service } = await rig();
    const calls = Array.from({ length: 15 }, (_, column) =>
      engine.organization(
        { name: 'Brightwater Logistics' },
        { address: `Sheet1!${String.fromCharCode(66 + column)}2` },
      ),
    );
    await advance(30);
    const outcomes = await Promise.all(calls);
    expect(service.sent).toHaveLength(1);
    expect(service.sent[0].items).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.record.id)).size).toBe(1);
    expect(engine.stats()).toMatchObject({ calls: 15, joined: 14, requests: 1, items: 1 });
  });

  test('a region narrows the request: same name, different regions are different items', async () => {
    const { engine, service } = await rig();
    const calls = [
      engine.organization({ name: 'Nordic Steel', hq_region: 'se' }),
      engine.organization({ name: 'Nordic Steel', hq_region: 'SE' }),
      engine.organization({ name: 'Nordic Steel', hq_region: 'NO' }),
    ];
    await advance(30);
    await Promise.all(calls);
    expect(service.items()).toHaveLength(2);
  });

  test('a query that names nothing fails at once, without a request', async () => {
    const { engine, service } = await rig();
    await expect(engine.organization({ hq_region: 'DE' })).rejects.toMatchObject({ kind: 'invalid' });
    await advance(30);
    expect(service.sent).toHaveLength(0);
  });
});
