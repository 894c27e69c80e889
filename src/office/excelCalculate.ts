/**
 * Recalculates exactly the given cells: the engine calls this when profiles that cells wait for move
 * to a new status or are final, with the addresses those cells' invocations carried
 * (`@requiresAddress`), e.g. "Sheet1!B2" or "'Q3 suppliers'!C7". Excel re-invokes each cell's
 * function, which now reads the newer record (a final one from the cache). Outside Excel (no
 * `Excel.run`) it does nothing. Nothing here asks for a full calculation: where no address names the
 * cells (a sheet renamed or deleted, Refresh all, a changed key, a workbook reopened), the CLIMATE
 * cells are found on the grid (workbookClimateCells.ts) and only they are recalculated.
 *
 * Cells are grouped by sheet, one Excel.run per sheet, so that a sheet deleted (or renamed) since
 * the call fails alone and the other sheets still update. A sheet's cells go as the fewest ranges
 * that cover them (cellAreas.ts), at most AREAS_PER_SYNC to a request: Excel on the web refuses a
 * request over 5 MB. The pane's recalculations show a failure; the engine's (recalculateWaitingCells)
 * learn which cells to ask for again and which moved or went with their sheet. Each cell Excel took is
 * checked to call back (cellCallbacks.ts).
 */
import { groupBySheet } from './cellAddresses';
import { cellAreas } from './cellAreas';
import { checkingCallbacks } from './cellCallbacks';
import { codeOf, noExcel, REFUSED_FOR_NOW, runInExcel, SHEET_GONE } from './excelRun';
import { findClimateCells, type WantedCells } from './workbookClimateCells';

/** About 1.1 MB of request at some 265 bytes a range (object path and two actions, as Office.js writes them). */
const AREAS_PER_SYNC = 4_000;

/** The addresses of a sheet that failed, with why. */
interface SheetFailure {
  addresses: string[];
  code: string;
  error: unknown;
}

/**
 * Recalculates each sheet's cells in its own Excel.run: a sheet that fails does not stop the others.
 * The cells of the sheets Excel took are expected to call back.
 */
async function calculateSheets(addresses: readonly string[]): Promise<SheetFailure[]> {
  if (noExcel() || addresses.length === 0) return [];
  const failures: SheetFailure[] = [];
  for (const [sheet, { cells, addresses: named }] of groupBySheet(addresses)) {
    const calls = named.filter((address) => !address.includes(':')); // a range the pane asks for is no cell's call
    try {
      await checkingCallbacks(calls, () =>
        runInExcel(async (context) => {
          const sheets = context.workbook.worksheets;
          const worksheet = sheet === null ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
          const areas = cellAreas(cells);
          for (let from = 0; from < areas.length; from += AREAS_PER_SYNC) {
            for (const area of areas.slice(from, from + AREAS_PER_SYNC)) worksheet.getRange(area).calculate();
            await context.sync();
          }
        }),
      );
    } catch (error) {
      failures.push({ addresses: named, code: codeOf(error), error });
    }
  }
  return failures;
}

/** Recalculates cells or ranges by address (`'Suppliers'!B3:F3`); rejects with the first sheet's failure. */
export async function recalculateCells(addresses: string[]): Promise<void> {
  const failures = await calculateSheets(addresses);
  if (failures.length > 0) throw failures[0].error;
}

/** What became of the engine's request: cells to ask for again later, and addresses that name nothing now. */
export interface WaitingCellsOutcome {
  refused: string[];
  gone: string[];
}

/**
 * The engine's recalculation of waiting cells, which no one is there to retry. Cells Excel refused for
 * now (REFUSED_FOR_NOW) are handed back, to be asked for again. Cells on a sheet that is gone may have
 * moved with it (a rename): the workbook's CLIMATE cells still waiting (showing an error) are found and
 * recalculated, and the old addresses handed back as gone.
 */
export async function recalculateWaitingCells(addresses: string[]): Promise<WaitingCellsOutcome> {
  const failures = await calculateSheets(addresses);
  const named = (code: (each: string) => boolean) =>
    failures.filter((failure) => code(failure.code)).flatMap((failure) => failure.addresses);
  const refused = named((code) => REFUSED_FOR_NOW.has(code));
  const gone = named((code) => code === SHEET_GONE);
  if (gone.length === 0) return { refused, gone };
  try {
    await recalculateClimateCells('waiting');
    return { refused, gone };
  } catch (error) {
    // still gone when Excel takes requests again: the waiting cells are looked for then
    return REFUSED_FOR_NOW.has(codeOf(error)) ? { refused: [...refused, ...gone], gone: [] } : { refused, gone };
  }
}

/**
 * Recalculates the workbook's CLIMATE cells (`all`, or those `waiting`), found on the grid; nothing
 * else of the workbook. Resolves with how many were asked for; rejects with the first sheet's failure.
 */
export async function recalculateClimateCells(wanted: WantedCells): Promise<number> {
  const cells = await findClimateCells(wanted);
  await recalculateCells(cells);
  return cells.length;
}
