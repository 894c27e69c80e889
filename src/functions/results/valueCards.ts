/**
 * The card an attributed value carries (SCORE, FLAG, MATCH, PROFILE's and FLAGS's elements, results.ts):
 * the organization's context as properties, one list section, and the provider's logo linking to the
 * public profile. One card per record and requested text, shared by every value made from it; its
 * property lists, and the texts few cards differ in, shared by every card.
 */
import type { ScoreScale } from '../../settings/settings';
import type { OrganizationRecord } from '../../service/types';
import { PROVIDER } from '../../provider';
import { cardText } from './cardText';
import { safeText } from '../arguments/cellText';
import { PROFILE_FIELDS } from './fields';
import { scaleScore } from './scoreScale';

/** What a card is built with beside the record (results.ts ShapeContext has it). */
export interface CardContext {
  scoreScale: ScoreScale;
  /** The provider logo served from the add-in's own assets; null when the origin is unknown. */
  logoUrl: string | null;
}

/** A value a card is attributed to. */
export type AttributedValue = Excel.DoubleCellValue | Excel.BooleanCellValue | Excel.StringCellValue;

/**
 * A value's card and MATCH's card name each field as CLIMATE.ORG's card and PROFILE do (fields.ts),
 * so one dot-notation name (`=C2.[Profile link]`) reads it on any of them.
 */
const FIELD_HEADER: Readonly<Record<string, string>> = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field.key, field.header]),
);
/** What the row asked for, as the cell had it: only these two cards show it. */
const REQUESTED = 'Requested';

export interface Card {
  /** The organization's context, shared by every value made from the card, texts made safe. */
  properties: Record<string, Excel.CellValue>;
  provider: Excel.CellValueProviderAttributes;
  /** What the card was built with: another text, scale or logo address needs another card. */
  requested: string;
  scoreScale: ScoreScale;
  logoUrl: string | null;
  /** The card's one section, listing its properties: shared by every value made from the card. */
  sections: Excel.CardLayoutSection[];
  /**
   * The attributed value last made from this card under each label (one value per label and record).
   * A plain object, not a Map: labels are our own constants, and a card's few fit in the object itself
   * (a Map per card was 18 MB of a 100,000-supplier workbook).
   */
  cells: Record<string, AttributedValue | undefined>;
}

/**
 * Cards already built, per record (records are shared by every cell of an organization), for each
 * requested text: a sheet of FLAGS and PROFILE spills then holds one card per organization, not one
 * per value. A short list, not a Map: almost every record is asked for by one text.
 */
const cards = new WeakMap<OrganizationRecord, Card[]>();
/** Requested texts whose cards a record keeps (the oldest is built again when asked for). */
const CARDS_PER_RECORD = 8;

export function cardFor(record: OrganizationRecord, requested: string, ctx: CardContext): Card {
  let perRecord = cards.get(record);
  if (!perRecord) {
    perRecord = [];
    cards.set(record, perRecord);
  }
  const at = perRecord.findIndex((card) => card.requested === requested);
  const card = perRecord[at];
  if (card && card.scoreScale === ctx.scoreScale && card.logoUrl === ctx.logoUrl) return card;
  const built = buildCard(record, requested, ctx);
  if (at >= 0) perRecord[at] = built;
  else if (perRecord.push(built) > CARDS_PER_RECORD) perRecord.shift();
  return built;
}

/** MATCH's card, in order. */
const MATCH_NAMES = [
  REQUESTED,
  FIELD_HEADER.matched_name,
  FIELD_HEADER.relationship,
  FIELD_HEADER.match_similarity,
  FIELD_HEADER.match,
  FIELD_HEADER.link,
];
/** A value's card, in order (buildCard gives the values in this order). */
const CARD_NAMES = [
  REQUESTED,
  FIELD_HEADER.matched_name,
  FIELD_HEADER.relationship,
  FIELD_HEADER.industry,
  FIELD_HEADER.industry_mean,
  FIELD_HEADER.rank,
  FIELD_HEADER.industry_rank,
  FIELD_HEADER.region_rank,
  FIELD_HEADER.percentile,
  FIELD_HEADER.status,
  FIELD_HEADER.link,
];

/** A bit per name of `names`, at its place in CARD_NAMES (cellProperties and sectionsFor read them so). */
const cardBits = (names: readonly string[]): number =>
  names.reduce((bits, name) => bits | (1 << CARD_NAMES.indexOf(name)), 0);
/** The properties whose texts few cards differ in: shared (textValue). */
const SHARED_CARD_TEXTS = cardBits([FIELD_HEADER.relationship, FIELD_HEADER.industry, FIELD_HEADER.status]);

/**
 * Card properties named `names[i]` from `values[i]`, texts made safe; values the record lacks are left
 * out. `present` has bit i set for each property there: which of our name lists the card has. The
 * texts at the bits of `shared` are shared with other cards.
 */
function cellProperties(
  names: readonly string[],
  values: ReadonlyArray<string | number | null>,
  shared = 0,
): { properties: Record<string, Excel.CellValue>; present: number } {
  const properties: Record<string, Excel.CellValue> = {};
  let present = 0;
  for (let i = 0; i < names.length; i += 1) {
    const value = values[i];
    if (value === null) continue;
    properties[names[i]] =
      typeof value === 'number'
        ? { type: 'Double', basicValue: value }
        : (shared & (1 << i)) !== 0
          ? textValue(value)
          : { type: 'String', basicValue: cardText(value) };
    present |= 1 << i;
  }
  return { properties, present };
}

/** MATCH's card properties, from its values in MATCH_NAMES order. */
export function matchProperties(values: ReadonlyArray<string | number | null>): Record<string, Excel.CellValue> {
  return cellProperties(MATCH_NAMES, values).properties;
}

/**
 * A text property shared by every card that shows the same text (an industry, a relationship, a
 * status: a handful of texts in 100,000 cards). Nothing changes a card's properties once built.
 */
const textValues = new Map<string, Excel.StringCellValue>();
const MAX_SHARED_TEXTS = 4_096;

function textValue(text: string): Excel.StringCellValue {
  let value = textValues.get(text);
  if (value === undefined) {
    value = { type: 'String', basicValue: cardText(text) };
    if (textValues.size < MAX_SHARED_TEXTS) textValues.set(text, value);
  }
  return value;
}

/** The organization's context, and the provider's logo linking to the public profile. */
function buildCard(record: OrganizationRecord, requested: string, ctx: CardContext): Card {
  const matched = record.matching_organization;
  const link = matched?.link ?? null;
  // Shared by every value of the card, each built safe (attributedValue): their texts are made safe as they are set.
  const { properties, present } = cellProperties(
    CARD_NAMES,
    [
      requested,
      matched?.name ?? null,
      record.organization_relationship_type,
      matched?.industry?.name ?? record.industry?.name ?? null,
      scaleScore(record.industry?.mean_score ?? null, ctx.scoreScale),
      record.rank,
      record.industry_rank,
      record.region_rank,
      record.industry_score_percentile,
      record.status,
      link,
    ],
    SHARED_CARD_TEXTS,
  );
  const provider = providerAttributes(link, ctx.logoUrl);
  const { scoreScale, logoUrl } = ctx;
  return { properties, provider, sections: sectionsFor(present), requested, scoreScale, logoUrl, cells: {} };
}

/**
 * The card's one section, listing the properties it has: cards with the same properties share one
 * (most records carry every field), since a list per card was 13 MB of a 100,000-supplier workbook.
 * The names are ours (CARD_NAMES), so there are only as many lists as combinations of fields a record lacks.
 */
const sectionsByPresent = new Map<number, Excel.CardLayoutSection[]>();

function sectionsFor(present: number): Excel.CardLayoutSection[] {
  let sections = sectionsByPresent.get(present);
  if (sections === undefined) {
    sections = [{ layout: 'List', properties: CARD_NAMES.filter((_, i) => (present & (1 << i)) !== 0) }];
    sectionsByPresent.set(present, sections);
  }
  return sections;
}

/** The provider of every card: the service's description, its logo (when known) linking to the profile. */
export function providerAttributes(link: string | null, logoUrl: string | null): Excel.CellValueProviderAttributes {
  const provider: Excel.CellValueProviderAttributes = { description: PROVIDER.sourceLine };
  if (logoUrl !== null) provider.logoSourceAddress = logoUrl;
  if (link) provider.logoTargetAddress = safeText(link); // a checked https link: safe text all the same
  return provider;
}
