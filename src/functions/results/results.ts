/**
 * Result shaping: a final organization record becomes what the cell shows. On hosts with data types
 * (CustomFunctionsRuntime 1.4 and ExcelApi 1.19) every score and flag is a cell value that still behaves as a number or
 * a boolean (SUM, SORT, conditional formatting) and carries the licence's attribution: a card with
 * the organization's context and `provider` = the service's logo, linking to the public profile. On
 * older hosts values are plain and the task pane writes the attribution beside the columns instead.
 * Values the record lacks become #N/A elements, never 0 or an empty string.
 */
import { t } from '../../i18n/translate';
import type { ScoreScale } from '../../settings/settings';
import type { OrganizationRecord } from '../../service/types';
import { carriesInitiatives } from '../../service/records';
import { initiativesLeftOut, noNameCompared, notPublished, CellFailure } from './errors';
import { PROFILE_FIELDS, type FieldValue, type ProfileField } from './fields';
import { FLAG_KEYS, FLAG_LABELS, flagOf, isInitiative, type FlagKey } from '../arguments/initiatives';
import type { MatchReading } from './nameMatch';
import { markedSafe, safeText } from '../arguments/cellText';
import { scaleScore } from './scoreScale';
import { cardFor, matchProperties, type AttributedValue, type Card, type CardContext } from './valueCards';

export interface ShapeContext extends CardContext {
  scoreScale: ScoreScale;
  /** The host renders attributed data types (CustomFunctionsRuntime 1.4 and ExcelApi 1.19, see office/host.ts). */
  dataTypes: boolean;
}

type PlainValue = string | number | boolean;
export type CellResult = PlainValue | AttributedValue;
/** An element of a spilled result: a value, or a failure the boundary turns into an error element. */
export type SpillElement = CellResult | CellFailure;

/** The name a record goes by in titles and messages. */
export function displayName(record: OrganizationRecord, requested: string): string {
  return record.matching_organization?.name ?? record.name ?? requested;
}

export function scoreResult(record: OrganizationRecord, requested: string, ctx: ShapeContext): CellResult {
  const score = scaleScore(record.score, ctx.scoreScale);
  if (score === null) throw notPublished(t('cells.climateScore'), displayName(record, requested));
  return attributed(score, record, 'Climate score', ctx);
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
 * MATCH's word. Where cells carry data types its card shows what answered, how it relates to what was
 * asked and how alike the names are, with the same provider attribution as every other cell.
 */
export function matchResult(reading: MatchReading, record: OrganizationRecord, ctx: ShapeContext): CellResult {
  if (!ctx.dataTypes) return reading.verdict;
  const card = cardFor(record, ctx);
  const properties = matchProperties(reading);
  return { type: 'String', basicValue: reading.verdict, properties, provider: card.provider };
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
  return attributed(value, record, label, ctx);
}

function attributed(value: PlainValue, record: OrganizationRecord, label: string, ctx: ShapeContext): CellResult {
  if (!ctx.dataTypes) return value;
  const card = cardFor(record, ctx);
  // Every cell of the organization that shows this value under this label shows the same object.
  const shown = typeof value === 'string' ? safeText(value) : value;
  let cell = card.cells[label];
  if (cell?.basicValue !== shown) {
    cell = attributedValue(shown, card);
    card.cells[label] = cell;
  }
  return cell;
}

/**
 * `shown`: the value as the cell shows it (a text made safe); the card's parts were built safe. A text
 * (PROFILE's names, ranks, link) carries the logo linking to the profile but not the link property: a
 * name may run to 255 characters, and the link's own cell would repeat itself.
 */
function attributedValue(shown: PlainValue, { properties, provider }: Card): AttributedValue {
  if (typeof shown === 'string') return markedSafe({ type: 'String', basicValue: shown, provider });
  const attribution = properties === null ? { provider } : { properties, provider };
  if (typeof shown === 'number') return markedSafe({ type: 'Double', basicValue: shown, ...attribution });
  return markedSafe({ type: 'Boolean', basicValue: shown, ...attribution });
}
