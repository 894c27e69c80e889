/**
 * The sandbox's clock: real time plus whatever tests have skipped ahead, so a test can jump an
 * organization to `synced`, or its world months on (world.ts), without waiting. It also keeps the
 * calendar: the moment the sandbox started, from which its records and SBTi changes are dated.
 */
/** Far past any profiling time, and far short of where seconds stop adding up (1e308 and it was Infinity). */
const MAX_SKIPPED_SECONDS = 1_000_000_000;

export const DAY_SECONDS = 24 * 3600;
const DAY_MS = DAY_SECONDS * 1000;

export class SandboxClock {
  private skippedSeconds = 0;
  private readonly origin: number;

  /** `startMs`: the calendar time (ms since 1970) the sandbox started at; its clock reads 0 elapsed then. */
  constructor(
    readonly startMs: number = Date.now(),
    private readonly realSeconds: () => number = () => performance.now() / 1000,
  ) {
    this.origin = realSeconds();
  }

  /** Seconds on the sandbox clock (an arbitrary origin; only differences matter). */
  now(): number {
    return this.realSeconds() + this.skippedSeconds;
  }

  /** The calendar time (ms since 1970) of a reading of `now()`: the start, plus real and skipped time since. */
  dateAt(clockSeconds: number): number {
    return this.startMs + (clockSeconds - this.origin) * 1000;
  }

  /** Whole days since the sandbox started, real and skipped: how far its world has moved (world.ts). */
  get day(): number {
    return Math.floor((this.now() - this.origin) / DAY_SECONDS);
  }

  /** The calendar time of the start of world day `day`: day 0 is the moment the sandbox started. */
  dayDate(day: number): number {
    return this.startMs + day * DAY_MS;
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new RangeError('The clock only moves forward: give seconds >= 0');
    if (this.skippedSeconds + seconds > MAX_SKIPPED_SECONDS)
      throw new RangeError(
        `The clock skips at most ${MAX_SKIPPED_SECONDS} seconds (about 31 years) in all; ` +
          `it has skipped ${this.skippedSeconds}, so at most ${MAX_SKIPPED_SECONDS - this.skippedSeconds} more`,
      );
    this.skippedSeconds += seconds;
  }

  get advancedSeconds(): number {
    return this.skippedSeconds;
  }
}
