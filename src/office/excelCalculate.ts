/**
 * Recalculates exactly the given cells: the engine calls this when profiles that cells wait for move
 * to a new status or are final, with the addresses those cells' invocations carried
 * (`@requiresAddress`), e.g. "Sheet1!B2" or "'Q3 suppliers'!C7". Excel re-invokes each cell's
 * function, which now reads the newer record (a final one from the cache). Outside Excel (no
 * `Excel.run`) it does nothing.
 *
 * Cells are grouped by sheet, one Excel.run per sheet, so that a sheet deleted (or renamed) since
 * the call fails alone and the other sheets still update. A sheet's cells go as the fewest ranges
 * that cover them (cellAreas.ts), at most AREAS_PER_SYNC to a request: Excel on the web refuses a
 * request over 5 MB.
 */
import { cellAreas } from './cellAreas';
import { unquoteSheet } from './sheetName';

/** About 1.1 MB of request at some 265 bytes a range (object path and two actions, as Office.js writes them). */
const AREAS_PER_SYNC = 4_000;

/** "'It''s'!B2" -> { sheet: "It's", cell: "B2" }; an address without a sheet is on the active sheet. */
export function splitAddress(address: string): { sheet: string | null; cell: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: null, cell: address };
  return { sheet: unquoteSheet(address.slice(0, bang)), cell: address.slice(bang + 1) };
}

/** Cells per sheet (null: the active sheet), each cell once, in first-seen order. */
export function groupBySheet(addresses: readonly string[]): Map<string | null, string[]> {
  const groups = new Map<string | null, Set<string>>();
  for (const address of addresses) {
    const { sheet, cell } = splitAddress(address);
    const cells = groups.get(sheet) ?? new Set<string>();
    cells.add(cell.replace(/\$/g, '').toUpperCase());
    groups.set(sheet, cells);
  }
  return new Map([...groups].map(([sheet, cells]) => [sheet, [...cells]]));
}

const noExcel = (): boolean => typeof Excel === 'undefined' || typeof Excel.run !== 'function';

/** Recalculates cells or ranges by address (`'Suppliers'!B3:F3`); the pane's refreshes use it too. */
export async function recalculateCells(addresses: string[]): Promise<void> {
  if (noExcel() || addresses.length === 0) return;
  const failures: unknown[] = [];
  for (const [sheet, cells] of groupBySheet(addresses)) {
    try {
      await Excel.run(async (context) => {
        const sheets = context.workbook.worksheets;
        const worksheet = sheet === null ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
        const areas = cellAreas(cells);
        for (let from = 0; from < areas.length; from += AREAS_PER_SYNC) {
          for (const area of areas.slice(from, from + AREAS_PER_SYNC)) worksheet.getRange(area).calculate();
          await context.sync();
        }
      });
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/** Recalculates every formula of the workbook: cached values come back at once, failed cells ask again. */
export async function recalculateWorkbook(): Promise<void> {
  if (noExcel()) return;
  await Excel.run(async (context) => {
    context.workbook.application.calculate('Full');
    await context.sync();
  });
}
