/** Waiting times: retries after failures, pauses after 429 without Retry-After, profiling polls. */

/** setTimeout fires at once for delays above 2^31-1 ms (about 24.8 days): no engine timer asks for more. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay setTimeout honours: not negative, not NaN, not past MAX_TIMER_MS. */
export function timerDelay(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_TIMER_MS, Math.max(0, ms)) : MAX_TIMER_MS;
}

export const RETRY_BASE_MS = 250;
export const RETRY_CAP_MS = 10_000;

/**
 * Exponential back-off with jitter before attempt `attempt + 1` (attempt counts from 1): the base
 * doubles each time up to the cap, and a random share of 50-100% of it is used so that many clients
 * (or many batches of one client) that failed together do not come back together.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** Pause of the whole queue after the n-th 429 in a row that came without a Retry-After. */
export function rateLimitPauseMs(consecutive: number, random: () => number = Math.random): number {
  return Math.round(Math.min(30_000, 1_000 * 2 ** Math.max(0, consecutive - 1)) * (0.5 + random() * 0.5));
}

export const POLL_FIRST_MS = 1_000;
export const POLL_FACTOR = 1.6;
export const POLL_CAP_MS = 5 * 60_000;

/**
 * Delay before the n-th re-read (from 0) of a record still being profiled. Profiling takes seconds in
 * the sandbox and up to a day at the service: early polls are quick, later ones settle at five minutes.
 * No jitter here: profiles registered together are polled together, so their polls share batches.
 */
export function pollDelayMs(round: number): number {
  return Math.round(Math.min(POLL_CAP_MS, POLL_FIRST_MS * POLL_FACTOR ** round));
}
