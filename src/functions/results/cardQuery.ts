/**
 * What a CLIMATE.ORG card says its row asked, so that the card passed as an argument
 * (`=CLIMATE.MATCH(B2)`) is judged as its own row asked: in any runtime, after the workbook is
 * reopened, and whatever other row reached the same organization. Every card of a sheet carries it, so
 * it costs as little as reads back (docs/excel.md "What a value weighs"): nothing when the row asked for
 * the name the card shows (its text), nothing when the row asked by one identifier alone and the card's
 * Match says `identifier` (the engine's cache tells which identifier reached the card's id); otherwise a
 * visible field, Asked for: the organization text when it reads back as itself, else the function's
 * three arguments as a formula would quote them. Visible, because an answer that is another
 * organization (a parent) or another name is worth saying on the card, and because a hidden property
 * pays 88 bytes of metadata. It is read back through the argument reader, since a card in a workbook is
 * text anyone can edit.
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

/** The field that says what the row asked, where the card's text and Match do not. */
export const ASKED_PROPERTY = 'Asked for';
/**
 * Where cards saved before this field carried the query: hidden, and the three arguments as a JSON
 * array (`["name:Acme","acme.example",null]`). Read, never written.
 */
const SAVED_QUERY_PROPERTY = 'Query';
/** The card's Match: `identifier` on a card that says nothing of its query: its row asked by one identifier alone. */
export const MATCH_PROPERTY = entityField('match')!.property;
/**
 * What a card that says nothing of its query and whose Match says `identifier` stands for: its row
 * asked by an identifier the card does not carry (an LEI, ISIN, DUNS), which this runtime's cache may hold.
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

/** The argument a text (with a website and country) reads as; null when the reader refuses it. */
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
 * What the card says its row asked, given the text the card shows and its Match: null (no field) when
 * that text reads back as the row's argument, or when the row asked by one identifier alone and the
 * Match says `identifier`; the organization text when it reads back alone; else the three arguments
 * quoted (`"Acme","acme.example","DE"`; "" for one not given), the organization prefixed with its kind
 * only where it would read as another. An empty text when even that is longer than a card's text may
 * be: the card is then read by its id alone.
 */
export function askedText(
  argument: Readonly<OrganizationArgument>,
  shownName: string | null,
  match: string | null,
): string | null {
  if (shownName !== null && same(readBack(`name:${shownName}`), argument)) return null;
  if (match === IDENTIFIER_VERDICT && identifierAlone(argument)) return null;
  const { kind, text, query } = argument;
  // A text opening with a quote would read as the quoted arguments below: it is quoted itself.
  if (!text.startsWith('"') && same(readBack(text), argument)) return text;
  const website = kind === 'website' ? null : (query.website ?? null);
  const country = query.hq_region ?? null;
  const organization = same(readBack(text, website, country), argument) ? text : `${FORCED[kind]}${text}`;
  const quoted = JSON.stringify([organization, website ?? '', country ?? '']).slice(1, -1);
  return quoted.length > MAX_CARD_TEXT ? '' : quoted;
}

/** The card's Asked for: visible, and not excluded from recalculation's compare (it is part of what the card means). */
export const askedProperty = (text: string): Excel.EntityPropertyType => ({ type: 'String', basicValue: text });

/** A property's `basicValue` in a card as the workbook holds it (anything, or undefined). */
export const basicValue = (card: { properties?: Record<string, unknown> }, property: string): unknown =>
  (card.properties?.[property] as { basicValue?: unknown } | undefined)?.basicValue;

/** A text a card may hold to be read: a string within a card text's bound. */
const readable = (text: unknown): text is string =>
  typeof text === 'string' && text !== '' && text.length <= MAX_CARD_TEXT;

/** Three arguments as text (`a","b","c` inside brackets), each a string or, in a saved card's form, null. */
function readArguments(list: string): Readonly<OrganizationArgument> | null {
  let parts: unknown;
  try {
    parts = JSON.parse(`[${list}]`);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3 || typeof parts[0] !== 'string') return null;
  const rest = parts.slice(1).map((part: unknown) => (part === null || part === '' ? null : part));
  if (!rest.every((part) => part === null || typeof part === 'string')) return null;
  return readBack(parts[0], rest[0] as string | null, rest[1] as string | null);
}

/**
 * The argument a card's query reads as: its Asked for (or, on a card saved before it, its hidden
 * query); without either, HELD_IDENTIFIER when its Match says `identifier`, else the name the card
 * shows; null when none reads (the card is read by its id alone).
 */
export function cardArgument(card: { text?: unknown; properties?: Record<string, unknown> }): CardQuery {
  const asked = basicValue(card, ASKED_PROPERTY);
  if (asked !== undefined)
    return !readable(asked) ? null : asked.startsWith('"') ? readArguments(asked) : readBack(asked);
  const saved = basicValue(card, SAVED_QUERY_PROPERTY);
  if (saved !== undefined)
    return !readable(saved) ? null : saved.startsWith('[') ? readArguments(saved.slice(1, -1)) : readBack(saved);
  if (basicValue(card, MATCH_PROPERTY) === IDENTIFIER_VERDICT) return HELD_IDENTIFIER;
  return readable(card.text) ? readBack(`name:${card.text}`) : null;
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
