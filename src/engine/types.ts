/**
 * The engine's public types: what a call asks and returns, what it counts, what it reports, what it
 * needs. Nothing here imports the engine, so every room may use them without a cycle.
 */
import type { FetchLike } from '../service/client';
import type { BatchResponseItem, OrganizationRecord } from '../service/types';
import type { SettingsStore } from '../settings/settings';
import type { KeyValueStorage } from '../settings/storage';

/** How a call failed: one kind per thing a person can do about it (errors.ts words each one). */
export const ENGINE_ERROR_KINDS = [
  'auth',
  'not-found',
  'invalid',
  'rate-limit',
  'network',
  'server',
  'deadline',
  'errored',
  'cancelled',
  'malformed',
] as const;
export type EngineErrorKind = (typeof ENGINE_ERROR_KINDS)[number];

/** What a call asks about; calls whose queries normalize alike share one request (calls/identity.ts). */
export interface OrganizationQuery {
  name?: string;
  website?: string;
  hq_region?: string;
  duns_number?: string;
  lei_number?: string;
  isin_number?: string;
  sp_global_number?: string;
}

/**
 * What the engine needs of a cancellation: an AbortSignal is one; the functions' boundary makes a
 * lighter one per Excel invocation (src/functions/excelBoundary.ts).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Who calls: the cell to recalculate later, and its cancellation. */
export interface CallContext {
  /** The calling cell, e.g. "Sheet1!B2": recalculated when a profile it asked for is ready. */
  address?: string;
  signal?: CancelSignal;
}

/** What became of a request: cells to ask for again later, and addresses that name no cell now. */
export interface RecalculationOutcome {
  readonly refused: readonly string[];
  readonly gone: readonly string[];
}

/** Recalculates cells by address (in Excel: src/office/excelCalculate.ts's recalculateWaitingCells). */
export type Recalculate = (addresses: string[]) => Promise<RecalculationOutcome>;

/** An organization a refresh could not get again (calls/refresh.ts). */
export interface RefreshFailure {
  /** What was asked for: the name sent, else the website or identifier. */
  organization: string;
  message: string;
  /** When the record its cells still show was fetched (ms since 1970); null when they show the error. */
  keptFrom: number | null;
}

/** A refresh in figures, as the pane says it. */
export interface RefreshReport {
  /** Distinct organizations asked for again. */
  organizations: number;
  /** Of those, the ones the service answered (final, or still being profiled). */
  refreshed: number;
  /** Of the refreshed, those still being profiled: their cells update themselves. */
  profiling: number;
  /** HTTP requests sent while the refresh ran (cells asking meanwhile included). */
  requests: number;
  failed: RefreshFailure[];
}

/** A record, final or still being profiled, and when the service sent it (ms since 1970; from the cache: when fetched). */
export interface OrganizationOutcome {
  state: 'ready' | 'pending';
  record: OrganizationRecord;
  receivedAt: number;
}

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
  /** Profiles watched no more (final, or gone at the service) and their cells, now recalculated. */
  | { type: 'profiled'; ids: number[]; addresses: string[] }
  /** The service refused the key in use; `message`: what it said (a short, clipped sentence). */
  | { type: 'auth-failed'; message: string }
  /** A refresh lifted the hold of a refused key: it is tried once more. */
  | { type: 'auth-retried' }
  /** The browser's IndexedDB did not open in time: the cells went on without the saved cache, kept in settings storage from now. */
  | { type: 'storage-unanswered'; message: string };

export interface Engine {
  organization(query: OrganizationQuery, ctx?: CallContext): Promise<OrganizationOutcome>;
  /**
   * The answer at once, without a promise, when the cache holds a final record for `query` and nothing
   * stands in the way (settings loaded, a key, no auth failure); null otherwise (then ask `organization`).
   * A recalculation of a large sheet is this path: every cell settles in its own call.
   */
  cached(query: OrganizationQuery): OrganizationOutcome | null;
  /**
   * The query of one identifier (website, DUNS, LEI, ISIN, S&P Global id) under which the cache holds
   * record `id`; null when it holds none. A card whose row asked by an identifier the card does not
   * carry is judged by it (src/functions/results/cardQuery.ts); `cached` then gives its answer.
   */
  heldIdentifier(id: number): OrganizationQuery | null;
  /**
   * While settings and cache load (a workbook just opened), the one promise of their being loaded;
   * null once loaded. A sheet's cells wait on it together, then take the `cached` path.
   */
  loading(): Promise<void> | null;
  /** Any GET of the service (industries, SBTi, recommended actions) through the same queue; 2xx only. */
  get(url: string, ctx?: CallContext): Promise<BatchResponseItem>;
  /** Record `id`, read as every record is (private figures when the settings ask); only that record is taken. */
  record(id: number, ctx?: CallContext): Promise<OrganizationRecord>;
  /**
   * Asks the service again for the organizations of `queries`, or for every one asked for this session
   * (records and failures no call asked for are forgotten), and resolves once each has its answer, with
   * the figures. A record stays cached until a newer one arrives: cells recalculated afterwards show
   * the new one, or, where the service could not answer, the one they showed. A key the service
   * refused is tried once more.
   */
  refresh(scope?: { queries?: OrganizationQuery[] }): Promise<RefreshReport>;
  stats(): EngineStats;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /**
   * A number that changes whenever the scope does (another service, or another project or key while
   * private figures are read): what was learnt under another number is not this scope's.
   */
  scopeGeneration(): number;
  /** Writes the cache to storage now (it is otherwise written a second after changes). */
  flush(): Promise<void>;
  /** Settles every waiting call (cancelled), stops polling and writes the cache. */
  dispose(): void;
  /**
   * A cell or the pane uses the engine. An engine made `idle` (the runtime's script loading, before
   * anyone asks) loads its settings and cache but watches no profile the cache holds pending until then.
   */
  use(): void;
}

export interface EngineDeps {
  settings: SettingsStore;
  /** Recalculates the given cells (Office: range.calculate): what Excel refused for now, and what named no cell. */
  recalculate?: Recalculate;
  fetch?: FetchLike;
  now?: () => number;
  /** Where the cache persists; default: the settings' storage. */
  storage?: KeyValueStorage;
  /** For jitter; tests fix it. */
  random?: () => number;
  /** Made before anyone uses it: the profiles the cache holds pending are watched from `use()` on. */
  idle?: boolean;
}
