/**
 * The card layout of Score a column, pure: where Excel renders entities, one CLIMATE.ORG column holds
 * each row's organization as a card, and every chosen output is a field of it by Excel's dot notation
 * (`=E3.Score`, `=E3.[Industry rank]`), which Excel reads from the card without calling the add-in.
 * One custom-function call per row, whatever the number of outputs.
 */
import { entityField } from '../../functions/results/entityFields';
import { callText, type ArgumentTexts } from '../sheet/formulas';
import { linkText, type OutputFormula } from '../sheet/outputs';

/** `cards`: a CLIMATE.ORG column and the outputs as its fields; `formulas`: one CLIMATE formula per output. */
export type Layout = 'cards' | 'formulas';

/** The card formula of a row: `=CLIMATE.ORG($A3,$B3,$C3)`. */
export function orgFormula(args: ArgumentTexts): string {
  return `=${callText('ORG', args)}`;
}

/** The PROFILE field an output shows, which is also the card property it reads. */
export function outputField(formula: OutputFormula): string {
  switch (formula.fn) {
    case 'SCORE':
      return 'score';
    case 'MATCH':
      return 'match';
    case 'FLAG':
      return formula.initiative;
    case 'PROFILE':
      return formula.field;
    case 'LINK':
      return 'link';
  }
}

/** An output read from the row's card in `orgCell`: `=E3.Score`, `=HYPERLINK(E3.[Profile link],"Profile")`. */
export function cardFormula(formula: OutputFormula, orgCell: string): string {
  const field = entityField(outputField(formula));
  if (field === null) throw new Error(`The organization card has no field for "${outputField(formula)}".`);
  const read = `${orgCell}.${field.reference}`;
  return formula.fn === 'LINK' ? `=HYPERLINK(${read},${linkText()})` : `=${read}`;
}
