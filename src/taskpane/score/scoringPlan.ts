/**
 * The plan of "Score a column", pure so that it is tested without Excel: given where the supplier
 * names are (and optionally websites and countries) and the chosen outputs, which headers and which
 * CLIMATE formulas go into which new columns, and where the attribution goes.
 *
 * New columns start right of the sheet's used range, so nothing the analyst typed is overwritten.
 * Two layouts: one CLIMATE formula per output (every host), or, where Excel renders entities, the
 * card layout: one `CLIMATE.ORG` column holding each row's organization as a card, and each output a
 * field of it by Excel's dot notation (`=E3.Score`), which Excel reads from the card without calling
 * the add-in again. Headers go in the row above the first supplier; the attribution (logo + source
 * line) always in the row above the headers: Excel shows a data type's logo only inside its card, never in the grid.
 * When the suppliers start so high that there is no room, the plan asks for rows to be inserted at
 * the top of the sheet, and every row number in it already counts them.
 */
import { OUTPUTS, type OutputDefinition, type OutputFormula, type OutputKey } from '../sheet/outputs';
import { columnLetters } from '../sheet/a1';
import { entityField } from '../sheet/entityField';
import { PROVIDER } from '../../provider';

export type CellValue = string | number | boolean | null;

export interface ColumnSelection {
  /** 0-based column of the supplier names. */
  nameColumn: number;
  websiteColumn: number | null;
  countryColumn: number | null;
  /** 0-based row of the first supplier. */
  firstDataRow: number;
  /** The name cells, one per supplier row; blank ones get no formulas. */
  names: CellValue[];
  /** First column right of everything used on the sheet. */
  firstFreeColumn: number;
}

/** `cards`: a CLIMATE.ORG column and the outputs as its fields; `formulas`: one CLIMATE formula per output. */
export type Layout = 'cards' | 'formulas';

/** The header of the card layout's CLIMATE.ORG column. */
export const ORG_HEADER = 'Organization';

export interface PlanOptions {
  outputs: readonly OutputKey[];
  /** Absent: the formula layout, which every host calculates. */
  layout?: Layout;
  /** Hosts without data types: the profile link column cannot be left out (cells carry no link). */
  linkRequired: boolean;
  /** The host can place an image (ExcelApi 1.9 shapes); otherwise the source line stands alone. */
  logo: boolean;
}

export interface AttributionCell {
  row: number;
  /** Column of the logo image, null when the host cannot place one. */
  logoColumn: number | null;
  textColumn: number;
  formula: string;
}

export interface ScoringPlan {
  /** Whole rows to insert at the top of the sheet before writing. */
  insertRowsAtTop: number;
  headerRow: number;
  firstDataRow: number;
  firstColumn: number;
  /** Column of the first output: right of the CLIMATE.ORG column in the card layout, else firstColumn. */
  outputColumn: number;
  /** One per column written (the CLIMATE.ORG column's first in the card layout). */
  headers: string[];
  /** The output of each column from outputColumn on, in column order. */
  outputs: OutputKey[];
  /** One row per supplier row, one formula per header; '' leaves the cell empty (blank name). */
  formulas: string[][];
  attribution: AttributionCell;
  /** Indexes into `names` of the rows that got formulas. */
  scoredRows: number[];
}

export function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** The outputs in catalogue order, without repeats, plus the profile link where the host needs it. */
export function effectiveOutputs(options: PlanOptions): OutputDefinition[] {
  const keys = new Set<OutputKey>(options.outputs);
  if (keys.size === 0) throw new Error('Choose at least one output to write.');
  if (options.linkRequired) keys.add('link');
  return OUTPUTS.filter((output) => keys.has(output.key));
}

/** `"text"` as an Excel string literal. */
export function literal(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The source line every attribution writes: the provider's words, linking to its site. */
export const SOURCE_LINE_FORMULA = `=HYPERLINK(${literal(PROVIDER.site)},${literal(PROVIDER.sourceLine)})`;

interface RowArguments {
  name: string;
  website: string;
  country: string;
}

/** `CLIMATE.FN(name, ...middle, website, country)` without trailing empty arguments. */
function climateCall(fn: string, middle: string[], args: RowArguments): string {
  const list = [args.name, ...middle, args.website, args.country];
  while (list.length > 1 && list[list.length - 1] === '') list.pop();
  return `CLIMATE.${fn}(${list.join(',')})`;
}

/** The text of every profile link column. */
const LINK_TEXT = literal('Profile');

/** The formula of one output for one row, e.g. `=CLIMATE.FLAG($A2,"sbti",$B2)`. */
export function formulaFor(formula: OutputFormula, args: RowArguments): string {
  switch (formula.fn) {
    case 'SCORE':
    case 'MATCH':
      return `=${climateCall(formula.fn, [], args)}`;
    case 'FLAG':
      return `=${climateCall('FLAG', [literal(formula.initiative)], args)}`;
    case 'PROFILE':
      return `=${climateCall('PROFILE', [literal(formula.field)], args)}`;
    case 'LINK':
      return `=HYPERLINK(${climateCall('LINK', [], args)},${LINK_TEXT})`;
  }
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

/** The card layout's formula of one output, reading the row's card in `orgCell`: `=E3.Score`. */
export function cardFormula(formula: OutputFormula, orgCell: string): string {
  const field = entityField(outputField(formula));
  if (field === null) throw new Error(`The organization card has no field for "${outputField(formula)}".`);
  const read = `${orgCell}.${field.reference}`;
  return formula.fn === 'LINK' ? `=HYPERLINK(${read},${LINK_TEXT})` : `=${read}`;
}

export function planColumnScoring(selection: ColumnSelection, options: PlanOptions): ScoringPlan {
  const outputs = effectiveOutputs(options);
  if (selection.names.length === 0) throw new Error('The selection holds no supplier rows.');
  const rowsAbove = 2; // headers, and the attribution above them
  const insertRowsAtTop = Math.max(0, rowsAbove - selection.firstDataRow);
  const firstDataRow = selection.firstDataRow + insertRowsAtTop;
  const headerRow = firstDataRow - 1;
  const firstColumn = selection.firstFreeColumn;
  const cards = options.layout === 'cards';
  const outputColumn = cards ? firstColumn + 1 : firstColumn;
  const ref = (column: number | null, row: number): string =>
    column === null ? '' : `$${columnLetters(column)}${row + 1}`;

  const headers = [...(cards ? [ORG_HEADER] : []), ...outputs.map((output) => output.header)];
  const scoredRows: number[] = [];
  const formulas = selection.names.map((name, index) => {
    if (isBlank(name)) return headers.map(() => '');
    scoredRows.push(index);
    const row = firstDataRow + index;
    const args = {
      name: ref(selection.nameColumn, row),
      website: ref(selection.websiteColumn, row),
      country: ref(selection.countryColumn, row),
    };
    if (!cards) return outputs.map((output) => formulaFor(output.formula, args));
    const card = `${columnLetters(firstColumn)}${row + 1}`;
    return [`=${climateCall('ORG', [], args)}`, ...outputs.map((output) => cardFormula(output.formula, card))];
  });
  if (scoredRows.length === 0) throw new Error('Every selected supplier cell is empty.');

  const attribution: AttributionCell = {
    row: headerRow - 1,
    logoColumn: options.logo ? firstColumn : null,
    // Beside the logo when there is one, so that the text does not run under the image.
    textColumn: options.logo ? firstColumn + 1 : firstColumn,
    formula: SOURCE_LINE_FORMULA,
  };

  return {
    insertRowsAtTop,
    headerRow,
    firstDataRow,
    firstColumn,
    outputColumn,
    headers,
    outputs: outputs.map((output) => output.key),
    formulas,
    attribution,
    scoredRows,
  };
}
