/** Everything a running sandbox holds, handed to the route groups. */
import { SandboxClock } from './clock';
import { FaultDice } from '../faults/faults';
import { KeyRing } from './keys';
import { KnobStore } from '../faults/knobs';
import { Population } from '../world/population';
import { RateLimiter } from '../faults/rateLimiter';
import { Registry } from './registry';
import { StatsCounter } from '../faults/stats';

export interface SandboxState {
  population: Population;
  registry: Registry;
  keys: KeyRing;
  knobs: KnobStore;
  clock: SandboxClock;
  stats: StatsCounter;
  faults: FaultDice;
  rateLimiter: RateLimiter;
}

export function createState(seed: number, organizations: number, knobs: KnobStore): SandboxState {
  const population = new Population({ seed, organizations });
  const clock = new SandboxClock();
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
  };
}
