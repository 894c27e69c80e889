/**
 * CLIMATE.ORG's result: on hosts that render entities, the organization as an `Excel.EntityCellValue`
 * (Excel's default card: the organization's name over its 27 fields, listed score and ranks first, then
 * the initiatives, then match, identity and links; the provider logo linking to the public profile), whose
 * properties Excel reads with dot notation (`=E3.Score`); elsewhere the matched name as text.
 *
 * Excel's rules for entities a custom function returns, kept here: `referencedValues` only at the
 * root (this entity uses none), every nested value with a `type` and a `basicValue` (NOT_AVAILABLE), and
 * every property of ENTITY_KEYS present: a value the record lacks is a #N/A error value, so
 * `=E3.Score` reads #N/A, never #FIELD!, for a field the card names. One more field says what the row
 * asked (Asked for, cardQuery.ts), unless the name the card shows says it or the row asked by one
 * identifier that the Match says was the `identifier`.
 */
import type { OrganizationRecord } from '../../service/types';
import { carriesInitiatives } from '../../service/records';
import { ASKED_PROPERTY, askedProperty, askedText, MATCH_PROPERTY } from './cardQuery';
import { cardLink, cardText } from './cardText';
import { markedSafe } from '../arguments/cellText';
import type { OrganizationArgument } from '../arguments/organizationArgument';
import { t } from '../../i18n/translate';
import { AS_OF_KEY, ENTITY_KEYS, entityField } from './entityFields';
import { PROFILE_FIELDS, type FieldValue, type ProfileField } from './fields';
import { FLAG_KEYS } from '../arguments/initiatives';
import { UNJUDGED, type MatchReading } from './nameMatch';
import { displayName, type ShapeContext } from './results';
import { providerAttributes } from './valueCards';

/** Before the initiatives when the service's answer carried none. */
export const INITIATIVES_NOTE_PROPERTY = 'Initiatives';

const BY_KEY = new Map<string, ProfileField>(PROFILE_FIELDS.map((field) => [field.key, field]));

export interface EntityReading {
  record: OrganizationRecord;
  /** The organization as the analyst wrote it (normalized). */
  requested: string;
  match: () => MatchReading;
  /** When this runtime received the record (ms since 1970). */
  receivedAt: number;
  /** The row's argument, which the card says where its text and Match do not (cardQuery.ts); null for a card read by its id alone. */
  argument: Readonly<OrganizationArgument> | null;
}

/**
 * A field the record lacks. Excel's entity-card docs: "Each nested property, or data type, must have a
 * `type` and `basicValue` setting", so the error carries its basic value and type as the typings spell
 * them (NotAvailableErrorCellValue), lest Excel refuse the whole card for the organizations that lack data.
 */
const NOT_AVAILABLE: Excel.NotAvailableErrorCellValue = {
  type: 'Error',
  basicValue: '#N/A',
  basicType: 'Error',
  errorType: 'NotAvailable',
};

/**
 * The metadata is set on the value, not spread into a copy: a spread here cost most of building a card.
 * `text` makes a text card-safe: cardText, or cardLink for the profile link (never cut).
 */
function cellValue(
  value: Exclude<FieldValue, null>,
  metadata: Excel.CellValuePropertyMetadata | undefined,
  text: (value: string) => string,
): Excel.EntityPropertyType {
  const cell: Excel.CellValueAndPropertyMetadata =
    typeof value === 'number'
      ? { type: 'Double', basicValue: value }
      : typeof value === 'boolean'
        ? { type: 'Boolean', basicValue: value }
        : { type: 'String', basicValue: text(value) };
  if (metadata) cell.propertyMetadata = metadata;
  return cell;
}

/**
 * Excel's date serial (days since 1899-12-30) of a moment's day in local time. The card's As of is a
 * day: what an age in days and the Changes sheet's dates need, and 18 bytes a card lighter than the
 * moment to the second with a time format (docs/excel.md "What a value weighs").
 */
function excelDay(ms: number): number {
  const local = ms - new Date(ms).getTimezoneOffset() * 60_000;
  return Math.floor(local / 86_400_000) + 25_569;
}

/**
 * The card's As of: when the service produced the record (its updated_at), which a cached copy keeps;
 * for a record the service left undated, when this runtime received it.
 */
function asOf(reading: EntityReading): number {
  return reading.record.updated_at === null ? reading.receivedAt : Date.parse(reading.record.updated_at);
}

/**
 * Cards already built, per record (shared by every cell of an organization) and what else shapes them:
 * a sheet that names an organization in several rows, or recalculates, builds its card once.
 */
const built = new WeakMap<OrganizationRecord, Map<string, Excel.EntityCellValue>>();

export function organizationEntity(reading: EntityReading, ctx: ShapeContext): Excel.EntityCellValue {
  // The argument by its parts, not its card query: a recalculation builds no query to look a card up.
  const { argument } = reading;
  const key = JSON.stringify([
    argument?.kind,
    reading.requested,
    argument?.query.website,
    argument?.query.hq_region,
    reading.match().verdict,
    ctx.scoreScale,
    ctx.logoUrl,
    reading.receivedAt,
  ]);
  let cards = built.get(reading.record);
  if (!cards) built.set(reading.record, (cards = new Map()));
  let entity = cards.get(key);
  if (!entity) cards.set(key, (entity = buildEntity(reading, ctx)));
  return entity;
}

/** The card's properties in order, each by its PROFILE field (null: AS_OF_KEY); worked out once. */
const PLAN: ReadonlyArray<{ key: string; field: ProfileField | null; property: string }> = ENTITY_KEYS.map((key) => ({
  key,
  field: key === AS_OF_KEY ? null : BY_KEY.get(key)!,
  property: entityField(key)!.property,
}));
const shownText = (property: Excel.EntityPropertyType | undefined): string | null =>
  property?.type === 'String' ? property.basicValue : null;
/** Where the note that the answer left initiatives out goes: before the first flag. */
const FIRST_FLAG: string = FLAG_KEYS[0];

function buildEntity(reading: EntityReading, ctx: ShapeContext): Excel.EntityCellValue {
  const { record, requested, match } = reading;
  const link = record.matching_organization?.link ?? null;
  const leftOut = !carriesInitiatives(record);
  const properties: Record<string, Excel.EntityPropertyType> = {};
  for (const { key, field, property } of PLAN) {
    if (key === FIRST_FLAG && leftOut)
      properties[INITIATIVES_NOTE_PROPERTY] = { type: 'String', basicValue: t('cells.initiativesLeftOut') };
    if (field === null) {
      properties[property] = {
        type: 'FormattedNumber',
        basicValue: excelDay(asOf(reading)),
        numberFormat: 'yyyy-mm-dd',
      };
      continue;
    }
    const value = field.read(record, ctx.scoreScale, match);
    if (value === null) {
      properties[property] = NOT_AVAILABLE;
      continue;
    }
    const metadata = key === 'match' && value === UNJUDGED ? { sublabel: t('cells.unjudged') } : undefined;
    properties[property] = cellValue(value, metadata, key === 'link' ? cardLink : cardText);
  }
  const name = cardText(displayName(record, requested));
  const asked = reading.argument && askedText(reading.argument, name, shownText(properties[MATCH_PROPERTY]));
  if (asked !== null) properties[ASKED_PROPERTY] = askedProperty(asked);
  const provider = providerAttributes(link, ctx.logoUrl, true);
  // No `layouts`: Excel's default card lists every property that is not excluded from card view, under
  // the value's text as title (the data-type docs, excel-data-types-add-properties-to-basic-cell-values,
  // "use a default data type card"; their pictures list the properties alphabetically). Sections named
  // each field a second time in every card, the title its name again, and the cell's `Organization`
  // icon cost 46 bytes a card (the typings make `layouts` and its icon optional): docs/excel.md "What a
  // value weighs". Every text went through cardText (safe, bounded) or is ours: the boundary need not walk it.
  return markedSafe({ type: 'Entity', text: name, properties, provider });
}
