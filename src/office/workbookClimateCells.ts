/**
 * Finding the workbook's CLIMATE cells from the grid, where no invocation names them: a workbook
 * reopened on the desktop (Excel invokes no custom function on open, office-js#1567), a sheet renamed
 * or deleted since its cells called, Refresh all, a changed key or project. Every sheet's used range is
 * read in slices of rows (Excel on the web refuses a response over 5 MB), formulas and value types only.
 *
 * `waiting`: the cells that show an error (a profile still being built is #N/A "Profiling…", a cell
 * left #BUSY! by a calculation Excel dropped). Error texts in `values` may follow Excel's language, so
 * the value type says it, and a cell whose error needs a change of input (#VALUE!) is answered again at
 * once, without a request, when recalculated: asking every error cell costs little and misses none.
 */
import { isClimateFormula } from './climateFormula';
import { columnLetters } from './columns';
import { noExcel, runInExcel } from './excelRun';
import { sheetPrefix } from './sheetName';

export type WantedCells = 'all' | 'waiting';

/** Cells read per sync: some 100 bytes each of formula and value type, well under 5 MB. */
const CELLS_PER_READ = 10_000;

/** The addresses (`'Q3 suppliers'!B7`) of the CLIMATE cells wanted, sheet by sheet, row by row. */
export async function findClimateCells(wanted: WantedCells): Promise<string[]> {
  if (noExcel()) return [];
  return runInExcel(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    await context.sync();
    const used = sheets.items.map((sheet) => ({
      sheet,
      range: sheet.getUsedRangeOrNullObject().load('isNullObject, rowIndex, columnIndex, rowCount, columnCount'),
    }));
    await context.sync();
    const found: string[] = [];
    for (const { sheet, range } of used) {
      if (range.isNullObject) continue;
      const rowsPerRead = Math.max(1, Math.floor(CELLS_PER_READ / range.columnCount));
      for (let from = 0; from < range.rowCount; from += rowsPerRead) {
        const rows = Math.min(rowsPerRead, range.rowCount - from);
        const top = range.rowIndex + from;
        const slice = sheet.getRangeByIndexes(top, range.columnIndex, rows, range.columnCount);
        slice.load(wanted === 'all' ? 'formulas' : 'formulas, valueTypes');
        await context.sync();
        slice.formulas.forEach((row, i) =>
          row.forEach((formula, j) => {
            if (!isClimateFormula(formula)) return;
            if (wanted === 'waiting' && slice.valueTypes[i][j] !== 'Error') return;
            found.push(`${sheetPrefix(sheet.name)}${columnLetters(range.columnIndex + j)}${top + i + 1}`);
          }),
        );
      }
    }
    return found;
  });
}
