/**
 * The request engine's front: every organization a workbook asks about, and every other GET, goes
 * through one queue per runtime. Calls are identified (identity.ts), answered from the cache or joined
 * to a request under way (organizationPath.ts, getPath.ts, flightTable.ts), or queued for the next
 * `POST /batch` (dispatcher.ts, paced by limiter.ts). Profiles still being built are polled
 * (profilePolling.ts); the settings, scope and key are followed by lifecycle.ts; events.ts reports. Every
 * call settles: a value, a clear EngineError, or its deadline.
 *
 * The service is reached only through ClimateClient.batch, with a client built from the current
 * settings, so the same code runs in the add-in's browser runtime and in Node.
 */
import type { BatchResponseItem, OrganizationRecord } from '../service/types';
import { createRecordCache } from './cache/persistence';
import { Dispatcher } from './sending/dispatcher';
import { authError, engineErrorFrom } from './errors';
import { EngineEvents } from './events';
import { GetPath } from './calls/getPath';
import { identifierQuery, identify, type Identity } from './calls/identity';
import { KeyMemory } from './flow/keyMemory';
import { EngineLifecycle } from './lifecycle';
import { AimdLimiter } from './flow/limiter';
import { OrganizationPath } from './calls/organizationPath';
import { ProfilePolling } from './profiling/profilePolling';
import { toTheSecond, type RecordCache } from './cache/recordCache';
import { runRefresh } from './calls/refresh';
import {
  ENGINE_ERROR_KINDS,
  type CallContext,
  type Engine,
  type EngineDeps,
  type EngineErrorKind,
  type EngineEvent,
  type EngineStats,
  type OrganizationOutcome,
  type OrganizationQuery,
  type RefreshReport,
} from './types';

const SETTLED_OK: EngineEvent = Object.freeze({ type: 'settled', ok: true });

class RequestEngine implements Engine {
  private readonly limiter: AimdLimiter;
  private readonly dispatcher: Dispatcher;
  private readonly cache: RecordCache;
  private readonly events: EngineEvents;
  private readonly lifecycle: EngineLifecycle;
  private readonly polling: ProfilePolling;
  private readonly organizations: OrganizationPath;
  private readonly gets: GetPath;
  private readonly counters = { calls: 0, cacheHits: 0, joined: 0 };
  /** Identities of frozen queries (the functions' argument readings are): a sheet asks with the same ones again. */
  private readonly identities = new WeakMap<OrganizationQuery, Identity>();
  /** Someone asked (a cell, the pane): the profiles the cache holds pending are watched once it has loaded. */
  private inUse: boolean;
  private readonly errors = Object.fromEntries(ENGINE_ERROR_KINDS.map((kind) => [kind, 0])) as Record<
    EngineErrorKind,
    number
  >;

  constructor(deps: EngineDeps) {
    const { settings } = deps;
    const now = deps.now ?? (() => Date.now());
    this.inUse = deps.idle !== true;
    this.events = new EngineEvents(() => this.stats());
    this.limiter = new AimdLimiter(settings.current().maxConcurrency, now);
    this.dispatcher = new Dispatcher(
      {
        send: (items, signal, patience) => this.lifecycle.currentClient().batch(items, { signal, patience }),
        maxBatch: () => this.lifecycle.applied.maxBatch,
        onAuthFailure: (error) => {
          if (this.lifecycle.blockAuth(authError(error.message)))
            this.events.emit({ type: 'auth-failed', message: error.message });
        },
        onActivity: () => this.events.statsChanged(),
      },
      this.limiter,
      now,
      deps.random ?? Math.random,
    );
    this.cache = createRecordCache(
      deps.storage,
      settings.storage,
      now,
      (error) => this.events.emit({ type: 'storage-unanswered', message: error.message }),
      (key) => identifierQuery(key) !== null,
    ).cache;
    this.lifecycle = new EngineLifecycle({
      settings,
      fetch: deps.fetch,
      limiter: this.limiter,
      dispatcher: this.dispatcher,
      cache: this.cache,
      keys: new KeyMemory(settings.storage),
      onKeyChanged: () => this.polling.profiles.resume(),
      onScopeSwitched: () => {
        this.organizations.switchScope();
        this.gets.clear();
        this.polling.dropAll();
      },
      onCacheLoaded: () => {
        if (this.inUse) this.polling.watchStored();
      },
    });
    const { lifecycle, dispatcher, cache, events, counters } = this;
    this.polling = new ProfilePolling({ lifecycle, dispatcher, cache, events, recalculate: deps.recalculate });
    const profiles = this.polling.profiles;
    this.organizations = new OrganizationPath({ lifecycle, dispatcher, cache, profiles, now, counters });
    this.gets = new GetPath(lifecycle, dispatcher, now, () => (counters.joined += 1));
    lifecycle.start();
  }

  // Thousands of cells wait here at once: the call path is plain promises, not layers of async
  // functions, so that each waiting cell holds as little as possible.
  organization(query: OrganizationQuery, ctx?: CallContext): Promise<OrganizationOutcome> {
    return this.counted(this.lifecycle.whenReady(() => this.organizations.ask(this.identity(query), ctx)));
  }

  cached(query: OrganizationQuery): OrganizationOutcome | null {
    if (!this.lifecycle.loaded || this.lifecycle.refuse(undefined)) return null;
    let outcome: OrganizationOutcome | null;
    try {
      outcome = this.organizations.cached(this.identity(query));
    } catch {
      return null; // a query that names nothing: `organization` says why
    }
    if (outcome === null) return null;
    this.counters.calls += 1;
    this.events.emit(SETTLED_OK);
    this.events.statsChanged();
    return outcome;
  }

  heldIdentifier(id: number): OrganizationQuery | null {
    if (!this.lifecycle.loaded) return null;
    const key = this.cache.identifierKey(id);
    return key === null ? null : identifierQuery(key);
  }

  loading(): Promise<void> | null {
    return this.lifecycle.loaded ? null : this.lifecycle.ready();
  }

  get(url: string, ctx?: CallContext): Promise<BatchResponseItem> {
    return this.counted(this.lifecycle.whenReady(() => this.gets.ask(url, ctx)));
  }

  record(id: number, ctx?: CallContext): Promise<OrganizationRecord> {
    return this.counted(this.lifecycle.whenReady(() => this.gets.record(id, ctx)));
  }

  async refresh(scope?: { queries?: OrganizationQuery[] }): Promise<RefreshReport> {
    await this.lifecycle.ready();
    if (this.lifecycle.retryRefusedKey()) this.events.emit({ type: 'auth-retried' });
    const report = runRefresh(this.organizations.refreshed(scope?.queries), {
      requests: () => this.dispatcher.counters.batches,
      refetch: (identity) => this.organizations.refetch(identity),
      keptFrom: (key) => {
        // a refused key (or none) fails the cells before the cache is read
        const kept = this.lifecycle.refuse(undefined) ? null : this.cache.entry(key, this.lifecycle.applied.cacheTtlMs);
        return kept === null ? null : toTheSecond(kept.fetchedAt); // as its cells were told
      },
    });
    this.events.statsChanged();
    return report;
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
      pendingProfiles: this.polling.profiles.size,
      inFlight: this.limiter.inFlight,
      queued: this.dispatcher.waiting,
      cached: this.cache.size,
      errors: { ...this.errors },
      concurrency: this.limiter.limit,
    };
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  scopeGeneration(): number {
    return this.lifecycle.generation;
  }

  async flush(): Promise<void> {
    await this.lifecycle.ready();
    await this.cache.save();
  }

  use(): void {
    if (this.inUse) return;
    this.inUse = true;
    // Once loaded (at once when it is): the load may have ended just before. Watching twice changes nothing.
    void this.lifecycle.ready().then(() => {
      if (this.lifecycle.refuse(undefined)?.kind !== 'cancelled') this.polling.watchStored();
    });
  }

  dispose(): void {
    if (!this.lifecycle.dispose()) return;
    this.polling.dispose();
    this.events.stop();
    void this.lifecycle.ready().then(() => this.cache.save());
  }

  private identity(query: OrganizationQuery): Identity {
    if (!Object.isFrozen(query)) return identify(query);
    let identity = this.identities.get(query);
    if (identity === undefined) this.identities.set(query, (identity = identify(query)));
    return identity;
  }

  /** Counts and reports how a call ended; every rejection is an EngineError. */
  private counted<T>(answer: Promise<T>): Promise<T> {
    this.counters.calls += 1;
    return answer.then(
      (value) => {
        this.events.emit(SETTLED_OK);
        this.events.statsChanged();
        return value;
      },
      (error: unknown) => {
        const failure = engineErrorFrom(error, 1);
        this.errors[failure.kind] += 1;
        this.events.emit({ type: 'settled', ok: false, error: failure.kind });
        this.events.statsChanged();
        throw failure;
      },
    );
  }
}

export function createEngine(deps: EngineDeps): Engine {
  return new RequestEngine(deps);
}
