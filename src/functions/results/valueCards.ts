/**
 * The card an attributed value carries (SCORE, FLAG, MATCH, PROFILE's and FLAGS's elements, results.ts):
 * what the licence needs and nothing more, since Excel serializes every value across the runtime's
 * boundary and keeps it in the workbook (docs/excel.md "What a value weighs"). That is the provider's
 * logo linking to the public profile, and on a score or flag the profile link as a property
 * (`=C2.[Profile link]`, the same name as on CLIMATE.ORG's card). The organization's whole profile is CLIMATE.ORG's card, once
 * per row; MATCH's card adds what a match is checked by. One card per record and logo address, shared
 * by every value made from it.
 */
import type { OrganizationRecord } from '../../service/types';
import { PROVIDER } from '../../provider';
import { cardLink, cardText } from './cardText';
import { safeText } from '../arguments/cellText';
import { PROFILE_FIELDS } from './fields';

/** What a card is built with beside the record (results.ts ShapeContext has it). */
export interface CardContext {
  /** The provider logo served from the add-in's own assets; null when the origin is unknown. */
  logoUrl: string | null;
}

/** A value a card is attributed to. */
export type AttributedValue = Excel.DoubleCellValue | Excel.BooleanCellValue | Excel.StringCellValue;

/** The names a value's and MATCH's card give their properties: CLIMATE.ORG's and PROFILE's (fields.ts). */
export const FIELD_HEADER: Readonly<Record<string, string>> = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field.key, field.header]),
);
const LINK_PROPERTY = FIELD_HEADER.link;

export interface Card {
  /** The profile link, when the record has one: shared by every value made from the card. */
  properties: Record<string, Excel.CellValue> | null;
  provider: Excel.CellValueProviderAttributes;
  /** What the card was built with: another logo address needs another card. */
  logoUrl: string | null;
  /**
   * The attributed value last made from this card under each label (one value per label and record).
   * A plain object, not a Map: labels are our own constants, and a card's few fit in the object itself
   * (a Map per card was 18 MB of a 100,000-supplier workbook).
   */
  cells: Record<string, AttributedValue | undefined>;
}

/** Cards already built, per record (records are shared by every cell of an organization). */
const cards = new WeakMap<OrganizationRecord, Card>();

export function cardFor(record: OrganizationRecord, ctx: CardContext): Card {
  const card = cards.get(record);
  if (card && card.logoUrl === ctx.logoUrl) return card;
  const link = record.matching_organization?.link ?? null;
  const built: Card = {
    properties: link === null ? null : { [LINK_PROPERTY]: { type: 'String', basicValue: cardLink(link) } },
    provider: providerAttributes(link, ctx.logoUrl),
    logoUrl: ctx.logoUrl,
    cells: {},
  };
  cards.set(record, built);
  return built;
}

/** What MATCH's card shows, each null when the answer lacks it. */
export interface MatchCardValues {
  matchedName: string | null;
  similarity: number | null;
}

/**
 * MATCH's card properties: what the match is checked by (the matched name, how alike the names are); a
 * value the answer lacks is left out. Its logo links to the profile; the relationship is in the
 * verdict where it decides the match (`parent`, `subsidiary`), and on CLIMATE.ORG's card.
 */
export function matchProperties(values: MatchCardValues): Record<string, Excel.CellValue> {
  const properties: Record<string, Excel.CellValue> = {};
  if (values.matchedName !== null)
    properties[FIELD_HEADER.matched_name] = { type: 'String', basicValue: cardText(values.matchedName) };
  if (values.similarity !== null)
    properties[FIELD_HEADER.match_similarity] = { type: 'Double', basicValue: values.similarity };
  return properties;
}

/**
 * The provider of every card: its logo (when known) linking to the profile. The description is
 * Excel's text for the logo (CellValueProviderAttributes in the typings): shown in its place when
 * there is no logo, otherwise only as the logo's tooltip. A value's card carries it only in place of
 * the logo; CLIMATE.ORG's card (`ours`), once per row, always: it is how a card passed as an argument
 * is known for the add-in's own (organizationSource.ts). Beside the logo, the provider's name: 16
 * bytes a card shorter than the source line, which the grid's own line says.
 */
export function providerAttributes(
  link: string | null,
  logoUrl: string | null,
  ours = false,
): Excel.CellValueProviderAttributes {
  const provider: Excel.CellValueProviderAttributes = {};
  if (logoUrl === null) provider.description = PROVIDER.sourceLine;
  else if (ours) provider.description = PROVIDER.name;
  if (logoUrl !== null) provider.logoSourceAddress = logoUrl;
  if (link) provider.logoTargetAddress = safeText(link); // a checked https link: safe text all the same
  return provider;
}

/** A description CLIMATE.ORG's card has carried: the provider's name beside a logo, else (and before) the source line. */
export const isOrgCardDescription = (description: unknown): boolean =>
  description === PROVIDER.name || description === PROVIDER.sourceLine;
