/**
 * The settings the engine follows, and what follows from them: the client for the current service and
 * key, the cache's scope, the refusal of a key (kept as the dispatcher's hold, read here), and readiness
 * (calls wait until the settings and the cache are loaded).
 */
import { ClimateClient, type FetchLike } from '../service/client';
import type { Settings, SettingsStore } from '../settings/settings';
import type { Dispatcher } from './sending/dispatcher';
import { cancelledError, type EngineError, missingKeyError, shuttingDownError } from './errors';
import type { CallContext } from './types';
import { keyFingerprint } from './flow/keyFingerprint';
import type { KeyMemory } from './flow/keyMemory';
import type { AimdLimiter } from './flow/limiter';
import type { RecordCache } from './cache/recordCache';

/** Longest single HTTP request; the per-call deadline bounds the whole, retries included. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface LifecycleParts {
  settings: SettingsStore;
  fetch?: FetchLike;
  limiter: AimdLimiter;
  dispatcher: Dispatcher;
  cache: RecordCache;
  keys: KeyMemory;
  /** Another service or key: polling of profiles resumes. */
  onKeyChanged(): void;
  /** Another service, or project or key for private figures: nothing learnt from the old one may be served. */
  onScopeSwitched(): void;
  /** The cache for the current scope is loaded (its pending profiles can be watched again). */
  onCacheLoaded(): void;
}

/**
 * Records of one service, and for private figures one project read with one key, are never served for
 * another: two keys typed without a saved project are two scopes. The scope is written with the cache,
 * so it holds the key's fingerprint, never the key; where there is no fingerprint, private figures get
 * a scope of this runtime alone (nothing persisted under it is ever read again).
 */
async function scopeOf(settings: Settings): Promise<string> {
  if (!settings.privatePerformances) return settings.baseUrl;
  const project = settings.project?.id ?? settings.project?.name ?? '';
  const key = settings.apiKey ? await keyFingerprint(settings.baseUrl, settings.apiKey).catch(() => null) : 'none';
  return `${settings.baseUrl} private:${project} key:${key ?? `unhashed-${(unhashedScopes += 1)}-${Math.random()}`}`;
}
let unhashedScopes = 0;

/** Whether two settings read from the same scope (scopeOf's inputs, compared as they are). */
function sameScope(a: Settings, b: Settings): boolean {
  if (a.baseUrl !== b.baseUrl || a.privatePerformances !== b.privatePerformances) return false;
  if (!a.privatePerformances) return true;
  return (a.project?.id ?? a.project?.name) === (b.project?.id ?? b.project?.name) && a.apiKey === b.apiKey;
}

export class EngineLifecycle {
  /** The settings in force. */
  applied: Settings;
  /**
   * Bumped when the cache's scope changes: answers to older requests are then not cached. Not the key
   * probe's generation (sending/keyProbe.ts), which follows the key: a new key for the same service's
   * public figures keeps the scope, and turning private performances on keeps the key.
   */
  generation = 0;
  private client: ClimateClient | null = null;
  /** Settings being applied or the cache loading; null once calls need not wait. */
  private loading: Promise<void> | null = null;
  /** The first settings are applied: later changes are applied as they come. */
  private started = false;
  private unsubscribe: () => void = () => undefined;

  constructor(private readonly parts: LifecycleParts) {
    this.applied = parts.settings.current();
  }

  start(): void {
    const { settings } = this.parts;
    this.waitFor(
      settings.loaded().then(
        (loaded) => this.applyLoaded(loaded),
        () => this.applyLoaded(settings.current()),
      ),
    );
    // Changes heard before the first load is applied are part of that load.
    this.unsubscribe = settings.subscribe((next) => {
      if (this.started) void this.applyChange(next);
    });
  }

  /** Settings, the key's memory and the cache are loaded: a call need not wait. */
  get loaded(): boolean {
    return this.loading === null;
  }

  /** Resolves once settings, the key's memory and the cache are loaded. */
  ready(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** Runs `ask` once settings and cache are loaded (at once when they are); a throw is a rejection. */
  whenReady<T>(ask: () => Promise<T>): Promise<T> {
    if (this.loading) return this.loading.then(ask);
    try {
      return ask();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** What fails a call before anything is asked of the service. */
  refuse(ctx: CallContext | undefined): EngineError | null {
    const hold = this.parts.dispatcher.held;
    if (hold?.reason === 'disposed') return hold.error;
    if (ctx?.signal?.aborted) return cancelledError();
    if (hold) return hold.error;
    if (!this.applied.apiKey) return missingKeyError(this.parts.settings.keyProblem());
    return null;
  }

  currentClient(): ClimateClient {
    this.client ??= new ClimateClient({
      baseUrl: this.applied.baseUrl,
      apiKey: this.applied.apiKey,
      fetch: this.parts.fetch,
      timeoutMs: Math.min(REQUEST_TIMEOUT_MS, this.applied.deadlineMs),
    });
    return this.client;
  }

  /**
   * The service refused the key: every call fails with `error` until the key or service changes, or
   * a refresh tries it again (`retryRefusedKey`). False when it was refused already.
   */
  blockAuth(error: EngineError): boolean {
    if (this.parts.dispatcher.held) return false;
    this.parts.dispatcher.block(error);
    return true;
  }

  /**
   * A refresh asks the service again, and so it may ask about a key it refused (restored since, or
   * refused by mistake): the hold is lifted and the key checked once more, at once when nothing waits
   * (so the pane hears the verdict even without a cell asking). False when nothing was held.
   */
  retryRefusedKey(): boolean {
    if (this.parts.dispatcher.held?.reason !== 'refused-key') return false;
    void this.keyChanged(this.applied, true);
    return true;
  }

  /** Stops following the settings and sending for good; false when already disposed. */
  dispose(): boolean {
    if (this.parts.dispatcher.held?.reason === 'disposed') return false;
    this.parts.dispatcher.dispose(shuttingDownError());
    this.unsubscribe();
    return true;
  }

  /** The settings first loaded: a new client, the key's memory recalled, the cache loaded for their scope. */
  private async applyLoaded(loaded: Settings): Promise<void> {
    this.applied = loaded;
    this.started = true;
    this.parts.limiter.setCap(loaded.maxConcurrency);
    this.client = null;
    // Calls wait for the key's memory too (a hash and one storage read, beside the cache's load): what
    // they may send depends on it, and waiting here, not behind a timer, keeps that independent of time.
    await Promise.all([this.keyChanged(loaded), this.loadCache(loaded)]);
  }

  /** A change after the first load: only what it touches starts again. */
  private async applyChange(next: Settings): Promise<void> {
    const previous = this.applied;
    this.applied = next;
    this.parts.limiter.setCap(next.maxConcurrency);
    const otherKey = previous.baseUrl !== next.baseUrl || previous.apiKey !== next.apiKey;
    if (otherKey || previous.deadlineMs !== next.deadlineMs) this.client = null;
    if (otherKey) void this.keyChanged(next, true);
    if (!sameScope(previous, next)) {
      this.generation += 1;
      this.parts.onScopeSwitched();
      const load = this.loadCache(next);
      this.waitFor(this.ready().then(() => load));
      await load;
    }
  }

  private async loadCache(settings: Settings): Promise<void> {
    const scope = await scopeOf(settings);
    if (!sameScope(settings, this.applied)) return; // switched again while hashing: that switch loads its own
    await this.parts.cache.load(scope, settings.cacheTtlMs);
    this.parts.onCacheLoaded();
  }

  /**
   * A key (or service) not yet refused: calls go out again, with what is remembered of the key.
   * `checkNow`: a key saved while the runtime runs, or one a refresh tries again: checked at once if
   * it is not known to work and nothing waits to be sent (dispatcher.ts).
   */
  private keyChanged(next: Settings, checkNow = false): Promise<void> {
    const recalled = this.parts.dispatcher.keyChanged(this.parts.keys.forKey(next.baseUrl, next.apiKey), checkNow);
    this.parts.onKeyChanged();
    return recalled;
  }

  private waitFor(loading: Promise<void>): void {
    const ready: Promise<void> = loading.then(() => {
      if (this.loading === ready) this.loading = null;
    });
    this.loading = ready;
  }
}
