/**
 * What a column of supplier names already has on the sheet, pure: the block of columns beside the
 * data whose CLIMATE formulas (or card fields) ask for those names' outputs, read from the formulas
 * themselves, and whether the source line stands above their headers. Score a column reads it before writing, so that writing
 * again over a block it scored before completes that block instead of starting a second one.
 */
import { argumentTargets, readCell, type CellReading } from './climateCells';
import { formulaAt, namesNoSupplier, type CellGrid, type CellValue } from './grid';
import { outputOf, type OutputKey } from './outputs';
import { showsSourceLine } from './sourceLine';

export interface ScoredColumns {
  /** The column showing each output for these names (the leftmost when there are several). */
  outputs: ReadonlyMap<OutputKey, number>;
  /** The CLIMATE.ORG column whose cards these names' fields read; null without one. */
  cardColumn: number | null;
  /** Those columns have the source line in the row above their headers, where the pane writes it. */
  attributed: boolean;
}

export const NOTHING_SCORED: ScoredColumns = { outputs: new Map(), cardColumn: null, attributed: false };

/**
 * The block of `grid` that scores the names of `nameColumn` starting at `firstDataRow`, judged on the
 * first row with a name: a cell belongs when its organization argument is that row's name cell.
 */
export function scoredColumns(
  grid: CellGrid,
  nameColumn: number,
  firstDataRow: number,
  names: readonly CellValue[],
): ScoredColumns {
  const first = names.findIndex((name) => !namesNoSupplier(name));
  if (first < 0) return NOTHING_SCORED;
  const row = firstDataRow + first;
  const outputs = new Map<OutputKey, number>();
  let cardColumn: number | null = null;
  const readsName = (reading: CellReading): boolean => {
    const name = argumentTargets(grid, reading)?.organization;
    return name?.row === row && name.column === nameColumn;
  };
  // From the last used column leftwards, while the columns read these names: the block beside the
  // data, where new columns join it. Formulas elsewhere (typed by hand among the data) are not it.
  const width = grid.formulas[row - grid.rowIndex]?.length ?? 0;
  for (let column = grid.columnIndex + width - 1; column > nameColumn; column--) {
    const readings = readCell(grid, row, column).filter(readsName);
    if (readings.length === 0) break;
    for (const reading of readings) {
      const key = outputOf(reading);
      if (key !== null) outputs.set(key, column); // right to left: the leftmost column of an output stays
      if (reading.fn === 'ORG' && reading.field === null) cardColumn = column;
    }
  }
  if (outputs.size === 0) return NOTHING_SCORED;
  // The pane writes the line two rows above the first data row: over the headers of the block.
  const lineRow = firstDataRow - 2;
  const columns = [...outputs.values(), ...(cardColumn === null ? [] : [cardColumn])];
  const from = Math.min(...columns);
  const to = Math.max(...columns) + 1; // a one-column block's line sits right of it, beside the logo
  let attributed = false;
  for (let column = from; column <= to && !attributed; column++)
    attributed = showsSourceLine(formulaAt(grid, lineRow, column));
  return { outputs, cardColumn, attributed };
}
