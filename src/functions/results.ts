/**
 * Result shaping: a final organization record becomes what the cell shows. On hosts with data types
 * (CustomFunctionsRuntime 1.4 and ExcelApi 1.19) every score and flag is a cell value that still behaves as a number or
 * a boolean (SUM, SORT, conditional formatting) and carries the licence's attribution: a card with
 * the organization's context and `provider` = the service's logo, linking to the public profile. On
 * older hosts values are plain and the task pane writes the attribution beside the columns instead.
 * Values the record lacks become #N/A elements, never 0 or an empty string.
 */
import type { ScoreScale } from '../settings/settings';
import type { OrganizationRecord } from '../service/types';
import { carriesInitiatives } from '../service/records';
import { initiativesLeftOut, noNameCompared, notPublished, CellFailure } from './errors';
import { PROFILE_FIELDS, type FieldValue, type ProfileField } from './fields';
import { FLAG_KEYS, FLAG_LABELS, flagOf, isInitiative, type FlagKey } from './initiatives';
import type { MatchReading } from './nameMatch';
import { cardText } from './cardText';
import { markedSafe, safeText } from './cellText';
import { scaleScore } from './scoreScale';
import { PROVIDER } from '../provider';

export interface ShapeContext {
  /** The host renders attributed data types (CustomFunctionsRuntime 1.4 and ExcelApi 1.19, see office/host.ts). */
  dataTypes: boolean;
  scoreScale: ScoreScale;
  /** The provider logo served from the add-in's own assets; null when the origin is unknown. */
  logoUrl: string | null;
}

/**
 * A value's card and MATCH's card name each field as CLIMATE.ORG's card and PROFILE do (fields.ts),
 * so one dot-notation name (`=C2.[Profile link]`) reads it on any of them.
 */
const FIELD_HEADER: Readonly<Record<string, string>> = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field.key, field.header]),
);
/** What the row asked for, as the cell had it: only these two cards show it. */
const REQUESTED = 'Requested';

type PlainValue = string | number | boolean;
type AttributedValue = Excel.DoubleCellValue | Excel.BooleanCellValue | Excel.StringCellValue;
export type CellResult = PlainValue | AttributedValue;
/** An element of a spilled result: a value, or a failure the boundary turns into an error element. */
export type SpillElement = CellResult | CellFailure;

interface Attribution {
  properties: Record<string, Excel.CellValue>;
  layouts: Excel.BasicViewLayouts;
  provider: Excel.CellValueProviderAttributes;
}

/** The name a record goes by in titles and messages. */
export function displayName(record: OrganizationRecord, requested: string): string {
  return record.matching_organization?.name ?? record.name ?? requested;
}

export function scoreResult(record: OrganizationRecord, requested: string, ctx: ShapeContext): CellResult {
  const score = scaleScore(record.score, ctx.scoreScale);
  if (score === null) throw notPublished('climate score', displayName(record, requested));
  return attributed(score, record, requested, 'Climate score', ctx);
}

export function flagResult(record: OrganizationRecord, key: FlagKey, requested: string, ctx: ShapeContext): CellResult {
  const result = element(flagOf(record, key), FLAG_LABELS[key], record, requested, ctx, key);
  if (result instanceof CellFailure) throw result;
  return result;
}

/** The 14 flags as one row, in FLAG_KEYS order. */
export function flagsRow(record: OrganizationRecord, requested: string, ctx: ShapeContext): SpillElement[][] {
  return [FLAG_KEYS.map((key) => element(flagOf(record, key), FLAG_LABELS[key], record, requested, ctx, key))];
}

/** Without fields: the whole profile as a (header, value) table; with fields: one row of values. */
export function profileResult(
  record: OrganizationRecord,
  fields: readonly ProfileField[] | null,
  requested: string,
  ctx: ShapeContext,
  match: () => MatchReading,
): SpillElement[][] {
  const value = (field: ProfileField): SpillElement =>
    element(field.read(record, ctx.scoreScale, match), field.header, record, requested, ctx, field.key);
  if (fields === null) return PROFILE_FIELDS.map((field) => [field.header, value(field)]);
  return [fields.map(value)];
}

/**
 * MATCH's word. Where cells carry data types its card shows what was asked, what answered, how they
 * relate and how alike the names are, with the same provider attribution as every other cell.
 */
export function matchResult(
  reading: MatchReading,
  record: OrganizationRecord,
  requested: string,
  ctx: ShapeContext,
): CellResult {
  if (!ctx.dataTypes) return reading.verdict;
  const entries: Array<[string, string | number | null]> = [
    [REQUESTED, requested],
    [FIELD_HEADER.matched_name, reading.matchedName],
    [FIELD_HEADER.relationship, reading.relationship],
    [FIELD_HEADER.match_similarity, reading.similarity],
    [FIELD_HEADER.match, reading.verdict],
    [FIELD_HEADER.link, record.matching_organization?.link ?? null],
  ];
  const properties = cellProperties(entries);
  const card: Excel.CardLayout = {
    title: cardText(`Match: ${displayName(record, requested)}`),
    sections: [{ layout: 'List', properties: Object.keys(properties) }],
  };
  const provider = cardFor(record, requested, ctx).provider;
  return { type: 'String', basicValue: reading.verdict, properties, layouts: { card }, provider };
}

/**
 * One field's cell: attributed when the host has data types, #N/A when the record lacks it (saying so
 * when the answer left every initiative out rather than the organization having none on record).
 */
function element(
  value: FieldValue,
  label: string,
  record: OrganizationRecord,
  requested: string,
  ctx: ShapeContext,
  key: string,
): SpillElement {
  if (value === null) {
    const name = displayName(record, requested);
    if (key === 'match_similarity') return noNameCompared(name);
    return isInitiative(key) && !carriesInitiatives(record)
      ? initiativesLeftOut(label, name)
      : notPublished(label, name);
  }
  return attributed(value, record, requested, label, ctx);
}

function attributed(
  value: PlainValue,
  record: OrganizationRecord,
  requested: string,
  label: string,
  ctx: ShapeContext,
): CellResult {
  if (!ctx.dataTypes) return value;
  const card = cardFor(record, requested, ctx);
  // Every cell of the organization that shows this value under this label shows the same object.
  const shown = typeof value === 'string' ? safeText(value) : value;
  let cell = card.cells[label];
  if (cell?.basicValue !== shown) {
    cell = attributedValue(shown, record, requested, label, card);
    card.cells[label] = cell;
  }
  return cell;
}

/** `shown`: the value as the cell shows it (a text made safe). */
function attributedValue(
  shown: PlainValue,
  record: OrganizationRecord,
  requested: string,
  label: string,
  card: Card,
): AttributedValue {
  // Built safe: the card's shared parts were (buildCard), and the texts here are.
  const { properties, provider, sections } = card;
  const title = cardText(`${label}: ${displayName(record, requested)}`);
  const attribution = { properties, layouts: { card: { title, sections } }, provider };
  if (typeof shown === 'number') return markedSafe({ type: 'Double', basicValue: shown, ...attribution });
  if (typeof shown === 'boolean') return markedSafe({ type: 'Boolean', basicValue: shown, ...attribution });
  return markedSafe({ type: 'String', basicValue: shown, ...attribution });
}

interface Card extends Pick<Attribution, 'properties' | 'provider'> {
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

function cardFor(record: OrganizationRecord, requested: string, ctx: ShapeContext): Card {
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

/** Card properties from (name, value) entries, texts made safe; values the record lacks are left out. */
function cellProperties(entries: Array<[string, string | number | null]>): Record<string, Excel.CellValue> {
  const properties: Record<string, Excel.CellValue> = {};
  for (const [name, value] of entries) {
    if (value === null) continue;
    properties[name] =
      typeof value === 'number'
        ? { type: 'Double', basicValue: value }
        : { type: 'String', basicValue: cardText(value) };
  }
  return properties;
}

/** The organization's context, and the provider's logo linking to the public profile. */
function buildCard(record: OrganizationRecord, requested: string, ctx: ShapeContext): Card {
  const matched = record.matching_organization;
  const entries: Array<[string, string | number | null]> = [
    [REQUESTED, requested],
    [FIELD_HEADER.matched_name, matched?.name ?? null],
    [FIELD_HEADER.relationship, record.organization_relationship_type],
    [FIELD_HEADER.industry, matched?.industry?.name ?? record.industry?.name ?? null],
    [FIELD_HEADER.industry_mean, scaleScore(record.industry?.mean_score ?? null, ctx.scoreScale)],
    [FIELD_HEADER.rank, record.rank],
    [FIELD_HEADER.industry_rank, record.industry_rank],
    [FIELD_HEADER.region_rank, record.region_rank],
    [FIELD_HEADER.percentile, record.industry_score_percentile],
    [FIELD_HEADER.status, record.status],
    [FIELD_HEADER.link, matched?.link ?? null],
  ];
  // Shared by every value of the card, each built safe (attributedValue): their texts are made safe as they are set.
  const properties = cellProperties(entries);
  const provider = providerAttributes(matched?.link ?? null, ctx.logoUrl);
  const { scoreScale, logoUrl } = ctx;
  return { properties, provider, sections: sectionsFor(properties), requested, scoreScale, logoUrl, cells: {} };
}

/**
 * The card's one section, listing the properties it has: cards with the same properties share one
 * (most records carry every field), since a list per card was 13 MB of a 100,000-supplier workbook.
 * Their names are ours, so there are only as many lists as combinations of fields a record lacks.
 */
const sectionsByNames = new Map<string, Excel.CardLayoutSection[]>();

function sectionsFor(properties: Record<string, Excel.CellValue>): Excel.CardLayoutSection[] {
  const names = Object.keys(properties);
  const key = names.join('\n');
  let sections = sectionsByNames.get(key);
  if (sections === undefined) {
    sections = [{ layout: 'List', properties: names }];
    sectionsByNames.set(key, sections);
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
