/**
 * The query a CLIMATE.ORG card carries, hidden from the card, dot notation and auto-complete, so that
 * the card passed as an argument (`=CLIMATE.MATCH(B2)`) is judged as its own row asked: in any
 * runtime, after the workbook is reopened, and whatever other row reached the same organization.
 * It is kept as short as it reads back (every card of a sheet carries it; docs/excel.md "What a value
 * weighs"): nothing when the row asked for the name the card's Matched organization shows, the
 * organization text alone when it reads back as itself, else the organization, website and country
 * arguments. It is read back through the argument reader, since a card in a workbook is text anyone
 * can edit.
 */
import { ArgumentError } from '../arguments/argumentError';
import { MAX_CARD_TEXT } from './cardText';
import { entityField } from './entityFields';
import { parseOrganization, type OrganizationArgument, type OrganizationKind } from '../arguments/organizationArgument';

/** The hidden property's name. */
export const QUERY_PROPERTY = 'Query';
/** The card's Matched organization, which stands for the row's query when the row asked for that name. */
export const MATCHED_PROPERTY = entityField('matched_name')!.property;

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

/**
 * The row's query as the card keeps it, given the Matched organization the card shows: null when that
 * name reads back as the row's argument (no property), the organization text when it reads back alone,
 * else `[organization, website, country]` as JSON (the organization prefixed with its kind). An empty
 * text when even that is longer than a card's text may be: the card is then read by its id alone.
 */
export function cardQueryText(argument: Readonly<OrganizationArgument>, matchedName: string | null): string | null {
  if (matchedName !== null && same(readBack(`name:${matchedName}`), argument)) return null;
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
 * The argument a card's query reads as: its hidden property, or without one the name its Matched
 * organization shows; null when neither reads (the card is read by its id alone).
 */
export function cardArgument(card: { properties?: Record<string, unknown> }): Readonly<OrganizationArgument> | null {
  const text = basicValue(card, QUERY_PROPERTY);
  if (text === undefined) {
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
