/**
 * The card layout read back, pure. A cell such as `=E3.Score` or `=HYPERLINK(E3.[Profile link],"Profile")`
 * reads a field of the organization card in E3, whose `=CLIMATE.ORG($A3,$B3,$C3)` names the
 * organization. Each such dot reference stands for the CLIMATE call that gives the same value
 * (`E3.Score` for `CLIMATE.SCORE($A3,$B3,$C3)`, `E3.SBTi` for `CLIMATE.FLAG($A3,"sbti",$B3,$C3)`), so
 * the match review, the summary and the attribution check read a card block as a block of formulas.
 * Only a card in the same row of the same sheet is followed: that is the layout the pane writes, and a
 * row's fields belong to that row's organization.
 */
import { PROFILE_FIELDS } from '../../functions/fields';
import { FLAG_KEYS } from '../../functions/initiatives';
import { parseCellRef, type CellRef } from './a1';
import { ARGUMENT_POSITIONS, climateCalls } from './climateCalls';
import { entityField } from './entityField';
import type { CellValue } from '../score/scoringPlan';

/** Formulas (or values) of a part of a sheet, `formulas[0][0]` at (rowIndex, columnIndex). */
export interface FormulaCells {
  sheet: string;
  rowIndex: number;
  columnIndex: number;
  formulas: ReadonlyArray<ReadonlyArray<CellValue>>;
}

/** A field read from a cell by dot notation: `E3.Score`, `'Q3'!$E$3.[Industry rank]`. */
export interface DotReference {
  ref: CellRef;
  /** The property name as written, brackets removed. */
  property: string;
}

/** A cell reference followed by `.Name` or `.[Any name]`, not inside a longer name or number. */
const DOT_REFERENCE =
  /(?<![A-Za-z0-9_.$!'\]])((?:'(?:[^']|'')+'|[A-Za-z0-9_]+)!)?(\$?[A-Za-z]{1,3}\$?[1-9]\d{0,6})\.(\[[^\]]+\]|[A-Za-z_][A-Za-z0-9_]*)/g;

/** The dot references of a formula, outside its string literals. */
export function dotReferences(formula: string): DotReference[] {
  // Literals blanked (same length), so that `"E3.Score"` typed as text is not read as a reference.
  const code = formula.replace(/"(?:[^"]|"")*"/g, (literal) => ' '.repeat(literal.length));
  const found: DotReference[] = [];
  for (const match of code.matchAll(DOT_REFERENCE)) {
    const ref = parseCellRef(`${match[1] ?? ''}${match[2]}`);
    const property = match[3].startsWith('[') ? match[3].slice(1, -1) : match[3];
    if (ref) found.push({ ref, property });
  }
  return found;
}

/** The arguments of the CLIMATE.ORG call in a cell, or null when the cell holds no card formula. */
function cardArguments(grid: FormulaCells, row: number, column: number): string[] | null {
  const formula = grid.formulas[row - grid.rowIndex]?.[column - grid.columnIndex];
  if (typeof formula !== 'string' || !formula.startsWith('=')) return null;
  return climateCalls(formula).find((call) => call.name === 'ORG')?.args ?? null;
}

/** The PROFILE field a card property names (case-insensitive, as Excel looks properties up), or null. */
export function fieldOfProperty(property: string): string | null {
  const wanted = property.toLowerCase();
  return PROFILE_FIELDS.find((field) => entityField(field.key)?.property.toLowerCase() === wanted)?.key ?? null;
}

/** The function that gives a field's value from the organization, and its own middle argument if any. */
function equivalentCall(field: string): { name: string; middle: string | null } {
  if (field === 'score' || field === 'match' || field === 'link' || field === 'status') {
    return { name: field.toUpperCase(), middle: null };
  }
  return { name: (FLAG_KEYS as readonly string[]).includes(field) ? 'FLAG' : 'PROFILE', middle: `"${field}"` };
}

/** A dot reference to a same-row card, as the CLIMATE call it stands for. */
export interface CardCall {
  name: string;
  /** The call's arguments: the card's organization, website and country, and the field where it takes one. */
  args: string[];
  /** The card cell it reads. */
  card: { row: number; column: number };
}

/** The card fields a formula in `row` reads, each as its equivalent CLIMATE call. */
export function cardCalls(formula: CellValue, grid: FormulaCells, row: number): CardCall[] {
  if (typeof formula !== 'string' || !formula.startsWith('=')) return [];
  const calls: CardCall[] = [];
  for (const { ref, property } of dotReferences(formula)) {
    if (ref.row !== row || (ref.sheet !== null && ref.sheet.toLowerCase() !== grid.sheet.toLowerCase())) continue;
    const organization = cardArguments(grid, ref.row, ref.column);
    const field = fieldOfProperty(property);
    if (organization === null || field === null) continue;
    const { name, middle } = equivalentCall(field);
    // ORG's organization, website and country go where this function takes them; its field in between.
    const args: string[] = [];
    ARGUMENT_POSITIONS[name].forEach((position, i) => (args[position] = organization[ARGUMENT_POSITIONS.ORG[i]] ?? ''));
    if (middle !== null) args[1] = middle;
    while (args.length > 1 && (args[args.length - 1] ?? '') === '') args.pop();
    calls.push({ name, args: Array.from(args, (arg) => arg ?? ''), card: { row: ref.row, column: ref.column } });
  }
  return calls;
}

/** The columns of the cards that these formulas of `row` read their fields from. */
export function cardColumns(grid: FormulaCells, row: number, formulas: readonly CellValue[]): Set<number> {
  return new Set(formulas.flatMap((formula) => cardCalls(formula, grid, row).map((call) => call.card.column)));
}
