/**
 * Which registration request a call stands for. Calls whose queries normalize to the same key share
 * one in-flight request and one cache entry: `" ACME  corp"` and `"Acme Corp"`, `https://www.acme.com/`
 * and `acme.com`, an LEI typed in lower case, a DUNS that Excel stored as a number and so lost its
 * leading zero. The first caller's spelling is what is sent; the service resolves names and websites
 * itself, so the spelling of equal keys does not change the answer.
 */
import { t } from '../../i18n/translate';
import type { OrganizationRequest } from '../../service/types';
import { EngineError } from '../errors';
import type { OrganizationQuery } from '../types';

export interface Identity {
  /** Stable across spellings; also the cache key. */
  key: string;
  request: OrganizationRequest;
}

type Field = keyof OrganizationQuery;

interface FieldRule {
  /** One-letter tag in the key, so that the key stays short in the persisted cache. */
  tag: string;
  /** What is sent. */
  send(value: string): string;
  /** What counts for equality. */
  compare(value: string): string;
}

const squash = (value: string): string => value.trim().replace(/\s+/g, ' ');
const compact = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** Excel keeps a DUNS typed as a number without its leading zeros; DUNS numbers have 9 digits. */
function duns(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{1,9}$/.test(digits) ? digits.padStart(9, '0') : value.trim();
}

function websiteKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

const RULES: Record<Field, FieldRule> = {
  name: { tag: 'n', send: squash, compare: (v) => squash(v).toLowerCase() },
  website: { tag: 'w', send: (v) => v.trim(), compare: websiteKey },
  duns_number: { tag: 'd', send: duns, compare: duns },
  lei_number: { tag: 'l', send: compact, compare: compact },
  isin_number: { tag: 'i', send: compact, compare: compact },
  sp_global_number: { tag: 's', send: compact, compare: compact },
  hq_region: { tag: 'r', send: compact, compare: compact },
};

/** Key order is fixed so that the same fields always give the same key. */
const FIELDS = Object.keys(RULES) as Field[];
const IDENTIFYING: readonly Field[] = FIELDS.filter((field) => field !== 'hq_region');
/** The fields of a key that names one identifier alone (a website, DUNS, LEI, ISIN, S&P Global id), by tag. */
const IDENTIFIER_TAGS: ReadonlyMap<string, Field> = new Map(
  IDENTIFYING.filter((field) => field !== 'name').map((field) => [RULES[field].tag, field]),
);

/** Identities of queries seen before: the functions hand the same (frozen) query for the same input. */
const known = new WeakMap<OrganizationQuery, Identity>();

export function identify(query: OrganizationQuery): Identity {
  const seen = known.get(query);
  if (seen) return seen;
  const identity = identityOf(query);
  if (Object.isFrozen(query)) known.set(query, identity);
  return identity;
}

function identityOf(query: OrganizationQuery): Identity {
  const request: OrganizationRequest = {};
  const parts: string[] = [];
  for (const field of FIELDS) {
    const raw = query[field];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    request[field] = RULES[field].send(raw);
    parts.push(`${RULES[field].tag}:${RULES[field].compare(raw)}`);
  }
  if (!IDENTIFYING.some((field) => request[field] !== undefined)) {
    throw new EngineError('invalid', t('cells.noIdentity'));
  }
  return { key: parts.join('|'), request };
}

/**
 * The query of a key that names one identifier and nothing else (`l:5493…`, `w:acme.com`); null for
 * any other key (a name, a region, several fields). The key's value is the identifier as compared,
 * which identifies to the same key again.
 */
export function identifierQuery(key: string): OrganizationQuery | null {
  const match = /^([a-z]):([^|]+)$/.exec(key);
  const field = match && IDENTIFIER_TAGS.get(match[1]);
  return field ? { [field]: match[2] } : null;
}
