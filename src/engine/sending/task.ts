/**
 * The queue's unit: one request through the queue, with the handlers of whoever waits for its answer
 * (a flight of calls, a profile's re-read, the key's check). The dispatcher sends it and counts its
 * attempts; the handlers hear how it ends: answered, failed or dropped.
 */
import type { BatchRequestItem, BatchResponseItem } from '../../service/types';

export interface Task {
  readonly item: BatchRequestItem;
  /** Sends so far (the dispatcher counts them). */
  attempts: number;
  /** False once nobody waits for the answer; such a task is dropped rather than sent again. */
  wanted(): boolean;
  /** A 2xx answer: true once taken, else what makes it unusable (retried like a malformed answer). */
  accept(answer: BatchResponseItem): true | string;
  /** The end: not worth retrying, out of attempts, barred or shut down. */
  fail(error: unknown, attempts: number): void;
  /** Dropped unsent because `wanted()` turned false. */
  dropped(): void;
}
