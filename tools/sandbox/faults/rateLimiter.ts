/**
 * Requests per second per key, in fixed one-second windows that start at a key's first request.
 * Real time, not the sandbox clock: callers wait real seconds before retrying.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  take(key: string, perSecond: number): RateDecision {
    const now = this.nowMs();
    let window = this.windows.get(key);
    if (!window || now - window.start >= 1000) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= perSecond) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + 1000 - now) / 1000)) };
    }
    window.count++;
    return { allowed: true };
  }
}
