/**
 * The sandbox's clock for profiling: real time plus whatever tests have skipped ahead, so a test can
 * jump an organization to `synced` without waiting.
 */
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
    this.skippedSeconds += seconds;
  }

  get advancedSeconds(): number {
    return this.skippedSeconds;
  }
}
