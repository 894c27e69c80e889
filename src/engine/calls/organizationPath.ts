/**
 * The organization path: a call is answered by the cache, a remembered failure or a profile still being
 * built; otherwise it joins the one registration request for its key (for private figures followed by
 * the read of the private record).
 */
import type { OrganizationRecord, OrganizationRequest } from '../../service/types';
import type { Dispatcher } from '../sending/dispatcher';
import type { Task } from '../sending/task';
import { EngineError } from '../errors';
import type { Flight } from './flight';
import { FlightTable, type FlightStart } from './flightTable';
import { identify, type Identity } from './identity';
import type { EngineLifecycle } from '../lifecycle';
import type { ProfileWatch } from '../profiling/profileWatch';
import type { RecordCache } from '../cache/recordCache';
import { isFinal } from '../cache/recordCache';
import { outcomeOf, readTask, registrationTask } from '../sending/recordTask';
import type { CallContext, EngineErrorKind, OrganizationOutcome, OrganizationQuery } from '../types';

/** Remembered until a refresh: asking again would get the same answer. */
const LASTING_FAILURES: readonly EngineErrorKind[] = ['invalid', 'not-found'];

export interface OrganizationParts {
  lifecycle: EngineLifecycle;
  dispatcher: Dispatcher;
  cache: RecordCache;
  profiles: ProfileWatch;
  now: () => number;
  counters: { cacheHits: number; joined: number };
}

export class OrganizationPath {
  /** Failures a second request would repeat (422, 404), kept until a refresh or a change of service. */
  private readonly failures = new Map<string, EngineError>();
  private readonly flights: FlightTable<OrganizationOutcome>;
  /** What each key asked for in this session (cells, the pane): what Refresh all asks for again. */
  private readonly asked = new Map<string, OrganizationRequest>();
  /** `asked`'s size at which it is pruned (`remember`). */
  private pruneAt: number;

  constructor(private readonly parts: OrganizationParts) {
    this.flights = new FlightTable(parts.dispatcher, parts.now, () => (parts.counters.joined += 1));
    this.pruneAt = 2 * parts.cache.capacity;
  }

  /** Throws what fails the call at once (a refusal, a cached or remembered failure); otherwise the cache's answer, the profile followed, or a place in a flight. */
  ask({ key, request }: Identity, ctx: CallContext | undefined): Promise<OrganizationOutcome> {
    const { lifecycle, cache, counters } = this.parts;
    const refusal = lifecycle.refuse(ctx);
    if (refusal) throw refusal;
    const { cacheTtlMs, deadlineMs } = lifecycle.applied;
    this.remember(key, request);

    const cached = cacheTtlMs > 0 ? cache.entry(key, cacheTtlMs) : null;
    if (cached) {
      counters.cacheHits += 1;
      const outcome = outcomeOf(cached.record, cached.fetchedAt);
      if (outcome instanceof EngineError) throw outcome;
      return Promise.resolve(outcome);
    }
    const failure = this.failures.get(key);
    if (failure) throw failure;
    return (
      this.followed(key, ctx?.address) ??
      this.flights.join(key, ctx, deadlineMs, (begun) => this.register(key, request, begun))
    );
  }

  /** A final record from the cache that is not a failure, counted as a hit; null when the call must be asked. */
  cached({ key, request }: Identity): OrganizationOutcome | null {
    const { cacheTtlMs } = this.parts.lifecycle.applied;
    const entry = cacheTtlMs > 0 ? this.parts.cache.entry(key, cacheTtlMs) : null;
    const outcome = entry === null ? null : outcomeOf(entry.record, entry.fetchedAt);
    if (outcome === null || outcome instanceof EngineError) return null; // `ask` follows, and remembers it
    this.remember(key, request);
    this.parts.counters.cacheHits += 1;
    return outcome;
  }

  /**
   * The identities a refresh asks for again: those of `queries`, or every one asked for this session.
   * A refresh of all also forgets records and failures no call asked for this session, so that whatever
   * asks for them later asks the service.
   */
  refreshed(queries?: OrganizationQuery[]): Identity[] {
    if (queries !== undefined) {
      return queries.flatMap((query) => {
        try {
          const { key, request } = identify(query);
          return [{ key, request: this.asked.get(key) ?? request }]; // sent as the cells sent it
        } catch {
          return []; // a query that names nothing has nothing cached
        }
      });
    }
    this.parts.cache.retain(this.asked);
    this.failures.clear();
    return [...this.asked].map(([key, request]) => ({ key, request }));
  }

  /**
   * Asks the service again for one organization, whatever the cache holds, joining the request under
   * way for it (one registration, one answer). The cached record stays until a newer one arrives: when
   * the service cannot answer now, the cells keep the values it gave before. An answer that the
   * organization is unknown or unreadable (404, 422) drops it.
   */
  refetch({ key, request }: Identity): Promise<OrganizationOutcome> {
    const { lifecycle, cache } = this.parts;
    const refusal = lifecycle.refuse(undefined);
    if (refusal) return Promise.reject(refusal);
    this.failures.delete(key);
    const generation = lifecycle.generation;
    const answer =
      this.followed(key) ??
      this.flights.join(key, undefined, lifecycle.applied.deadlineMs, (begun) => this.register(key, request, begun));
    return answer.catch((error: unknown) => {
      // after a change of project or service the cache holds the other scope's record: it stays
      const lasting = error instanceof EngineError && LASTING_FAILURES.includes(error.kind);
      if (lasting && generation === lifecycle.generation) cache.delete(key);
      throw error;
    });
  }

  /**
   * The record of a profile being followed (profilePolling.ts) for `key`, and its cell followed too: one
   * registration per organization, whoever asks while the service builds its profile.
   */
  private followed(key: string, address?: string): Promise<OrganizationOutcome> | null {
    const profile = this.parts.profiles.find(key);
    if (!profile) return null;
    if (address) profile.addresses.add(address);
    const outcome = outcomeOf(profile.record, this.parts.now());
    return outcome instanceof EngineError ? Promise.reject(outcome) : Promise.resolve(outcome);
  }

  /**
   * Past twice what the cache holds, `asked` keeps only keys with a cached record or a remembered
   * failure: the others (evicted, expired, failed for now) are asked for again by the cells that Refresh
   * all recalculates, so it stays as large as the cache, not as every key seen.
   */
  private remember(key: string, request: OrganizationRequest): void {
    if (this.asked.size >= this.pruneAt && !this.asked.has(key)) {
      for (const known of this.asked.keys())
        if (!this.parts.cache.has(known) && !this.failures.has(known)) this.asked.delete(known);
      this.pruneAt = Math.max(2 * this.parts.cache.capacity, 2 * this.asked.size);
    }
    this.asked.set(key, request);
  }

  /** Another scope: remembered failures and running flights belong to the old one. */
  switchScope(): void {
    this.failures.clear();
    this.asked.clear();
    this.flights.clear();
  }

  /**
   * One registration request (and, for private figures, the read of the private record that follows),
   * shared by every call with the same key until it ends.
   */
  private register(key: string, request: OrganizationRequest, begun: FlightStart<OrganizationOutcome>): Task {
    const { lifecycle } = this.parts;
    const { flight, forget, follow } = begun;
    const generation = lifecycle.generation;
    const privateFigures = lifecycle.applied.privatePerformances;
    const wanted = (): boolean => flight.waiting > 0;
    const done = (record: OrganizationRecord): void => {
      forget();
      this.recordArrived(key, flight, record, generation);
    };
    const failed = (error: EngineError): void => {
      forget();
      if (LASTING_FAILURES.includes(error.kind) && generation === lifecycle.generation) this.failures.set(key, error);
      flight.reject(error);
    };
    const registered = (record: OrganizationRecord): void => {
      if (!privateFigures) return done(record);
      follow(readTask(record.id, true, { wanted, onRecord: done, onError: failed, onDropped: forget }));
    };
    return registrationTask(request, { wanted, onRecord: registered, onError: failed, onDropped: forget });
  }

  private recordArrived(
    key: string,
    flight: Flight<OrganizationOutcome>,
    record: OrganizationRecord,
    generation: number,
  ): void {
    const { lifecycle, cache, profiles } = this.parts;
    if (generation === lifecycle.generation) {
      if (!isFinal(record)) profiles.watch(key, record, flight.addresses);
      if (lifecycle.applied.cacheTtlMs > 0) cache.set(key, record); // a pending one, to watch after a reload
    }
    const outcome = outcomeOf(record, this.parts.now());
    if (outcome instanceof EngineError) flight.reject(outcome);
    else flight.resolve(outcome);
  }
}
