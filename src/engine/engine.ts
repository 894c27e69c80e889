/**
 * The request engine: every organization a workbook asks about, and every other GET, goes through one
 * queue per runtime. Calls are identified (identity.ts), answered from the cache (recordCache.ts) when
 * a final record is there, joined to a request already under way (flight.ts), or queued for the next
 * `POST /batch` (dispatcher.ts, paced by limiter.ts). Records still being profiled are watched
 * (profiling.ts) until final. Every call settles: a value, a clear EngineError, or its deadline.
 *
 * The service is reached only through ClimateClient.batch, with a client built from the current
 * settings, so the same code runs in the add-in's browser runtime and in Node.
 */
import { ClimateClient, type FetchLike } from '../service/client';
import { decodeOrganization } from '../service/records';
import type { BatchRequestItem, BatchResponseItem, OrganizationRecord, OrganizationRequest } from '../service/types';
import type { Settings, SettingsStore } from '../settings/settings';
import type { KeyValueStorage } from '../settings/storage';
import { Dispatcher, type Task } from './dispatcher';
import {
  authError,
  cancelledError,
  ENGINE_ERROR_KINDS,
  engineErrorFrom,
  registrationErrorFrom,
  EngineError,
  missingKeyError,
  type EngineErrorKind,
} from './errors';
import { Flight, type CallContext } from './flight';
import { identify, type Identity, type OrganizationQuery } from './identity';
import { KeyMemory } from './keyMemory';
import { AimdLimiter } from './limiter';
import { ProfileWatch, type Profile } from './profiling';
import { createRecordCache } from './cacheStore';
import type { RecordCache } from './recordCache';

export type OrganizationOutcome =
  | { state: 'ready'; record: OrganizationRecord }
  | { state: 'pending'; record: OrganizationRecord };

export interface EngineStats {
  /** Calls of `organization` and `get`. */
  calls: number;
  /** Calls answered from the cache. */
  cacheHits: number;
  /** Calls that joined a request already queued or under way. */
  joined: number;
  /** HTTP requests sent to the service (each is one `POST /batch`). */
  requests: number;
  batches: number;
  /** Items sent inside batches, retries included. */
  items: number;
  retries: number;
  /** Times the whole queue paused for a 429. */
  rateLimitWaits: number;
  pendingProfiles: number;
  /** Batches in flight. */
  inFlight: number;
  /** Requests waiting to be sent or retried. */
  queued: number;
  /** Records in the cache. */
  cached: number;
  errors: Record<EngineErrorKind, number>;
  /** Current limit of batches in flight. */
  concurrency: number;
}

export type EngineEvent =
  | { type: 'stats'; stats: EngineStats }
  | { type: 'settled'; ok: boolean; error?: EngineErrorKind }
  | { type: 'profiled'; ids: number[]; addresses: string[] }
  | { type: 'auth-failed'; message: string };

export interface Engine {
  organization(query: OrganizationQuery, ctx?: CallContext): Promise<OrganizationOutcome>;
  /** Any GET of the service (industries, SBTi, recommended actions) through the same queue; 2xx only. */
  get(url: string, ctx?: CallContext): Promise<BatchResponseItem>;
  /** Forgets cached records and remembered failures (all, or those of `queries`) so the next calls ask again. */
  refresh(scope?: { queries?: OrganizationQuery[] }): Promise<void>;
  stats(): EngineStats;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /** Writes the cache to storage now (it is otherwise written a second after changes). */
  flush(): Promise<void>;
  /** Settles every waiting call (cancelled), stops polling and writes the cache. */
  dispose(): void;
}

export interface EngineDeps {
  settings: SettingsStore;
  /** Recalculates the given cells (Office: range.calculate). */
  recalculate?: (addresses: string[]) => Promise<void>;
  fetch?: FetchLike;
  now?: () => number;
  /** Where the cache persists; default: the settings' storage. */
  storage?: KeyValueStorage;
  /** For jitter; tests fix it. */
  random?: () => number;
}

/** Longest single HTTP request; the per-call deadline bounds the whole, retries included. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Cells whose profiles end close together are recalculated together. */
const RECALC_GATHER_MS = 50;
const STATS_EVENT_MS = 100;
const SETTLED_OK: EngineEvent = Object.freeze({ type: 'settled', ok: true });
/** Remembered until a refresh: asking again would get the same answer. */
const LASTING_FAILURES: readonly EngineErrorKind[] = ['invalid', 'not-found'];

export function createEngine(deps: EngineDeps): Engine {
  return new RequestEngine(deps);
}

/** A record with no status is treated as final: there is nothing to wait for. */
function isFinal(record: OrganizationRecord): boolean {
  return record.status === null || record.status === 'synced' || record.status === 'errored';
}

function outcomeOf(record: OrganizationRecord): OrganizationOutcome | EngineError {
  if (record.status === 'errored') {
    const name = record.name ?? record.matching_organization?.name ?? `organization ${record.id}`;
    return new EngineError('errored', `The service could not build a climate profile for ${name}.`);
  }
  return { state: isFinal(record) ? 'ready' : 'pending', record };
}

/** Records of one service, and for private figures one project, are never served for another. */
function scopeOf(settings: Settings): string {
  const project = settings.project?.id ?? settings.project?.name ?? '';
  return settings.privatePerformances ? `${settings.baseUrl} private:${project}` : settings.baseUrl;
}

function recordUrl(id: number, privateFigures: boolean): string {
  return `/organizations/${id}${privateFigures ? '/private' : ''}`;
}

class RequestEngine implements Engine {
  private readonly settings: SettingsStore;
  private readonly now: () => number;
  private readonly limiter: AimdLimiter;
  private readonly dispatcher: Dispatcher;
  private readonly cache: RecordCache;
  private readonly keys: KeyMemory;
  private readonly profiles: ProfileWatch;
  private readonly flights = new Map<string, Flight<OrganizationOutcome>>();
  private readonly getFlights = new Map<string, Flight<BatchResponseItem>>();
  /** Failures a second request would repeat (422, 404), kept until a refresh or a change of service. */
  private readonly failures = new Map<string, EngineError>();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly counters = { calls: 0, cacheHits: 0, joined: 0 };
  private readonly errors = Object.fromEntries(ENGINE_ERROR_KINDS.map((kind) => [kind, 0])) as Record<EngineErrorKind, number>;
  private applied: Settings;
  private client: ClimateClient | null = null;
  private authFailure: EngineError | null = null;
  /** Bumped when the scope changes: answers to older requests are then not cached. */
  private generation = 0;
  /** Settings applied and the cache loaded; calls wait for it, and skip the wait once it is done. */
  private ready: Promise<void> = Promise.resolve();
  private isReady = false;
  private readyGeneration = 0;
  private readonly unsubscribe: () => void;
  private recalcAddresses = new Set<string>();
  private recalcIds: number[] = [];
  private recalcTimer: ReturnType<typeof setTimeout> | null = null;
  private statsTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private disposed = false;

  constructor(private readonly deps: EngineDeps) {
    this.settings = deps.settings;
    this.now = deps.now ?? (() => Date.now());
    this.applied = this.settings.current();
    this.limiter = new AimdLimiter(this.applied.maxConcurrency, this.now);
    this.dispatcher = new Dispatcher(
      {
        send: (items, signal) => this.currentClient().batch(items, { signal }),
        maxBatch: () => this.applied.maxBatch,
        onAuthFailure: (error) => this.blockAuth(authError(error.message)),
        onActivity: () => this.statsChanged(),
      },
      this.limiter,
      this.now,
      deps.random ?? Math.random,
    );
    this.keys = new KeyMemory(this.settings.storage);
    this.cache = createRecordCache(deps.storage, this.settings.storage, this.now).cache;
    this.profiles = new ProfileWatch((profile) => this.poll(profile));
    this.waitFor(
      this.settings.loaded().then(
        (settings) => this.apply(settings, true),
        () => this.apply(this.settings.current(), true),
      ),
    );
    // Changes heard before the first load is applied are part of that load.
    this.unsubscribe = this.settings.subscribe((settings) => {
      if (this.started) void this.apply(settings, false);
    });
  }

  // Thousands of cells wait here at once: the call path is plain promises, not layers of async
  // functions, so that each waiting cell holds as little as possible.
  organization(query: OrganizationQuery, ctx?: CallContext): Promise<OrganizationOutcome> {
    return this.settle(this.whenReady(() => this.askOrganization(identify(query), ctx)));
  }

  get(url: string, ctx?: CallContext): Promise<BatchResponseItem> {
    return this.settle(this.whenReady(() => this.askGet(url, ctx)));
  }

  async refresh(scope?: { queries?: OrganizationQuery[] }): Promise<void> {
    await this.ready;
    if (scope?.queries === undefined) {
      this.cache.clear();
      this.failures.clear();
    } else {
      for (const query of scope.queries) {
        let key: string;
        try {
          key = identify(query).key;
        } catch {
          continue; // a query that names nothing has nothing cached
        }
        this.cache.delete(key);
        this.failures.delete(key);
      }
    }
    this.statsChanged();
  }

  stats(): EngineStats {
    const sent = this.dispatcher.counters;
    return {
      ...this.counters,
      requests: sent.batches,
      batches: sent.batches,
      items: sent.items,
      retries: sent.retries,
      rateLimitWaits: sent.rateLimitWaits,
      pendingProfiles: this.profiles.size,
      inFlight: this.limiter.inFlight,
      queued: this.dispatcher.waiting,
      cached: this.cache.size,
      errors: { ...this.errors },
      concurrency: this.limiter.limit,
    };
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async flush(): Promise<void> {
    await this.ready;
    await this.cache.save();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unsubscribe();
    this.dispatcher.dispose(new EngineError('cancelled', 'The add-in is shutting down.'));
    this.profiles.clear();
    if (this.recalcTimer) clearTimeout(this.recalcTimer);
    if (this.statsTimer) clearTimeout(this.statsTimer);
    void this.ready.then(() => this.cache.save());
  }

  // --- calls -------------------------------------------------------------------------------------

  /** Counts and reports how a call ended; every rejection is an EngineError. */
  private settle<T>(answer: Promise<T>): Promise<T> {
    this.counters.calls += 1;
    return answer.then(
      (value) => {
        this.emit(SETTLED_OK);
        this.statsChanged();
        return value;
      },
      (error: unknown) => {
        const failure = engineErrorFrom(error, 1);
        this.errors[failure.kind] += 1;
        this.emit({ type: 'settled', ok: false, error: failure.kind });
        this.statsChanged();
        throw failure;
      },
    );
  }

  /** Runs `ask` once settings and cache are loaded (at once when they are); a throw is a rejection. */
  private whenReady<T>(ask: () => Promise<T>): Promise<T> {
    if (!this.isReady) return this.ready.then(ask);
    try {
      return ask();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** What fails a call before anything is asked of the service. */
  private refuse(ctx: CallContext | undefined): EngineError | null {
    if (this.disposed) return new EngineError('cancelled', 'The add-in is shutting down.');
    if (ctx?.signal?.aborted) return cancelledError();
    if (this.authFailure) return this.authFailure;
    if (!this.applied.apiKey) return missingKeyError();
    return null;
  }

  /** Throws what fails the call at once; otherwise the cache's answer or a place in a flight. */
  private askOrganization({ key, request }: Identity, ctx: CallContext | undefined): Promise<OrganizationOutcome> {
    const refusal = this.refuse(ctx);
    if (refusal) throw refusal;
    const { cacheTtlMs, deadlineMs } = this.applied;

    const cached = cacheTtlMs > 0 ? this.cache.get(key, cacheTtlMs) : null;
    if (cached) {
      this.counters.cacheHits += 1;
      const outcome = outcomeOf(cached);
      if (outcome instanceof EngineError) throw outcome;
      return Promise.resolve(outcome);
    }
    const failure = this.failures.get(key);
    if (failure) throw failure;
    const profile = this.profiles.find(key);
    if (profile) {
      if (ctx?.address) profile.addresses.add(ctx.address);
      return Promise.resolve({ state: 'pending', record: profile.record });
    }
    const running = this.flights.get(key);
    if (running) {
      this.counters.joined += 1;
      return running.join(ctx, deadlineMs);
    }
    const { flight, first } = this.startOrganization(key, request);
    const answer = flight.join(ctx, deadlineMs);
    this.dispatcher.submit(first);
    return answer;
  }

  /**
   * One registration request (and, for private figures, the read of the private record that follows),
   * shared by every call with the same key until it ends.
   */
  private startOrganization(key: string, request: OrganizationRequest): { flight: Flight<OrganizationOutcome>; first: Task } {
    const generation = this.generation;
    const privateFigures = this.applied.privatePerformances;
    const forget = (): void => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    const wanted = (): boolean => flight.waiting > 0;
    const done = (record: OrganizationRecord): void => {
      forget();
      this.recordArrived(key, flight, record, generation);
    };
    const failed = (error: EngineError): void => {
      forget();
      if (LASTING_FAILURES.includes(error.kind) && generation === this.generation) this.failures.set(key, error);
      flight.reject(error);
    };
    const flight: Flight<OrganizationOutcome> = new Flight(() => {
      if (this.dispatcher.withdraw(current)) forget();
    }, this.now);
    let current: Task = this.recordTask(
      { url: '/organizations', method: 'POST', body: request },
      wanted,
      (registered) => {
        if (!privateFigures) return done(registered);
        current = this.recordTask({ url: recordUrl(registered.id, true), method: 'GET' }, wanted, done, failed, forget);
        this.dispatcher.submit(current);
      },
      failed,
      forget,
    );
    this.flights.set(key, flight);
    return { flight, first: current };
  }

  private recordArrived(key: string, flight: Flight<OrganizationOutcome>, record: OrganizationRecord, generation: number): void {
    if (generation === this.generation) {
      if (!isFinal(record)) this.profiles.watch(key, record, flight.addresses);
      else if (this.applied.cacheTtlMs > 0) this.cache.set(key, record);
    }
    const outcome = outcomeOf(record);
    if (outcome instanceof EngineError) flight.reject(outcome);
    else flight.resolve(outcome);
  }

  /** A task whose 2xx answer is an organization record; an undecodable one is retried. */
  private recordTask(
    item: BatchRequestItem,
    wanted: () => boolean,
    onRecord: (record: OrganizationRecord) => void,
    onError: (error: EngineError) => void,
    onDropped: () => void,
  ): Task {
    return {
      item,
      attempts: 0,
      wanted,
      accept: (answer) => {
        let record: OrganizationRecord;
        try {
          record = decodeOrganization(answer.body);
        } catch {
          return false;
        }
        onRecord(record);
        return true;
      },
      fail: (error, attempts) =>
        onError(item.method === 'POST' ? registrationErrorFrom(error, attempts) : engineErrorFrom(error, attempts)),
      dropped: onDropped,
    };
  }

  private askGet(url: string, ctx: CallContext | undefined): Promise<BatchResponseItem> {
    const path = this.servicePath(url);
    const refusal = this.refuse(ctx);
    if (refusal) throw refusal;
    const running = this.getFlights.get(path);
    if (running) {
      this.counters.joined += 1;
      return running.join(ctx, this.applied.deadlineMs);
    }
    const forget = (): void => {
      if (this.getFlights.get(path) === flight) this.getFlights.delete(path);
    };
    const task: Task = {
      item: { url: path, method: 'GET' },
      attempts: 0,
      wanted: () => flight.waiting > 0,
      accept: (answer) => {
        forget();
        flight.resolve(answer);
        return true;
      },
      fail: (error, attempts) => {
        forget();
        flight.reject(engineErrorFrom(error, attempts));
      },
      dropped: forget,
    };
    const flight: Flight<BatchResponseItem> = new Flight(() => {
      if (this.dispatcher.withdraw(task)) forget();
    }, this.now);
    this.getFlights.set(path, flight);
    const answer = flight.join(ctx, this.applied.deadlineMs);
    this.dispatcher.submit(task);
    return answer;
  }

  /** A path of the service (`/industries?page=2`); an absolute URL is accepted only under the base URL. */
  private servicePath(url: string): string {
    if (url.startsWith('/') && !url.startsWith('//')) return url;
    const base = this.applied.baseUrl;
    if (url.startsWith(`${base}/`)) return url.slice(base.length);
    throw new EngineError('invalid', `Only addresses of the climate service at ${base} can be read.`);
  }

  // --- profiling ---------------------------------------------------------------------------------

  private poll(profile: Profile): void {
    const generation = this.generation;
    const task = this.recordTask(
      { url: recordUrl(profile.id, this.applied.privatePerformances), method: 'GET' },
      () => this.profiles.isWatched(profile),
      (record) => {
        if (generation !== this.generation || !this.profiles.isWatched(profile)) return;
        if (!isFinal(record)) return this.profiles.update(profile, record);
        this.profiles.finish(profile);
        if (this.applied.cacheTtlMs > 0) for (const key of profile.keys) this.cache.set(key, record);
        this.recalculateLater(profile);
      },
      (error) => {
        if (error.kind === 'auth') return; // resumed when the settings change
        if (error.kind !== 'not-found') return this.profiles.reschedule(profile);
        this.profiles.finish(profile); // gone at the service: the cells ask again from scratch
        this.recalculateLater(profile);
      },
      () => undefined,
    );
    this.dispatcher.submit(task);
  }

  private recalculateLater(profile: Profile): void {
    for (const address of profile.addresses) this.recalcAddresses.add(address);
    this.recalcIds.push(profile.id);
    this.recalcTimer ??= setTimeout(() => {
      this.recalcTimer = null;
      const addresses = [...this.recalcAddresses];
      const ids = this.recalcIds;
      this.recalcAddresses = new Set();
      this.recalcIds = [];
      this.emit({ type: 'profiled', ids, addresses });
      this.statsChanged();
      if (addresses.length > 0 && this.deps.recalculate) {
        this.deps.recalculate(addresses).catch(() => undefined); // a closed workbook has no cells to update
      }
    }, RECALC_GATHER_MS);
  }

  // --- settings and auth -------------------------------------------------------------------------

  private currentClient(): ClimateClient {
    this.client ??= new ClimateClient({
      baseUrl: this.applied.baseUrl,
      apiKey: this.applied.apiKey,
      fetch: this.deps.fetch,
      timeoutMs: Math.min(REQUEST_TIMEOUT_MS, this.applied.deadlineMs),
    });
    return this.client;
  }

  private async apply(next: Settings, first: boolean): Promise<void> {
    const previous = this.applied;
    this.applied = next;
    this.started = true;
    this.limiter.setCap(next.maxConcurrency);
    if (first || previous.baseUrl !== next.baseUrl || previous.apiKey !== next.apiKey || previous.deadlineMs !== next.deadlineMs) {
      this.client = null;
    }
    if (first || previous.baseUrl !== next.baseUrl || previous.apiKey !== next.apiKey) {
      this.authFailure = null;
      void this.dispatcher.keyChanged(this.keys.forKey(next.baseUrl, next.apiKey)); // no call waits for it
      this.profiles.resume();
    }
    if (first) return this.cache.load(scopeOf(next), next.cacheTtlMs);
    if (scopeOf(previous) !== scopeOf(next)) {
      this.switchScope();
      const load = this.cache.load(scopeOf(next), next.cacheTtlMs);
      this.waitFor(this.ready.then(() => load));
      await load;
    }
  }

  private waitFor(loading: Promise<void>): void {
    const generation = ++this.readyGeneration;
    this.isReady = false;
    this.ready = loading.then(() => {
      if (generation === this.readyGeneration) this.isReady = true;
    });
  }

  /** Another service or project: nothing learnt from the old one is served, waiting cells ask again. */
  private switchScope(): void {
    this.generation += 1;
    this.failures.clear();
    this.flights.clear();
    this.getFlights.clear();
    const addresses = this.profiles.clear();
    if (addresses.length > 0 && this.deps.recalculate) this.deps.recalculate(addresses).catch(() => undefined);
  }

  private blockAuth(error: EngineError): void {
    if (this.authFailure) return;
    this.authFailure = error;
    this.dispatcher.block(error);
    this.emit({ type: 'auth-failed', message: error.message });
  }

  // --- events ------------------------------------------------------------------------------------

  private emit(event: EngineEvent): void {
    if (this.listeners.size === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure is its own; the engine carries on
      }
    }
  }

  /** At most one stats event per STATS_EVENT_MS, carrying the latest counts. */
  private statsChanged(): void {
    if (this.statsTimer || this.listeners.size === 0 || this.disposed) return;
    this.statsTimer = setTimeout(() => {
      this.statsTimer = null;
      this.emit({ type: 'stats', stats: this.stats() });
    }, STATS_EVENT_MS);
  }
}
