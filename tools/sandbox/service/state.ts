/** Everything a running sandbox holds, handed to the route groups. */
import { SandboxClock } from './clock';
import { FaultDice } from '../faults/faults';
import { KeyRing } from './keys';
import { KnobStore } from '../faults/knobs';
import { Population } from '../world/population';
import { RateLimiter } from '../faults/rateLimiter';
import { Registry } from './registry';
import { StatsCounter } from '../faults/stats';
import { World } from '../world/world';

export interface SandboxState {
  population: Population;
  registry: Registry;
  keys: KeyRing;
  knobs: KnobStore;
  clock: SandboxClock;
  stats: StatsCounter;
  faults: FaultDice;
  rateLimiter: RateLimiter;
  /** The days passing: catch it up before reading the population (routes/index.ts, the clock). */
  world: World;
}

/** `startMs`: when the sandbox starts on the calendar (default now). */
export function createState(
  seed: number,
  organizations: number,
  knobs: KnobStore,
  startMs: number = Date.now(),
): SandboxState {
  const population = new Population({ seed, organizations, startMs });
  const clock = new SandboxClock(startMs);
  const stats = new StatsCounter();
  return {
    population,
    registry: new Registry(population, clock, knobs, (identity) => stats.registration(identity)),
    keys: new KeyRing(),
    knobs,
    clock,
    stats,
    faults: new FaultDice(seed),
    rateLimiter: new RateLimiter(),
    world: new World(population, clock),
  };
}
