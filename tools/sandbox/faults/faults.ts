/**
 * Dice for injected faults, from a seeded stream: with the same seed and the same sequence of
 * requests, the same requests fail. A knob at 0 never draws, so it leaves the stream untouched.
 */
import { SandboxKnobs } from './knobs';
import { Random } from '../world/random';

export class FaultDice {
  private readonly random: Random;

  constructor(seed: number) {
    this.random = new Random(seed ^ 0x0fa17ed);
  }

  drop(knobs: SandboxKnobs): boolean {
    return this.random.chance(knobs.dropRate);
  }

  fail(knobs: SandboxKnobs): boolean {
    return this.random.chance(knobs.failRate);
  }

  malformed(knobs: SandboxKnobs): boolean {
    return this.random.chance(knobs.malformedRate);
  }

  /** How many of a batch's `count` answer items to send: all, or (truncated) at least one fewer. */
  batchItemsToSend(knobs: SandboxKnobs, count: number): number {
    if (count === 0 || !this.random.chance(knobs.truncateBatchRate)) return count;
    return this.random.int(0, count - 1);
  }
}
