/**
 * The plan of "Score a column", pure so that it is tested without Excel: given where the supplier
 * names are (and optionally websites and countries) and the chosen outputs, which headers and which
 * CLIMATE formulas go into which new columns, and where the attribution goes.
 *
 * New columns start right of the sheet's used range (and of merged areas), so nothing the analyst typed
 * is overwritten, and step over hidden columns, so that what is written is seen; past XFD is refused.
 * Two layouts: one CLIMATE formula per output (every host), or, where Excel renders entities, the
 * card layout (cardLayout.ts): a CLIMATE.ORG column and each output a field of its card. Headers go
 * in the row above the first supplier; the attribution (logo + source line) always in the row above
 * the headers: Excel shows a data type's logo only inside its card, never in the grid.
 * When the suppliers start so high that there is no room, the plan asks for rows to be inserted at
 * the top of the sheet, and every row number in it already counts them.
 * Names the sheet already scores (a block written before: selection.scored) are not scored twice:
 * the plan writes only the outputs their block lacks, in new columns under the same header row, and
 * no second source line when the block shows one above its headers.
 */
import type { FlagKey } from '../../functions/arguments/initiatives';
import { t } from '../../i18n/translate';
import type { BlockLayout } from '../common/blockScored';
import { columnLetters } from '../sheet/a1';
import { namesNoSupplier, type SheetRange } from '../sheet/grid';
import { formulaFor, orgHeader, OUTPUTS, type OutputDefinition, type OutputKey } from '../sheet/outputs';
import { NOTHING_SCORED } from '../sheet/scoredColumns';
import type { ColumnSelection } from '../sheet/selectionModel';
import { SHEET_COLUMNS, SHEET_ROWS } from '../sheet/sheetState';
import { SOURCE_LINE_FORMULA, type AttributionCell } from '../sheet/sourceLine';
import { cardFormula, orgFormula, type Layout } from './cardLayout';

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
  /** One row per supplier row, one formula per header; '' leaves the cell empty (no supplier named: namesNoSupplier). */
  formulas: string[][];
  /** Null when nothing is written, or the block already shows the source line above its headers. */
  attribution: AttributionCell | null;
  /** Indexes into `names` of the rows that got formulas. */
  scoredRows: number[];
  /** The whole block after writing: each output's column (written now or before) and its card column. */
  block: { outputs: ReadonlyMap<OutputKey, number>; cardColumn: number | null };
}

/** The outputs in catalogue order, without repeats, plus the profile link where the host needs it. */
export function effectiveOutputs(options: PlanOptions): OutputDefinition[] {
  const keys = new Set<OutputKey>(options.outputs);
  if (keys.size === 0) throw new Error(t('score.chooseOutput'));
  if (options.linkRequired) keys.add('link');
  return OUTPUTS.filter((output) => keys.has(output.key));
}

export function planColumnScoring(selection: ColumnSelection, options: PlanOptions): ScoringPlan {
  const scored = selection.scored ?? NOTHING_SCORED;
  const outputs = effectiveOutputs(options).filter((output) => !scored.outputs.has(output.key));
  if (selection.names.length === 0) throw new Error(t('score.noSupplierRows'));
  const writes = outputs.length > 0;
  const line = writes && !scored.attributed;
  // Rows needed above the suppliers: the headers, and the attribution above them.
  const insertRowsAtTop = writes ? Math.max(0, (line ? 2 : 1) - selection.firstDataRow) : 0;
  // Excel inserts no row that would push a filled cell off its last row.
  if (insertRowsAtTop > 0 && (selection.lastUsedRow ?? 0) + insertRowsAtTop >= SHEET_ROWS)
    throw new Error(t('score.noRoomAbove'));
  const firstDataRow = selection.firstDataRow + insertRowsAtTop;
  const headerRow = firstDataRow - 1;
  // Fields read the block's card when it has one; a new card column only for a block without.
  const newCard = writes && options.layout === 'cards' && scored.cardColumn === null;
  const firstColumn = visibleColumns(selection, (newCard ? 1 : 0) + outputs.length);
  const cardColumn = newCard ? firstColumn : options.layout === 'cards' ? scored.cardColumn : null;
  const outputColumn = newCard ? firstColumn + 1 : firstColumn;
  const headers = [...(newCard ? [orgHeader()] : []), ...outputs.map((output) => output.header())];
  const ref = (column: number | null, row: number): string =>
    column === null ? '' : `$${columnLetters(column)}${row + 1}`;

  const scoredRows: number[] = [];
  const formulas = selection.names.map((name, index) => {
    if (namesNoSupplier(name)) return headers.map(() => '');
    scoredRows.push(index);
    const row = firstDataRow + index;
    const args = {
      organization: ref(selection.nameColumn, row),
      website: ref(selection.websiteColumn, row),
      country: ref(selection.countryColumn, row),
    };
    if (cardColumn === null) return outputs.map((output) => formulaFor(output.formula, args));
    const card = `${columnLetters(cardColumn)}${row + 1}`;
    const fields = outputs.map((output) => cardFormula(output.formula, card));
    return newCard ? [orgFormula(args), ...fields] : fields;
  });
  if (scoredRows.length === 0) throw new Error(t('score.allEmpty'));

  const attribution: AttributionCell | null = line
    ? {
        row: headerRow - 1,
        logoColumn: options.logo ? firstColumn : null,
        // Beside the logo when there is one, so that the text does not run under the image.
        textColumn: options.logo ? firstColumn + 1 : firstColumn,
        formula: SOURCE_LINE_FORMULA,
      }
    : null;
  const blockOutputs = new Map(scored.outputs);
  outputs.forEach((output, index) => blockOutputs.set(output.key, outputColumn + index));

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
    block: { outputs: blockOutputs, cardColumn: cardColumn ?? scored.cardColumn },
  };
}

/** The first of `width` visible columns side by side from the first free one; refused past XFD, Excel's last. */
function visibleColumns(selection: ColumnSelection, width: number): number {
  const hidden = new Set(selection.hiddenColumns);
  let first = selection.firstFreeColumn;
  for (let column = first; column < first + width; column++) if (hidden.has(column)) first = column + 1;
  if (first + width > SHEET_COLUMNS) {
    const used = columnLetters(selection.firstFreeColumn - 1);
    throw new Error(t('score.noRoomRight', { count: width, used }));
  }
  return first;
}

/** The layout of the block after a plan: its outputs' columns, and the spend column the analyst chose. */
export function blockFromPlan(
  sheet: string,
  selection: ColumnSelection,
  plan: ScoringPlan,
  spendColumn: number | null,
): BlockLayout {
  const columns = [...plan.block.outputs].sort((a, b) => a[1] - b[1]);
  const at = (key: OutputKey): number | null => plan.block.outputs.get(key) ?? null;
  const scoreColumn = at('score');
  if (scoreColumn === null) throw new Error(t('score.needsScoreColumn'));
  const flags = columns.flatMap(([key, column]) =>
    key.startsWith('flag:') ? [{ initiative: key.slice('flag:'.length) as FlagKey, column }] : [],
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

/** The block after a plan: its data rows, and its columns from the first to the last (card column included). */
export function writtenRange(sheet: string, plan: ScoringPlan): SheetRange {
  const { outputs, cardColumn } = plan.block;
  const columns = [...outputs.values(), ...(cardColumn === null ? [] : [cardColumn])];
  const left = Math.min(...columns);
  return {
    sheet,
    box: {
      rowIndex: plan.firstDataRow,
      columnIndex: left,
      rowCount: plan.formulas.length,
      columnCount: Math.max(...columns) - left + 1,
    },
  };
}
