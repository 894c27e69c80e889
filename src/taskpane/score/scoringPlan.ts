/**
 * The plan of "Score a column", pure so that it is tested without Excel: given where the supplier
 * names are (and optionally websites and countries) and the chosen outputs, which headers and which
 * CLIMATE formulas go into which new columns, and where the attribution goes.
 *
 * New columns start right of the sheet's used range, so nothing the analyst typed is overwritten.
 * Two layouts: one CLIMATE formula per output (every host), or, where Excel renders entities, the
 * card layout (cardLayout.ts): a CLIMATE.ORG column and each output a field of its card. Headers go
 * in the row above the first supplier; the attribution (logo + source line) always in the row above
 * the headers: Excel shows a data type's logo only inside its card, never in the grid.
 * When the suppliers start so high that there is no room, the plan asks for rows to be inserted at
 * the top of the sheet, and every row number in it already counts them.
 */
import type { FlagKey } from '../../functions/initiatives';
import type { BlockLayout } from '../common/blockScored';
import { columnLetters } from '../sheet/a1';
import { isBlank, type SheetRange } from '../sheet/grid';
import { formulaFor, OUTPUTS, type OutputDefinition, type OutputKey } from '../sheet/outputs';
import type { ColumnSelection } from '../sheet/selectionModel';
import { SOURCE_LINE_FORMULA, type AttributionCell } from '../sheet/sourceLine';
import { cardFormula, ORG_HEADER, orgFormula, type Layout } from './cardLayout';

export interface PlanOptions {
  outputs: readonly OutputKey[];
  /** Absent: the formula layout, which every host calculates. */
  layout?: Layout;
  /** Hosts without data types: the profile link column cannot be left out (cells carry no link). */
  linkRequired: boolean;
  /** The host can place an image (ExcelApi 1.9 shapes); otherwise the source line stands alone. */
  logo: boolean;
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

/** The outputs in catalogue order, without repeats, plus the profile link where the host needs it. */
export function effectiveOutputs(options: PlanOptions): OutputDefinition[] {
  const keys = new Set<OutputKey>(options.outputs);
  if (keys.size === 0) throw new Error('Choose at least one output to write.');
  if (options.linkRequired) keys.add('link');
  return OUTPUTS.filter((output) => keys.has(output.key));
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
  const headers = [...(cards ? [ORG_HEADER] : []), ...outputs.map((output) => output.header)];
  const ref = (column: number | null, row: number): string =>
    column === null ? '' : `$${columnLetters(column)}${row + 1}`;

  const scoredRows: number[] = [];
  const formulas = selection.names.map((name, index) => {
    if (isBlank(name)) return headers.map(() => '');
    scoredRows.push(index);
    const row = firstDataRow + index;
    const args = {
      organization: ref(selection.nameColumn, row),
      website: ref(selection.websiteColumn, row),
      country: ref(selection.countryColumn, row),
    };
    if (!cards) return outputs.map((output) => formulaFor(output.formula, args));
    const card = `${columnLetters(firstColumn)}${row + 1}`;
    return [orgFormula(args), ...outputs.map((output) => cardFormula(output.formula, card))];
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

/** The layout of the block a plan writes: its outputs' columns, and the spend column the analyst chose. */
export function blockFromPlan(
  sheet: string,
  selection: ColumnSelection,
  plan: ScoringPlan,
  outputs: readonly OutputKey[],
  spendColumn: number | null,
): BlockLayout {
  const at = (key: OutputKey): number | null => {
    const index = outputs.indexOf(key);
    return index < 0 ? null : plan.outputColumn + index;
  };
  const scoreColumn = at('score');
  if (scoreColumn === null)
    throw new Error('The summary needs the Climate score column: tick "Climate score" and write the formulas again.');
  const flags = outputs.flatMap((key, index) =>
    key.startsWith('flag:')
      ? [{ initiative: key.slice('flag:'.length) as FlagKey, column: plan.outputColumn + index }]
      : [],
  );
  return {
    sheet,
    firstRow: plan.firstDataRow,
    lastRow: plan.firstDataRow + plan.formulas.length - 1,
    nameColumn: selection.nameColumn,
    websiteColumn: selection.websiteColumn,
    countryColumn: selection.countryColumn,
    scoreColumn,
    flags,
    industryMeanColumn: at('profile:industry_mean'),
    spendColumn,
  };
}

/** The block a plan writes: its data rows and new columns. */
export function writtenRange(sheet: string, plan: ScoringPlan): SheetRange {
  return {
    sheet,
    box: {
      rowIndex: plan.firstDataRow,
      columnIndex: plan.firstColumn,
      rowCount: plan.formulas.length,
      columnCount: plan.headers.length,
    },
  };
}
