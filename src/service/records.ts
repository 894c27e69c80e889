/**
 * Decoders from the service's JSON to the records of types.ts. Tolerant where the contract asks for
 * tolerance (unknown fields ignored, missing or wrongly typed fields read as null, rank words with
 * spaces), strict where a value would be meaningless: a record without its id, or a body of the wrong
 * shape, is a MalformedResponseError.
 */
import { t } from '../i18n/translate';
import { isSendableKey } from './apiKey';
import { MalformedResponseError } from './errors';
import { BREAKS_EVERYWHERE, DIRECTION_CONTROLS_EVERYWHERE, UNSHOWN_CHARACTER } from '../text/invisibleCharacters';
import { isObject, type JsonObject } from './json';
import { profileLinkOrNull } from './profileLink';
import {
  INITIATIVE_KEYS,
  SBTI_FIELDS,
  type Industry,
  type IndustryRef,
  type Initiatives,
  type MatchingOrganization,
  type OrganizationRecord,
  type Project,
  type Rank,
  type RecommendedAction,
  type SbtiChange,
  type SbtiCompany,
} from './types';

/** The kinds of record the service sends, as a malformed answer's message names them (service.record.*). */
export type RecordKind =
  'organization' | 'industry' | 'recommendedAction' | 'sbtiCompany' | 'sbtiChange' | 'project' | 'supplier';

const recordWord = (kind: RecordKind): string => t(`service.record.${kind}`);

/** Every answer of the service passes here, thousands a sheet: read field by field, nothing copied whole. */
export function decodeOrganization(raw: unknown): OrganizationRecord {
  const o = object(raw, 'organization');
  return {
    id: idOf(o, 'organization'),
    name: text(o.name),
    website: text(o.website),
    external_id: text(o.external_id),
    hq_region: text(o.hq_region),
    status: text(o.status),
    organization_relationship_type: text(o.organization_relationship_type),
    matching_organization: matchingOrganization(o.matching_organization),
    score: fraction(o.score),
    industry_score_percentile: percentile(o.industry_score_percentile),
    rank: rank(o.rank),
    industry_rank: rank(o.industry_rank),
    region_rank: rank(o.region_rank),
    industry: isObject(o.industry)
      ? { mean_score: fraction(o.industry.mean_score), id: idOrNull(o.industry.id), name: text(o.industry.name) }
      : null,
    initiatives: initiatives(o.initiatives),
    reduction_action_present: booleanOrNull(o.reduction_action_present),
    updated_at: date(o.updated_at),
  };
}

/**
 * The answer carried initiative data: at least one of the 13 initiatives is known. The service's
 * Summary response format leaves them all out (decoded as null), which says nothing about the
 * organization; a cached record keeps the same nulls, so this reads the same after a reload.
 */
export function carriesInitiatives(record: OrganizationRecord): boolean {
  return INITIATIVE_KEYS.some((key) => record.initiatives[key] !== null);
}

export function decodeIndustry(raw: unknown): Industry {
  const o = objectWithId(raw, 'industry');
  return { id: o.id, name: text(o.name) ?? '' };
}

/** `{"recommended_actions": [...]}`; a bare array is accepted too. */
export function decodeRecommendedActions(raw: unknown): RecommendedAction[] {
  const list = isObject(raw) ? raw.recommended_actions : raw;
  return decodeList(
    list,
    (item) => {
      const o = objectWithId(item, 'recommendedAction');
      return {
        id: o.id,
        ...texts(o, [
          'emission_category',
          'recommended_actions',
          'approximate_savings',
          'case_study',
          'suggested_contract_term',
          'question_to_ask_at_qbr',
          'updated_at',
        ]),
        // A link the service sends reaches a cell only under the one link rule (profileLink.ts).
        case_study_source_url: profileLinkOrNull(text(o.case_study_source_url)),
      };
    },
    'recommendedAction',
  );
}

export function decodeSbtiCompany(raw: unknown): SbtiCompany {
  const o = object(raw, 'sbtiCompany');
  const company = { id: idOrNull(o.id) } as SbtiCompany;
  for (const field of SBTI_FIELDS) company[field] = primitive(o[field]);
  return company;
}

export function decodeSbtiChange(raw: unknown): SbtiChange {
  const o = objectWithId(raw, 'sbtiChange');
  return { id: o.id, ...texts(o, ['company_name', 'isin', 'field', 'old_value', 'new_value', 'changed_at']) };
}

export function decodeProject(raw: unknown): Project {
  const o = object(raw, 'project');
  const id = typeof o.id === 'string' && o.id ? o.id : idOrNull(o.id);
  if (id === null || typeof o.api_key !== 'string' || !isSendableKey(o.api_key)) {
    throw new MalformedResponseError(t('service.malformed.project'), null);
  }
  return { id, name: text(o.name) ?? '', api_key: o.api_key };
}

/**
 * How each field of an organization record is read, from the service or back from the persisted cache
 * (src/engine/cache/compactRecord.ts): the one set of rules for both.
 */
export const readField = { text, fraction, percentile, id: idOrNull, rank, date } as const;

/** A JSON array decoded item by item; anything else is malformed. */
export function decodeList<T>(raw: unknown, decodeItem: (item: unknown) => T, what: RecordKind): T[] {
  if (!Array.isArray(raw)) {
    throw new MalformedResponseError(t('service.malformed.notList', { record: recordWord(what) }), null);
  }
  return raw.map(decodeItem);
}

const RANK_WORDS: readonly string[] = ['very_high', 'high', 'medium', 'low', 'very_low', 'unknown'];

/** `very low`, `Very-Low` and `very_low` all read as `very_low`; an unknown word is kept as sent. */
function rank(value: unknown): Rank | null {
  if (typeof value === 'string' && RANK_WORDS.includes(value)) return value; // as the service spells them
  const word = text(value)?.trim();
  if (!word) return null;
  const normalized = word.toLowerCase().replace(/[\s-]+/g, '_');
  return RANK_WORDS.includes(normalized) ? normalized : word;
}

/** Always all 13 keys, so a flag the service left out reads as null rather than as missing. */
function initiatives(value: unknown): Initiatives {
  const source = isObject(value) ? value : {};
  const result = {} as Initiatives;
  for (const key of INITIATIVE_KEYS) result[key] = booleanOrNull(source[key]);
  return result;
}

function matchingOrganization(value: unknown): MatchingOrganization | null {
  if (!isObject(value)) return null;
  return {
    id: idOrNull(value.id),
    name: text(value.name),
    link: profileLinkOrNull(text(value.link)),
    industry: industryRef(value.industry),
  };
}

function industryRef(value: unknown): IndustryRef | null {
  return isObject(value) ? { id: idOrNull(value.id), name: text(value.name) } : null;
}

function object(raw: unknown, what: RecordKind): JsonObject {
  if (!isObject(raw)) {
    throw new MalformedResponseError(t('service.malformed.notObject', { record: recordWord(what) }), null);
  }
  return raw;
}

function idOf(o: JsonObject, what: RecordKind): number {
  const id = idOrNull(o.id);
  if (id === null) throw new MalformedResponseError(t('service.malformed.noId', { record: recordWord(what) }), null);
  return id;
}

function objectWithId(raw: unknown, what: RecordKind): JsonObject & { id: number } {
  const o = object(raw, what);
  return { ...o, id: idOf(o, what) };
}

/**
 * The longest text field kept (names, links, descriptions): longer values read as absent, so that one
 * hostile record cannot fill the cache or a cell.
 */
export const MAX_TEXT_CHARS = 4_096;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.length <= MAX_TEXT_CHARS ? shown(value) : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * A service text as a cell may show it (invisibleCharacters.ts): control characters and line
 * separators are spaces, direction controls dropped, so a name that breaks a line, rings a bell or
 * reverses itself (`Acme \u202emoc.live` shows as `Acme evil.com`) does neither; what is left is
 * trimmed, and a text with nothing left is absent.
 */
function shown(value: string): string | null {
  if (!UNSHOWN_CHARACTER.test(value)) return value;
  const cleaned = value.replace(DIRECTION_CONTROLS_EVERYWHERE, '').replace(BREAKS_EVERYWHERE, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** The named fields of `o`, each read by `text`: the shape most records share. */
function texts<K extends string>(o: JsonObject, keys: readonly K[]): Record<K, string | null> {
  return Object.fromEntries(keys.map((key) => [key, text(o[key])])) as Record<K, string | null>;
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A share from 0 to 1 (a score, an industry's mean score); anything else reads as absent. */
function fraction(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && n >= 0 && n <= 1 ? n : null;
}

/** A percentile, 0 to 100; anything else reads as absent. */
function percentile(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && n >= 0 && n <= 100 ? n : null;
}

/** Dates a record may carry: from 2000 (before the service) to 9999 (as far as Excel's dates go). */
const EARLIEST_DATE_MS = Date.UTC(2000, 0, 1);
const LATEST_DATE_MS = Date.UTC(9999, 11, 31);

/**
 * A moment as ISO text to the second, from an ISO date (`2026-03-02`, `2026-03-02T09:30:00Z`); anything
 * else, or a moment outside 2000-9999, reads as absent.
 */
function date(value: unknown): string | null {
  const ms =
    typeof value === 'string' && value.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST_DATE_MS || ms > LATEST_DATE_MS) return null;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

function idOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

function booleanOrNull(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** A text (under the same MAX_TEXT_CHARS bound as every text), number or boolean as sent; else null. */
function primitive(value: unknown): string | number | boolean | null {
  if (typeof value === 'string') return text(value);
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}
