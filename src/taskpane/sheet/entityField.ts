/**
 * How CLIMATE.ORG's organization card names a PROFILE field: its property is PROFILE's header for the
 * field (`Score`, `Industry rank`, the flag labels, `Profile link`), and a formula reads it with Excel's
 * dot notation, brackets around a name that is not a plain identifier (`=E3.Score`,
 * `=E3.[Industry rank]`). The pane writes card fields from here and reads them back through here.
 */
import { PROFILE_FIELDS } from '../../functions/fields';

export interface EntityField {
  /** The entity's property name, e.g. `Industry rank`. */
  property: string;
  /** How a dot formula names it after the cell: `Score`, or `[Industry rank]`. */
  reference: string;
}

/** A name Excel reads after the dot without brackets: letters, digits and underscores, not starting with a digit. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The card property of a PROFILE field key and its dot reference; null for a key PROFILE does not know. */
export function entityField(key: string): EntityField | null {
  const property = PROFILE_FIELDS.find((field) => field.key === key)?.header;
  if (property === undefined) return null;
  return { property, reference: PLAIN_NAME.test(property) ? property : `[${property}]` };
}
