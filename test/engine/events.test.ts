/** What the engine tells the pane: its counters (stats) and events (settled calls, stats sent as they change). */
import type { EngineEvent } from '../../src/engine';
import { OPEN_WINDOW } from '../../src/engine/flow/limiter';
import { advance, rig, supplier } from './rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('observability', () => {
  test('counters and events tell the pane what happened', async () => {
    const { engine } = await rig();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    await Promise.all([engine.organization(supplier(1)), engine.organization(supplier(1)), advance(30)]);
    await engine.organization(supplier(1));
    await expect(engine.organization({})).rejects.toThrow();
    await advance(100);
    expect(engine.stats()).toMatchObject({
      calls: 4,
      cacheHits: 1,
      joined: 1,
      requests: 1,
      batches: 1,
      items: 1,
      retries: 0,
      pendingProfiles: 0,
      inFlight: 0,
      queued: 0,
      cached: 1,
      concurrency: OPEN_WINDOW, // the probe was healthy, with nothing waiting: the least it opens to
    });
    expect(engine.stats().errors.invalid).toBe(1);
    expect(events.filter((e) => e.type === 'settled').map((e) => (e.type === 'settled' ? e.ok : null))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const last = events.filter((e) => e.type === 'stats').pop();
    expect(last?.type === 'stats' && last.stats.calls).toBe(4);
  });
});
