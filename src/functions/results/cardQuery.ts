/**
 * The query a CLIMATE.ORG card carries, hidden from the card, dot notation and auto-complete, so that
 * the card passed as an argument (`=CLIMATE.MATCH(B2)`) is judged as its own row asked: in any
 * runtime, after the workbook is reopened, and whatever other row reached the same organization.
 * It is kept as the organization, website and country arguments that read back to the query, and is
 * read back through the argument reader, since a card in a workbook is text anyone can edit.
 */
import { ArgumentError } from '../arguments/argumentError';
import { MAX_CARD_TEXT } from './cardText';
import { parseOrganization, type OrganizationArgument, type OrganizationKind } from '../arguments/organizationArgument';

/** The hidden property's name. */
export const QUERY_PROPERTY = 'Query';

/** The organization, website and country arguments of a card's row, as text that reads back to its query. */
export type CardQuery = readonly [organization: string, website: string | null, country: string | null];

/** The prefix that makes the reader take the text as the kind it was (an S&P Global id carries its own). */
const FORCED: Record<OrganizationKind, string> = {
  name: 'name:',
  website: 'web:',
  duns: 'duns:',
  lei: 'lei:',
  isin: 'isin:',
  spg: '',
};

export function cardQueryOf(argument: Readonly<OrganizationArgument>): CardQuery {
  const { kind, text, query } = argument;
  return [`${FORCED[kind]}${text}`, kind === 'website' ? null : (query.website ?? null), query.hq_region ?? null];
}

/** The card's hidden property; null when the query is longer than a card's text may be (it is then read by id). */
export function queryProperty(query: CardQuery): Excel.EntityPropertyType | null {
  const text = JSON.stringify(query);
  if (text.length > MAX_CARD_TEXT) return null;
  return {
    type: 'String',
    basicValue: text,
    propertyMetadata: { excludeFrom: { cardView: true, dotNotation: true, autoComplete: true, calcCompare: true } },
  };
}

/** The argument a card's hidden query reads as; null for a card without one, or one that does not read. */
export function cardArgument(card: { properties?: Record<string, unknown> }): Readonly<OrganizationArgument> | null {
  const text = (card.properties?.[QUERY_PROPERTY] as { basicValue?: unknown } | undefined)?.basicValue;
  if (typeof text !== 'string' || text.length > MAX_CARD_TEXT) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3) return null;
  if (!parts.every((part, i) => (i === 0 ? typeof part === 'string' : part === null || typeof part === 'string')))
    return null;
  try {
    return parseOrganization(parts[0], parts[1], parts[2]);
  } catch (error) {
    if (error instanceof ArgumentError) return null;
    throw error;
  }
}
