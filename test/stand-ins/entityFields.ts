/**
 * Excel's own ways of reading an entity's fields, which cost no custom-function call: dot notation
 * (`=B2.Score`, `=B2.[Industry rank]`) and `=FIELDVALUE(B2, "Score")`. As Excel documents them: the
 * property is found by name in any case; a name the value lacks is #FIELD!, and so is a cell that
 * holds no entity and no number, text or TRUE/FALSE carrying properties (those answer dot notation as
 * an entity does: SCORE's value with its card); an error in the cell passes through; a property's
 * value is what the cell shows (a number, text, TRUE/FALSE, an error, or a nested entity).
 *
 * And the rules Excel applies to a card a custom function returns (checked on every returned value
 * that has properties): `referencedValues` only at the root entity (Excel shows #VALUE! otherwise), a
 * card's sections and sub-title naming properties the entity has, TwoColumn sections only from
 * ExcelApi 1.19, and every nested property with a `type` and a `basicValue` (Microsoft's entity-card
 * page: "Each nested property, or data type, must have a type and basicValue setting"; an error's is
 * its code, `#N/A`, per NotAvailableErrorCellValue in the typings). No Microsoft document bounds a
 * text's length (the add-in bounds its own texts, src/functions/cardText.ts), so the harness does not.
 */
import { errorLiteral, type Outcome } from './cellOutcome';

export interface FieldFormula {
  /** The cell holding the entity, e.g. `B2` or `Sheet1!B2`. */
  address: string;
  field: string;
  via: 'dot' | 'FIELDVALUE';
}

const SHEET = String.raw`(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_]*)!`;
const CELL = String.raw`(?:${SHEET})?\$?[A-Za-z]{1,3}\$?[1-9][0-9]*`;
const DOT = new RegExp(String.raw`^=\s*(${CELL})\.(?:\[([^\]]+)\]|([A-Za-z_][A-Za-z0-9_]*))\s*$`);
const FIELDVALUE = new RegExp(String.raw`^=\s*FIELDVALUE\(\s*(${CELL})\s*,\s*"((?:[^"]|"")+)"\s*\)\s*$`, 'i');

/** A dot-notation or FIELDVALUE formula, or null for anything else. */
export function parseFieldFormula(text: string): FieldFormula | null {
  const dot = DOT.exec(text.trim());
  if (dot) return { address: dot[1], field: dot[2] ?? dot[3], via: 'dot' };
  const call = FIELDVALUE.exec(text.trim());
  return call ? { address: call[1], field: call[2].replace(/""/g, '"'), via: 'FIELDVALUE' } : null;
}

type Json = Record<string, unknown>;

const isEntity = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && (value as Json).type === 'Entity';

/** An entity, or a Double/String/Boolean value with properties: the values dot notation reads. */
const hasFields = (value: unknown): value is Json =>
  isEntity(value) ||
  (typeof value === 'object' &&
    value !== null &&
    ['Double', 'String', 'Boolean'].includes(String((value as Json).type)) &&
    typeof (value as Json).properties === 'object');

/** What a field formula shows, given what the referenced cell holds. */
export function fieldOutcome(source: Outcome, field: string): Outcome {
  if (source.kind === 'error') return source;
  if (!hasFields(source.value)) return { kind: 'error', code: '#FIELD!' };
  const property = propertyNamed((source.value.properties ?? {}) as Record<string, Json>, field);
  const excluded = (property?.propertyMetadata as Json | undefined)?.excludeFrom as Json | undefined;
  if (property === undefined || excluded?.dotNotation === true) return { kind: 'error', code: '#FIELD!' };
  if (property.type === 'Error') return { kind: 'error', code: errorLiteral(property.errorType) };
  if (property.type === 'Entity') return { kind: 'value', value: property };
  return { kind: 'value', value: property.basicValue ?? null };
}

/** The first property whose name is `field` in any case. */
function propertyNamed(properties: Record<string, Json>, field: string): Json | undefined {
  const wanted = field.toLowerCase();
  for (const name in properties) if (name.toLowerCase() === wanted) return properties[name];
  return undefined;
}

/** The rules above that `entity` breaks (none: an empty list); `hasTwoColumn` is ExcelApi 1.19. */
export function entityRuleViolations(entity: Json, hasTwoColumn: boolean, root = true): string[] {
  const problems: string[] = [];
  if (!root && entity.referencedValues !== undefined) problems.push('referencedValues below the root entity');
  // Loops rather than entries and closures: every card a sheet returns is checked, 50,000 in a big one.
  const properties = (entity.properties ?? {}) as Record<string, Json>;
  for (const name in properties) {
    const property = properties[name];
    if (name.trim() === '') problems.push('a property without a name');
    if (property.type === 'Entity') problems.push(...entityRuleViolations(property, hasTwoColumn, false));
    else if (typeof property.type !== 'string' || property.basicValue === undefined)
      problems.push(`property ${name}: no type and basicValue`);
  }
  const card = ((entity.layouts ?? {}) as Json).card as Json | undefined;
  if (card?.subTitle !== undefined && !namesProperty((card.subTitle as Json).property, properties))
    problems.push('the sub-title names no property');
  for (const section of (card?.sections ?? []) as Json[]) {
    if (section.layout === 'TwoColumn' && !hasTwoColumn) problems.push('a TwoColumn section needs ExcelApi 1.19');
    for (const property of (section.properties ?? []) as unknown[])
      if (!namesProperty(property, properties)) problems.push(`section ${String(section.title)} names no property`);
  }
  return problems;
}

/** `property` is the name of one of `properties` (a card's sub-title and sections name them). */
const namesProperty = (property: unknown, properties: Json): boolean =>
  typeof property === 'string' && property in properties;
