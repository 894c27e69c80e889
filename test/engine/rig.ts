/** An engine wired to the fake service, with its settings and storage, for fake-timer unit tests. */
import { createEngine, type Engine, type Recalculate } from '../../src/engine';
import { ALL_TAKEN } from '../../src/engine/profiling/cellRecalculation';
import type { FetchLike } from '../../src/service/client';
import { SettingsStore, type Settings } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';
import { FakeService } from './fakeService';

export const TEST_KEY = 'dc_test_0123456789abcdef';

export interface Rig {
  engine: Engine;
  service: FakeService;
  settings: SettingsStore;
  storage: MemoryStorage;
  recalculated: string[][];
}

/** The engines made since the last disposeEngines(). */
const made: Engine[] = [];

/**
 * Disposes every engine made since the last call (dispose() twice is harmless). A file on real timers
 * runs it in afterEach: a test that fails before its own dispose() must not leave an engine's timers
 * running into the next test, or into the next file in the same worker. (On fake timers they die with
 * the fake clock, and a test there may leave calls pending on purpose, which disposing would reject.)
 */
export function disposeEngines(): void {
  for (const engine of made.splice(0)) engine.dispose();
}

export async function rig(
  patch: Partial<Settings> = {},
  options: {
    service?: FakeService;
    storage?: MemoryStorage;
    random?: () => number;
    fetch?: FetchLike;
    /** Return before the engine has loaded (a test of what happens meanwhile); by default it has. */
    unloaded?: boolean;
    /** What recalculates the cells after they are recorded (e.g. src/office's, over a harness workbook). */
    recalculate?: Recalculate;
    /** Made before anyone uses it (as the runtime's script loads): see Engine.use. */
    idle?: boolean;
  } = {},
): Promise<Rig> {
  const storage = options.storage ?? new MemoryStorage();
  const settings = new SettingsStore(storage);
  await settings.load();
  await settings.update({ baseUrl: 'https://api.example.com', apiKey: TEST_KEY, ...patch });
  const service = options.service ?? new FakeService();
  const recalculated: string[][] = [];
  const engine = createEngine({
    settings,
    fetch: options.fetch ?? service.fetch, // e.g. the service behind a modeled transport
    random: options.random ?? (() => 0),
    idle: options.idle,
    recalculate: async (addresses) => {
      recalculated.push(addresses);
      return (await options.recalculate?.(addresses)) ?? ALL_TAKEN;
    },
  });
  made.push(engine);
  // Loading includes the key's SHA-256 fingerprint, which runs on Node's thread pool: no fake clock drives
  // it, so a test that advanced fake time instead would race it. Wait for the load itself.
  if (!options.unloaded) await engine.loading();
  return { engine, service, settings, storage, recalculated };
}

/** Runs timers due within `ms` and every promise reaction in between. */
export async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

/** A promise's state without waiting for it. */
export function track<T>(promise: Promise<T>): { settled: boolean; value?: T; error?: Error & { kind?: string } } {
  const state: { settled: boolean; value?: T; error?: Error & { kind?: string } } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: Error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

export const supplier = (i: number): { name: string } => ({ name: `Supplier ${i}` });

/** Resolves once `check` holds, looking every 5 ms on real timers (work done in the background: storage, hashes). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 5) {
    if (waited > 5_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
