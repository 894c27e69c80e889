/**
 * Which block the Climate summary reads when the selection holds one, pure: recognised from the
 * formulas themselves through the one formula grammar (sheet/), whether written by Score a column or
 * typed by hand: the score column (CLIMATE.SCORE, or a card's Score field), flag columns and their
 * initiative, an industry-mean column, and the name, website and country cells the formulas point at
 * (A1 or this-row structured references, read by sheet/climateCells.ts).
 */
import type { FlagKey } from '../../functions/arguments/initiatives';
import type { BlockLayout } from '../common/blockScored';
import { argumentTargets, readCell, type CellReading } from '../sheet/climateCells';
import type { CellGrid } from '../sheet/grid';
import { outputOf, type OutputKey } from '../sheet/outputs';
import { t } from '../../i18n/translate';

/** The first reading of a cell that shows `output`. */
function showing(grid: CellGrid, row: number, column: number, output: OutputKey): CellReading | null {
  return readCell(grid, row, column).find((reading) => outputOf(reading) === output) ?? null;
}

/**
 * Recognises the block in the selected rows. The score column is required; rows are the first to the
 * last with a score formula; the spend column is the analyst's choice or null.
 */
export function blockFromFormulas(grid: CellGrid, spendColumn: number | null): BlockLayout {
  const width = Math.max(0, ...grid.formulas.map((row) => row.length));
  const rows = grid.formulas.map((_cells, r) => grid.rowIndex + r);
  let score: { column: number; rows: number[]; sample: CellReading } | null = null;
  for (let c = 0; c < width && score === null; c++) {
    const column = grid.columnIndex + c;
    const found = rows.flatMap((row) => {
      const reading = showing(grid, row, column, 'score');
      return reading ? [{ row, reading }] : [];
    });
    if (found.length > 0) score = { column, rows: found.map((f) => f.row), sample: found[0].reading };
  }
  if (score === null) {
    throw new Error(t('summary.error.noScoreFormulas'));
  }
  const cells = argumentTargets(grid, score.sample);
  const nameColumn = cells?.organization?.column ?? null;
  if (cells === null || nameColumn === null) throw new Error(t('summary.error.noNameCell'));

  const firstRow = score.rows[0];
  const flags: Array<{ initiative: FlagKey; column: number }> = [];
  let industryMeanColumn: number | null = null;
  for (let c = 0; c < width; c++) {
    const column = grid.columnIndex + c;
    for (const reading of readCell(grid, firstRow, column)) {
      const output = outputOf(reading);
      if (output?.startsWith('flag:')) {
        const initiative = output.slice('flag:'.length) as FlagKey;
        if (!flags.some((flag) => flag.initiative === initiative)) flags.push({ initiative, column });
      } else if (output === 'profile:industry_mean') industryMeanColumn = column;
    }
  }
  return {
    sheet: grid.sheet,
    firstRow,
    lastRow: score.rows[score.rows.length - 1],
    nameColumn,
    websiteColumn: cells.website?.column ?? null,
    countryColumn: cells.country?.column ?? null,
    scoreColumn: score.column,
    flags,
    industryMeanColumn,
    spendColumn,
  };
}
