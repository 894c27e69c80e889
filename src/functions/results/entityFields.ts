/**
 * The fields of CLIMATE.ORG's organization entity: which PROFILE fields it carries, under which
 * property names (PROFILE's headers, so `=E3.Score` and `CLIMATE.PROFILE(A3, "score")` agree), in
 * which order, and how a formula names each with Excel's dot notation (`=E3.Score`,
 * `=E3.[Industry rank]`). The pane writes dot formulas from `entityField`.
 */
import { PROFILE_FIELDS } from './fields';
import { FLAG_KEYS } from '../arguments/initiatives';

/** The one property that is no PROFILE field: when the service produced the record (organizationEntity.ts). */
export const AS_OF_KEY = 'as_of';
export const AS_OF_PROPERTY = 'As of';

/**
 * The card's fields in the order the entity lists them: the score and ranks, then the initiatives, then
 * the match, identity and links. Excel's own card shows them without sections (docs/excel.md "What a
 * value weighs": sections named every field a second time in every card). Not on the card, for its
 * weight: the profile's status (CLIMATE.STATUS; a card's is all but always `synced`), the
 * relationship (the Match field says it whenever it is not the requested organization itself) and the
 * matched organization's name (the card's text: the cell shows it, and `=VALUETOTEXT(E3)` gives it).
 */
export const ENTITY_KEYS: readonly string[] = [
  'score',
  'percentile',
  'rank',
  'industry_rank',
  'region_rank',
  'industry_mean',
  ...FLAG_KEYS,
  'match',
  'industry',
  'hq_region',
  'link',
  'website',
  'id',
  AS_OF_KEY,
];

export interface EntityField {
  /** The entity's property name, e.g. `Industry rank`. */
  readonly property: string;
  /**
   * How a dot formula names it after the cell: `Score`, or bracketed (`[Industry rank]`, `[RE100]`) when
   * it is not a plain identifier or could read as a cell reference.
   */
  readonly reference: string;
}

/** A name Excel reads after the dot without brackets: letters, digits and underscores, not starting with a digit. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * A name that is also a cell reference, A1 (`RE100`: column RE, row 100) or R1C1 (`R`, `C2`, `R1C1`):
 * Microsoft documents no rule for such a name after the dot, and brackets are always read as a field
 * name, so it is bracketed.
 */
const READS_AS_REFERENCE = /^(?:[A-Za-z]{1,3}[0-9]+|R[0-9]*(?:C[0-9]*)?|C[0-9]*)$/i;
const bare = (name: string): boolean => PLAIN_NAME.test(name) && !READS_AS_REFERENCE.test(name);

/** Every field the entity carries, worked out once: a card is built per organization of a sheet. */
const FIELDS: ReadonlyMap<string, EntityField> = new Map(
  ENTITY_KEYS.flatMap((key) => {
    const property = key === AS_OF_KEY ? AS_OF_PROPERTY : PROFILE_FIELDS.find((field) => field.key === key)?.header;
    if (property === undefined) return [];
    return [[key, { property, reference: bare(property) ? property : `[${property}]` }] as const];
  }),
);

/**
 * The entity property of a PROFILE field key (or AS_OF_KEY) and its dot reference; null for a field the
 * entity does not carry (e.g. `external_id`), for which the pane writes a formula instead.
 */
export function entityField(key: string): EntityField | null {
  return FIELDS.get(key) ?? null;
}
