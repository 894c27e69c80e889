/**
 * The query a CLIMATE.ORG card carries, hidden from the card, dot notation and auto-complete, so that
 * the card passed as an argument (`=CLIMATE.MATCH(B2)`) is judged as its own row asked: in any
 * runtime, after the workbook is reopened, and whatever other row reached the same organization.
 * It is kept as short as it reads back (every card of a sheet carries it; docs/excel.md "What a value
 * weighs"): nothing when the row asked for the name the card's Matched organization shows, nothing
 * when the row asked by one identifier alone and the card's Match says `identifier` (the engine's cache
 * tells which identifier reached the card's id), the organization text alone when it reads back as
 * itself, else the organization, website and country arguments. It is read back through the argument
 * reader, since a card in a workbook is text anyone can edit.
 */
import { ArgumentError } from '../arguments/argumentError';
import { MAX_CARD_TEXT } from './cardText';
import { entityField } from './entityFields';
import { IDENTIFIER_VERDICT } from './nameMatch';
import type { OrganizationQuery } from '../../engine';
import {
  parseOrganization,
  QUERY_FIELDS,
  type OrganizationArgument,
  type OrganizationKind,
} from '../arguments/organizationArgument';

/** The hidden property's name. */
export const QUERY_PROPERTY = 'Query';
/** The card's Matched organization, which stands for the row's query when the row asked for that name. */
export const MATCHED_PROPERTY = entityField('matched_name')!.property;
/** The card's Match: `identifier` on a card with no hidden query says its row asked by one identifier alone. */
export const MATCH_PROPERTY = entityField('match')!.property;
/**
 * What a card with no hidden query whose Match says `identifier` stands for: its row asked by an
 * identifier the card does not carry (an LEI, ISIN, DUNS), which this runtime's cache may hold.
 */
export const HELD_IDENTIFIER = 'held identifier';
/** What a card says its row asked: the argument, HELD_IDENTIFIER, or null when nothing reads (its id alone). */
export type CardQuery = Readonly<OrganizationArgument> | typeof HELD_IDENTIFIER | null;

/** The prefix that makes the reader take the text as the kind it was (an S&P Global id carries its own). */
const FORCED: Record<OrganizationKind, string> = {
  name: 'name:',
  website: 'web:',
  duns: 'duns:',
  lei: 'lei:',
  isin: 'isin:',
  spg: '',
};

/** The argument a text with no website or country reads as; null when the reader refuses it. */
function readBack(organization: string, website: string | null = null, country: string | null = null) {
  try {
    return parseOrganization(organization, website, country);
  } catch (error) {
    if (error instanceof ArgumentError) return null;
    throw error;
  }
}

/** The same query and the same text: what the verdict and the cache look-up go by. */
function same(a: Readonly<OrganizationArgument> | null, b: Readonly<OrganizationArgument>): boolean {
  return a !== null && a.kind === b.kind && a.text === b.text && JSON.stringify(a.query) === JSON.stringify(b.query);
}

/** A query of one identifier and nothing else: a website with no country, or an identifier with neither. */
function identifierAlone({ kind, query }: Readonly<OrganizationArgument>): boolean {
  return kind !== 'name' && query.hq_region === undefined && (kind === 'website' || query.website === undefined);
}

/**
 * The row's query as the card keeps it, given the Matched organization and the Match the card shows:
 * null (no property) when that name reads back as the row's argument, or when the row asked by one
 * identifier alone and the Match says `identifier`; the organization text when it reads back alone,
 * else `[organization, website, country]` as JSON (the organization prefixed with its kind). An empty
 * text when even that is longer than a card's text may be: the card is then read by its id alone.
 */
export function cardQueryText(
  argument: Readonly<OrganizationArgument>,
  matchedName: string | null,
  match: string | null,
): string | null {
  if (matchedName !== null && same(readBack(`name:${matchedName}`), argument)) return null;
  if (match === IDENTIFIER_VERDICT && identifierAlone(argument)) return null;
  if (!argument.text.startsWith('[') && same(readBack(argument.text), argument)) return argument.text;
  const { kind, text, query } = argument;
  const website = kind === 'website' ? null : (query.website ?? null);
  const full = JSON.stringify([`${FORCED[kind]}${text}`, website, query.hq_region ?? null]);
  return full.length > MAX_CARD_TEXT ? '' : full;
}

/**
 * The card's hidden property. Not excluded from recalculation's compare: the query is part of what
 * the card means, so a row that now asks otherwise for the same organization recalculates MATCH(B2).
 */
export function queryProperty(text: string): Excel.EntityPropertyType {
  return {
    type: 'String',
    basicValue: text,
    propertyMetadata: { excludeFrom: { cardView: true, dotNotation: true, autoComplete: true } },
  };
}

/** A property's `basicValue` in a card as the workbook holds it (anything, or undefined). */
export const basicValue = (card: { properties?: Record<string, unknown> }, property: string): unknown =>
  (card.properties?.[property] as { basicValue?: unknown } | undefined)?.basicValue;

/**
 * The argument a card's query reads as: its hidden property; without one, HELD_IDENTIFIER when its
 * Match says `identifier` (a card saved before carried no query only for a name), else the name its
 * Matched organization shows; null when none reads (the card is read by its id alone).
 */
export function cardArgument(card: { properties?: Record<string, unknown> }): CardQuery {
  const text = basicValue(card, QUERY_PROPERTY);
  if (text === undefined) {
    if (basicValue(card, MATCH_PROPERTY) === IDENTIFIER_VERDICT) return HELD_IDENTIFIER;
    const matched = basicValue(card, MATCHED_PROPERTY);
    return typeof matched === 'string' && matched.length <= MAX_CARD_TEXT ? readBack(`name:${matched}`) : null;
  }
  if (typeof text !== 'string' || text === '' || text.length > MAX_CARD_TEXT) return null;
  if (!text.startsWith('[')) return readBack(text);
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3) return null;
  if (!parts.every((part, i) => (i === 0 ? typeof part === 'string' : part === null || typeof part === 'string')))
    return null;
  return readBack(parts[0], parts[1], parts[2]);
}

/** Each kind but a name with its query's field: what the engine's heldIdentifier may give. */
const HELD_KINDS = Object.entries(QUERY_FIELDS) as Array<[keyof typeof QUERY_FIELDS, keyof OrganizationQuery]>;

/** The argument of the identifier the engine holds a card's record under; null when it holds none or it does not read. */
export function heldArgument(query: OrganizationQuery | null): Readonly<OrganizationArgument> | null {
  const held = query && HELD_KINDS.find(([, field]) => typeof query[field] === 'string');
  if (!held) return null;
  const [kind, field] = held;
  // An S&P Global id's text carries its prefix (FORCED has none for it); the query's value does not.
  return readBack(`${kind === 'spg' ? 'spg:' : FORCED[kind]}${query[field]}`);
}
