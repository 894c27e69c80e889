/**
 * The records of the climate profile service, as docs/service-contract.md describes them.
 * Every field the contract marks optional or "not shown" is nullable: the client reads a missing field
 * as null and ignores fields it does not know.
 */

/** The 13 initiative keys, in the order of docs/service-contract.md (also the order of CLIMATE.FLAGS). */
export const INITIATIVE_KEYS = [
  'sbti',
  'cdp',
  'climate_pledge',
  'un_global_compact',
  're100',
  'climate_action_100',
  'race_to_zero',
  'rspo',
  'pri',
  'responsible_business_alliance',
  'responsible_minerals_initiative',
  'responsible_labor_initiative',
  'ecovadis',
] as const;
export type InitiativeKey = (typeof INITIATIVE_KEYS)[number];
export type Initiatives = Record<InitiativeKey, boolean | null>;

/** Processing statuses; only `synced` and `errored` are final. */
export const ORGANIZATION_STATUSES = [
  'created',
  'locating',
  'located',
  'enriching',
  'enriched',
  'resolving',
  'unresolved',
  'researching',
  'resolved',
  'calculating',
  'synced',
  'waiting',
  'errored',
] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const FINAL_STATUSES: readonly string[] = ['synced', 'errored'];
export function isFinalStatus(status: string | null): boolean {
  return status !== null && FINAL_STATUSES.includes(status);
}

/** Rank words the service sends; unknown words are kept as they come (tolerated, not fatal). */
export type Rank = 'very_high' | 'high' | 'medium' | 'low' | 'very_low' | 'unknown' | string;

/** Body of `POST /organizations`. At least one of name, website or an identifier is required. */
export interface OrganizationRequest {
  name?: string;
  website?: string;
  hq_region?: string;
  hq_subregion?: string;
  external_id?: string;
  duns_number?: string;
  lei_number?: string;
  isin_number?: string;
  sp_global_number?: string;
  industry_id?: number;
  industry_name?: string;
  is_legal_entity_name?: boolean;
  currency?: string;
}

export interface IndustryRef {
  id: number | null;
  name: string | null;
}

export interface MatchingOrganization {
  id: number | null;
  name: string | null;
  /** The public profile URL: every displayed score links here (licence condition). */
  link: string | null;
  industry: IndustryRef | null;
}

export interface OrganizationRecord {
  id: number;
  name: string | null;
  website: string | null;
  external_id: string | null;
  hq_region: string | null;
  status: string | null;
  /** `requested organization`, `subsidiary`, `ultimate parent`, `parent`, or another word. */
  organization_relationship_type: string | null;
  matching_organization: MatchingOrganization | null;
  /** 0 = worst, 1 = best; null while profiling. */
  score: number | null;
  industry_score_percentile: number | null;
  rank: Rank | null;
  industry_rank: Rank | null;
  region_rank: Rank | null;
  industry: { mean_score: number | null; id?: number | null; name?: string | null } | null;
  initiatives: Initiatives;
  reduction_action_present: boolean | null;
  /**
   * When the service produced the record's figures, an ISO date (our choice: the contract lists no
   * such field; the sandbox sends it, and a record without it is read as undated).
   */
  updated_at: string | null;
}

export interface Industry {
  id: number;
  name: string;
}

export const SBTI_FIELDS = [
  'company_name',
  'isin',
  'lei',
  'near_term_target_status',
  'near_term_target_classification',
  'near_term_target_year',
  'long_term_target_status',
  'long_term_target_classification',
  'long_term_target_year',
  'net_zero_committed',
  'net_zero_year',
  'organization_type',
  'location',
  'region',
  'sector',
] as const;
export type SbtiField = (typeof SBTI_FIELDS)[number];
export type SbtiCompany = { id: number | null } & Record<SbtiField, string | number | boolean | null>;
export type SbtiFilters = Partial<Record<SbtiField, string>>;

export interface SbtiChange {
  id: number;
  company_name: string | null;
  isin: string | null;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  changed_at: string | null;
}

export interface SbtiChangesQuery {
  since?: string;
  name?: string;
  website?: string;
}

export interface RecommendedAction {
  id: number;
  emission_category: string | null;
  recommended_actions: string | null;
  approximate_savings: string | null;
  case_study: string | null;
  case_study_source_url: string | null;
  suggested_contract_term: string | null;
  question_to_ask_at_qbr: string | null;
  updated_at: string | null;
}

export interface Project {
  id: number | string;
  name: string;
  api_key: string;
}

export type HttpMethod = 'GET' | 'POST';

/** One item of `POST /batch`: a relative url, a method and (for POST) a JSON body. */
export interface BatchRequestItem {
  url: string;
  method: HttpMethod;
  body?: unknown;
}

/** One answer item of `POST /batch`, with `body` already decoded (the wire may send it as a JSON string). */
export interface BatchResponseItem {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** A page of a paginated listing, with the RFC 5988 links when the service sent them. */
export interface Page<T> {
  items: T[];
  page: number;
  next: string | null;
  last: string | null;
}
