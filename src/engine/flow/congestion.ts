/**
 * How long a 429 pauses every sender: the service's Retry-After, or else a back-off that grows with
 * the 429s in a row. 429s of batches that were already in flight when an earlier one came back are
 * one congestion event and do not lengthen the back-off again: eight batches answered 429 together
 * must not mean a 2^8 s pause.
 */
import { rateLimitPauseMs } from './backoff';

export class Congestion {
  /** Bumped by each 429 that lengthens the back-off; batches carry the value they were sent under. */
  private eventCount = 0;
  /** Events since the last healthy batch (or change of key). */
  private inARow = 0;

  constructor(private readonly random: () => number) {}

  /** The event a batch sent now is sent under. */
  get event(): number {
    return this.eventCount;
  }

  /** A 429 to a batch sent under `sentUnder`: how long every sender pauses. */
  rateLimited(retryAfterMs: number | null, sentUnder: number): number {
    if (sentUnder === this.eventCount) {
      this.eventCount += 1;
      this.inARow += 1;
    }
    return retryAfterMs ?? rateLimitPauseMs(this.inARow, this.random);
  }

  /** A healthy batch, or another key: the run of 429s is over. */
  over(): void {
    this.inARow = 0;
  }
}
