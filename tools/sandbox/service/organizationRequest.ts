/**
 * Reads the body of `POST /organizations` into normalized match keys, or says what is wrong with it
 * (the route answers 422 with that message).
 */
import { IdentifierCheck, validateDuns, validateIsin, validateLei, validateSpGlobal } from '../../../src/identifiers';
import { MatchKeys, nameKeys, websiteKey } from '../world/matching';

export interface ParsedOrganizationRequest {
  keys: MatchKeys;
  /** As the caller wrote them (trimmed): an unseen organization is registered under these. */
  name: string | null;
  website: string | null;
  externalId: string | null;
  industryId: number | null;
}

export type ParseResult = { ok: true; request: ParsedOrganizationRequest } | { ok: false; message: string };

const IDENTIFIERS = [
  { field: 'duns_number', key: 'duns', validate: validateDuns },
  { field: 'lei_number', key: 'lei', validate: validateLei },
  { field: 'isin_number', key: 'isin', validate: validateIsin },
  { field: 'sp_global_number', key: 'spGlobal', validate: validateSpGlobal },
] as const;

class RequestError extends Error {}

/** A text field: absent, null and blank read as not given; numbers are accepted (identifiers typed as numbers). */
function text(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new RequestError(`${field} must be a string`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function identifier(
  body: Record<string, unknown>,
  field: string,
  validate: (s: string) => IdentifierCheck,
): string | null {
  const raw = text(body, field);
  if (raw === null) return null;
  const check = validate(raw);
  if (!check.ok) throw new RequestError(`${field}: ${check.reason}`);
  return check.value;
}

function industryId(body: Record<string, unknown>): number | null {
  const raw = text(body, 'industry_id');
  if (raw === null) return null;
  if (!/^[0-9]+$/.test(raw)) throw new RequestError('industry_id must be an integer from the industry list');
  return Number(raw);
}

export function parseOrganizationRequest(body: unknown): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object with the organization request fields' };
  }
  const fields = body as Record<string, unknown>;
  try {
    const name = text(fields, 'name');
    const website = text(fields, 'website');
    const keys: MatchKeys = {
      name: name === null ? null : nameKeys(name),
      website: website === null ? null : websiteKey(website) || null,
      hqRegion: text(fields, 'hq_region')?.toUpperCase() ?? null,
      duns: null,
      lei: null,
      isin: null,
      spGlobal: null,
    };
    for (const { field, key, validate } of IDENTIFIERS) keys[key] = identifier(fields, field, validate);
    if (!keys.name && !keys.website && !keys.duns && !keys.lei && !keys.isin && !keys.spGlobal) {
      if (name !== null) return { ok: false, message: `name "${name}" has no letter or digit to match on` };
      return {
        ok: false,
        message: 'Give at least one of name, website, duns_number, lei_number, isin_number or sp_global_number',
      };
    }
    return {
      ok: true,
      request: { keys, name, website, externalId: text(fields, 'external_id'), industryId: industryId(fields) },
    };
  } catch (error) {
    if (error instanceof RequestError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The identity an unseen organization is registered under: its strongest key. Counting registrations
 * per identity is how the stats prove that no organization was registered twice.
 */
export function registrationIdentity(keys: MatchKeys): string {
  if (keys.duns) return `duns:${keys.duns}`;
  if (keys.lei) return `lei:${keys.lei}`;
  if (keys.isin) return `isin:${keys.isin}`;
  if (keys.spGlobal) return `sp:${keys.spGlobal}`;
  if (keys.website) return `website:${keys.website}`;
  return `name:${[keys.name?.base, keys.name?.form].filter(Boolean).join(' ')}|${keys.hqRegion ?? ''}`;
}
