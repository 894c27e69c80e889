/**
 * The plan of "Score a column", pure so that it is tested without Excel: given where the supplier
 * names are (and optionally websites and countries) and the chosen outputs, which headers and which
 * CLIMATE formulas go into which new columns, and where the attribution goes.
 *
 * New columns start right of the sheet's used range, so nothing the analyst typed is overwritten.
 * Headers go in the row above the first supplier; the attribution (logo + source line) always in the
 * row above the headers: Excel shows a data type's logo only inside its card, never in the grid.
 * When the suppliers start so high that there is no room, the plan asks for rows to be inserted at
 * the top of the sheet, and every row number in it already counts them.
 */
import { OUTPUTS, type OutputDefinition, type OutputFormula, type OutputKey } from '../sheet/outputs';
import { columnLetters } from '../sheet/a1';
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

export interface PlanOptions {
  outputs: readonly OutputKey[];
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
  headers: string[];
  /** The output of each column, in column order. */
  outputs: OutputKey[];
  /** One row per supplier row, one formula per column; '' leaves the cell empty (blank name). */
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

/** The formula of one output for one row, e.g. `=CLIMATE.FLAG($A2,"sbti",$B2)`. */
export function formulaFor(formula: OutputFormula, args: { name: string; website: string; country: string }): string {
  const call = (fn: string, middle: string[]): string => {
    const list = [args.name, ...middle, args.website, args.country];
    while (list.length > 1 && list[list.length - 1] === '') list.pop();
    return `CLIMATE.${fn}(${list.join(',')})`;
  };
  switch (formula.fn) {
    case 'SCORE':
      return `=${call('SCORE', [])}`;
    case 'MATCH':
      return `=${call('MATCH', [])}`;
    case 'FLAG':
      return `=${call('FLAG', [literal(formula.initiative)])}`;
    case 'PROFILE':
      return `=${call('PROFILE', [literal(formula.field)])}`;
    case 'LINK':
      return `=HYPERLINK(${call('LINK', [])},${literal('Profile')})`;
  }
}

export function planColumnScoring(selection: ColumnSelection, options: PlanOptions): ScoringPlan {
  const outputs = effectiveOutputs(options);
  if (selection.names.length === 0) throw new Error('The selection holds no supplier rows.');
  const rowsAbove = 2; // headers, and the attribution above them
  const insertRowsAtTop = Math.max(0, rowsAbove - selection.firstDataRow);
  const firstDataRow = selection.firstDataRow + insertRowsAtTop;
  const headerRow = firstDataRow - 1;
  const firstColumn = selection.firstFreeColumn;
  const ref = (column: number | null, row: number): string =>
    column === null ? '' : `$${columnLetters(column)}${row + 1}`;

  const scoredRows: number[] = [];
  const formulas = selection.names.map((name, index) => {
    if (isBlank(name)) return outputs.map(() => '');
    scoredRows.push(index);
    const row = firstDataRow + index;
    const args = {
      name: ref(selection.nameColumn, row),
      website: ref(selection.websiteColumn, row),
      country: ref(selection.countryColumn, row),
    };
    return outputs.map((output) => formulaFor(output.formula, args));
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
    headers: outputs.map((output) => output.header),
    outputs: outputs.map((output) => output.key),
    formulas,
    attribution,
    scoredRows,
  };
}
