/**
 * The sandbox's clock for profiling: real time plus whatever tests have skipped ahead, so a test can
 * jump an organization to `synced` without waiting.
 */
/** Far past any profiling time, and far short of where seconds stop adding up (1e308 and it was Infinity). */
const MAX_SKIPPED_SECONDS = 1_000_000_000;

export class SandboxClock {
  private skippedSeconds = 0;

  constructor(private readonly realSeconds: () => number = () => performance.now() / 1000) {}

  /** Seconds on the sandbox clock (an arbitrary origin; only differences matter). */
  now(): number {
    return this.realSeconds() + this.skippedSeconds;
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
