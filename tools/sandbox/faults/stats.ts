/**
 * What the sandbox served, for tests and benchmarks to assert on (`GET /__sandbox/stats`).
 *
 * `requests`, `byStatus`, `rateLimited` and `authFailures` count HTTP requests to service routes (a
 * batch is one request; the sandbox's own /__sandbox paths are not counted). `byRoute` counts every
 * call a route served, directly or as a batch item, keyed "METHOD /path/pattern" (e.g.
 * "GET /organizations/:id"), so it shows how often an endpoint was exercised whichever way it was reached.
 */

export interface SandboxStats {
  requests: number;
  batches: number;
  batchItems: number;
  /** Unseen organizations registered since the last reset. */
  registrations: number;
  /** Most registrations of one organization identity since the last reset: 1 when idempotency holds. */
  maxRegistrationsPerOrganization: number;
  rateLimited: number;
  authFailures: number;
  byRoute: Record<string, number>;
  byStatus: Record<string, number>;
}

export class StatsCounter {
  private stats: SandboxStats = StatsCounter.zero();
  private registrationsByIdentity = new Map<string, number>();

  private static zero(): SandboxStats {
    return {
      requests: 0,
      batches: 0,
      batchItems: 0,
      registrations: 0,
      maxRegistrationsPerOrganization: 0,
      rateLimited: 0,
      authFailures: 0,
      byRoute: {},
      byStatus: {},
    };
  }

  snapshot(): SandboxStats {
    return { ...this.stats, byRoute: { ...this.stats.byRoute }, byStatus: { ...this.stats.byStatus } };
  }

  /** Zeroes the counters; registrations and everything else the sandbox holds stay. */
  reset(): void {
    this.stats = StatsCounter.zero();
    this.registrationsByIdentity = new Map();
  }

  request(): void {
    this.stats.requests++;
  }

  route(key: string): void {
    this.stats.byRoute[key] = (this.stats.byRoute[key] ?? 0) + 1;
  }

  status(status: number): void {
    this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
  }

  batch(items: number): void {
    this.stats.batches++;
    this.stats.batchItems += items;
  }

  rateLimited(): void {
    this.stats.rateLimited++;
  }

  authFailure(): void {
    this.stats.authFailures++;
  }

  registration(identity: string): void {
    const count = (this.registrationsByIdentity.get(identity) ?? 0) + 1;
    this.registrationsByIdentity.set(identity, count);
    this.stats.registrations++;
    this.stats.maxRegistrationsPerOrganization = Math.max(this.stats.maxRegistrationsPerOrganization, count);
  }
}
