/**
 * Flow control for batches in flight: slow start, then additive increase, multiplicative decrease
 * (as TCP does). The limit starts at 4; a healthy probe of a new key opens it to the cap (`open`), a
 * known key starts at the window it sustained before (`startAt`). Until the service first pushes back
 * (a 429), every healthy batch adds one, so the limit doubles per round trip. After a 429 it grows by
 * one per run of `limit` healthy batches, up to the cap, and halves on each further 429. Two guards
 * keep a 429 storm from becoming a retry storm:
 * - one halving per congestion event: batches sent before the last decrease that come back 429 do not
 *   halve again (each batch carries the epoch it was sent in);
 * - a shared pause: `Retry-After` (or a back-off when it is absent) stops every sender, not only the
 *   batch that heard it.
 */
import { MAX_RETRY_AFTER_MS } from '../service/responseErrors';

export type BatchHealth = 'ok' | 'rate-limited' | 'failed';

export const INITIAL_CONCURRENCY = 4;

export class AimdLimiter {
  private limitValue: number;
  private inFlightCount = 0;
  private healthyRun = 0;
  private slowStart = true;
  private epoch = 0;
  private pausedUntilMs = 0;

  constructor(
    private cap: number,
    private readonly now: () => number,
  ) {
    this.limitValue = Math.min(INITIAL_CONCURRENCY, cap);
  }

  get limit(): number {
    return this.limitValue;
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  /** Starts from a window the service sustained before (a known key), not from INITIAL_CONCURRENCY. */
  startAt(window: number): void {
    this.limitValue = Math.max(this.limitValue, Math.min(window, this.cap));
  }

  /**
   * The probe of a key came back healthy: key and service answer, so the rest of the sheet may leave in
   * one round, as wide as the cap allows, rather than paying a round trip per slow-start step.
   */
  open(): void {
    this.startAt(this.cap);
  }

  setCap(cap: number): void {
    this.cap = cap;
    this.limitValue = Math.min(this.limitValue, cap);
  }

  /** Milliseconds until sending may resume (0: not paused). */
  pausedFor(): number {
    return Math.max(0, this.pausedUntilMs - this.now());
  }

  /** Every sender waits at least this long (at most MAX_RETRY_AFTER_MS); a longer pause already running is kept. */
  pause(ms: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, this.now() + Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)));
  }

  /** Ends the pause: it was earned by another key or service. */
  resume(): void {
    this.pausedUntilMs = 0;
  }

  canSend(): boolean {
    return this.inFlightCount < this.limitValue && this.pausedFor() === 0;
  }

  /** Takes a slot; returns the epoch to hand back to `release`. */
  acquire(): number {
    this.inFlightCount += 1;
    return this.epoch;
  }

  release(epoch: number, health: BatchHealth): void {
    this.inFlightCount -= 1;
    if (health === 'ok') {
      this.healthyRun += 1;
      if ((this.slowStart || this.healthyRun >= this.limitValue) && this.limitValue < this.cap) {
        this.limitValue += 1;
        this.healthyRun = 0;
      }
    } else if (health === 'rate-limited' && epoch === this.epoch) {
      this.limitValue = Math.max(1, Math.floor(this.limitValue / 2));
      this.healthyRun = 0;
      this.slowStart = false;
      this.epoch += 1;
    }
  }
}
