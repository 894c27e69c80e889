/**
 * Seeded randomness: everything the sandbox invents (population, fault dice, profiling outcomes) comes
 * from here, so the same seed reproduces the same run.
 */

/** A seeded stream of numbers (mulberry32: small, fast, good enough for test data). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). Bound, so it can be handed around as a plain function. */
  readonly next = (): number => {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** True with probability p; draws nothing when p is 0 or 1, so a disabled knob leaves the stream alone. */
  chance(p: number): boolean {
    if (p <= 0) return false;
    if (p >= 1) return true;
    return this.next() < p;
  }
}

/** A 32-bit hash of a string (FNV-1a), to derive independent seeds from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stream that depends only on the seed and a key: the same answer whatever order keys are asked in. */
export function randomFor(seed: number, key: string): Random {
  return new Random(hashString(`${seed}:${key}`));
}
