/**
 * What becomes of a request that did not get its answer, decided from the error alone: a pure
 * function, so every rule is testable without timers or a queue. The dispatcher carries the decision
 * out (pausing, requeueing, scheduling the back-off of backoff.ts, failing).
 */
import { RateLimitError, ServiceError } from '../../service/errors';

export type RetryDecision =
  /** 429: every sender waits (`Retry-After`, or a back-off when null), then the request goes again. */
  | { action: 'pause'; error: ServiceError; retryAfterMs: number | null }
  /** 413: at once, in batches half the size. */
  | { action: 'requeue'; error: ServiceError; smallerBatches: true }
  /** A passing failure (5xx, dropped connection, timeout, malformed answer): again after a back-off. */
  | { action: 'retry-later'; error: ServiceError }
  /** The end for this request; `blockKey`: the key was refused and nothing more goes out with it. */
  | { action: 'fail'; error: unknown; blockKey: boolean };

export function classifyFailure(error: unknown): RetryDecision {
  if (!(error instanceof ServiceError)) return { action: 'fail', error, blockKey: false };
  if (error.kind === 'auth') return { action: 'fail', error, blockKey: true };
  if (error instanceof RateLimitError) return { action: 'pause', error, retryAfterMs: error.retryAfterMs };
  if (error.kind === 'too-large') return { action: 'requeue', error, smallerBatches: true };
  if (error.retryable) return { action: 'retry-later', error };
  return { action: 'fail', error, blockKey: false };
}
