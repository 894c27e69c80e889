/**
 * The typed client of the climate profile service: one method per endpoint of the contract
 * (docs/service-contract.md), each returning decoded records or throwing a typed error of
 * errors.ts. A thin, faithful layer: no retry, no cache, no batching policy (the engine does those).
 */
import { decodeBatch, encodeBatch } from './batchCodec';
import { withoutKey } from './keyRedaction';
import { normalizeBaseUrl } from './baseUrl';
import { DEFAULT_TIMEOUT_MS, request, type FetchLike, type HttpConfig, type HttpRequest } from './http';
import { pageFromResponse } from './pagination';
import {
  decodeIndustry,
  decodeList,
  decodeOrganization,
  decodeProject,
  decodeRecommendedActions,
  decodeSbtiChange,
  decodeSbtiCompany,
  type RecordKind,
} from './records';
import type {
  BatchRequestItem,
  BatchResponseItem,
  Industry,
  OrganizationRecord,
  OrganizationRequest,
  Page,
  Project,
  RecommendedAction,
  SbtiChange,
  SbtiChangesQuery,
  SbtiCompany,
  SbtiFilters,
} from './types';

export type { FetchLike } from './http';

export interface ClientOptions {
  /** https, or http on loopback (the sandbox). Trailing slashes are ignored. */
  baseUrl: string;
  /** The project key; null sends no Authorization header (the service answers 401). */
  apiKey: string | null;
  /** Default: the environment's `fetch`. Node entry points pass `nodeFetch` (nodeFetch.ts). */
  fetch?: FetchLike;
  /** Per request, including reading the answer. Default 30 s. */
  timeoutMs?: number;
}

/** Per-call options: the caller's cancellation. An abort rejects with the signal's reason. */
export interface CallOptions {
  signal?: AbortSignal;
  /** See HttpRequest.patience. */
  patience?: () => number;
}

export class ClimateClient {
  readonly baseUrl: string;
  private readonly http: HttpConfig;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0)) throw new Error(`timeoutMs must be a positive number of milliseconds (got ${timeoutMs}).`);
    this.http = {
      baseUrl: this.baseUrl,
      apiKey: options.apiKey,
      // Looked up per call and called unbound-safe: browsers throw "Illegal invocation" otherwise.
      fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
      timeoutMs,
    };
  }

  /** 1. `POST /organizations`: registers (idempotently) and returns the record, possibly still profiling. */
  async registerOrganization(req: OrganizationRequest, init?: CallOptions): Promise<OrganizationRecord> {
    return decodeOrganization(await this.body({ method: 'POST', target: '/organizations', json: req, ...init }));
  }

  /** 2. `GET /organizations?page=N`: the caller's organizations, 5 per page. */
  listOrganizations(page = 1, init?: CallOptions): Promise<Page<OrganizationRecord>> {
    return this.page('/organizations', {}, page, decodeOrganization, 'organization', init);
  }

  /** 3. `GET /organizations/{id}`: NotFoundError for an unknown id. */
  async getOrganization(id: number, init?: CallOptions): Promise<OrganizationRecord> {
    return decodeOrganization(await this.get(`/organizations/${idSegment(id)}`, init));
  }

  /** 4. `GET /organizations/{id}/private`: figures including the project's private documents. */
  async getPrivateOrganization(id: number, init?: CallOptions): Promise<OrganizationRecord> {
    return decodeOrganization(await this.get(`/organizations/${idSegment(id)}/private`, init));
  }

  /** 5. `GET /organizations/{id}/recommended_actions`. */
  async recommendedActions(id: number, init?: CallOptions): Promise<RecommendedAction[]> {
    return decodeRecommendedActions(await this.get(`/organizations/${idSegment(id)}/recommended_actions`, init));
  }

  /** 6. `GET /industries?page=N`. */
  listIndustries(page = 1, init?: CallOptions): Promise<Page<Industry>> {
    return this.page('/industries', {}, page, decodeIndustry, 'industry', init);
  }

  /** 7. `GET /industries/search?q=TEXT&page=N`. */
  searchIndustries(q: string, page = 1, init?: CallOptions): Promise<Page<Industry>> {
    return this.page('/industries/search', { q }, page, decodeIndustry, 'industry', init);
  }

  /** 8. `GET /sbti_companies?page=N&...filters` (case-insensitive substring filters). */
  sbtiCompanies(filters: SbtiFilters = {}, page = 1, init?: CallOptions): Promise<Page<SbtiCompany>> {
    return this.page('/sbti_companies', { ...filters }, page, decodeSbtiCompany, 'sbtiCompany', init);
  }

  /** 9. `GET /sbti_companies/changes?page=N&since=&name=&website=`. */
  sbtiChanges(query: SbtiChangesQuery = {}, page = 1, init?: CallOptions): Promise<Page<SbtiChange>> {
    return this.page('/sbti_companies/changes', { ...query }, page, decodeSbtiChange, 'sbtiChange', init);
  }

  /**
   * 10. `POST /batch`: the answers in request order, each body decoded from its JSON string. A failed
   * sub-request is an item with a non-2xx status (read it with errorFromResponse), not a rejection.
   */
  async batch(items: readonly BatchRequestItem[], init?: CallOptions): Promise<BatchResponseItem[]> {
    if (items.length === 0) return [];
    const body = await this.body({ method: 'POST', target: '/batch', form: encodeBatch(items), ...init });
    // Each item's body is JSON text until decoded: JSON may spell the key there with escapes (`\/`, `\u002B`).
    return withoutKey(decodeBatch(body, items.length), this.http.apiKey?.trim() || null);
  }

  /** 11. `POST /projects` with a team key (not the client's project key). */
  async createProject(name: string, teamKey: string, init?: CallOptions): Promise<Project> {
    const body = await this.body({ method: 'POST', target: '/projects', json: { name }, apiKey: teamKey, ...init });
    return decodeProject(body);
  }

  /** 12. `GET /v1/suppliers`: shape undocumented, returned as sent. */
  async suppliers(init?: CallOptions): Promise<unknown[]> {
    return decodeList(await this.get('/v1/suppliers', init), (item) => item, 'supplier');
  }

  private async body(req: HttpRequest): Promise<unknown> {
    return (await request(this.http, req)).body;
  }

  private get(target: string, init: CallOptions | undefined): Promise<unknown> {
    return this.body({ method: 'GET', target, ...init });
  }

  private async page<T>(
    target: string,
    query: Record<string, string | undefined>,
    page: number,
    decodeItem: (raw: unknown) => T,
    what: RecordKind,
    init: CallOptions | undefined,
  ): Promise<Page<T>> {
    if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a whole number from 1 (got ${page}).`);
    const response = await request(this.http, { method: 'GET', target, query: { ...query, page }, ...init });
    return pageFromResponse(response, page, this.baseUrl, decodeItem, what);
  }
}

function idSegment(id: number): string {
  if (!Number.isInteger(id) || id < 1) throw new RangeError(`An organization id is a whole number from 1 (got ${id}).`);
  return String(id);
}
