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
 * request over 5 MB. The pane's recalculations show a failure; the engine's (recalculateWaitingCells)
 * learn which cells to ask for again and which moved or went with their sheet.
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

/** Per sheet (null: the active sheet): its cells, each once in first-seen order, and the addresses that named them. */
export function groupBySheet(addresses: readonly string[]): Map<string | null, SheetCells> {
  const groups = new Map<string | null, { cells: Set<string>; addresses: string[] }>();
  for (const address of addresses) {
    const { sheet, cell } = splitAddress(address);
    const group = groups.get(sheet) ?? { cells: new Set<string>(), addresses: [] };
    group.cells.add(cell.replace(/\$/g, '').toUpperCase());
    group.addresses.push(address);
    groups.set(sheet, group);
  }
  return new Map([...groups].map(([sheet, group]) => [sheet, { cells: [...group.cells], addresses: group.addresses }]));
}

interface SheetCells {
  cells: string[];
  addresses: string[];
}

const noExcel = (): boolean => typeof Excel === 'undefined' || typeof Excel.run !== 'function';

/**
 * Excel's refusals that pass: a cell being edited (Excel takes no request until the user leaves it),
 * Excel busy or throttled, another workbook in focus, a request lost on the way. Office's error codes,
 * as `Excel.ErrorCodes` and OfficeExtension's list them.
 */
const REFUSED_FOR_NOW = new Set([
  'InvalidOperationInCellEditMode',
  'ActivityLimitReached',
  'GeneralException',
  'Conflict',
  'InactiveWorkbook',
  'RequestAborted',
  'ServiceNotAvailable',
  'Timeout',
]);

/** No sheet of that name: deleted, or renamed since its cells called. */
const SHEET_GONE = 'ItemNotFound';

/** The addresses of a sheet that failed, with why. */
interface SheetFailure {
  addresses: string[];
  code: string;
  error: unknown;
}

/** Recalculates each sheet's cells in its own Excel.run: a sheet that fails does not stop the others. */
async function calculateSheets(addresses: readonly string[]): Promise<SheetFailure[]> {
  if (noExcel() || addresses.length === 0) return [];
  const failures: SheetFailure[] = [];
  for (const [sheet, { cells, addresses: named }] of groupBySheet(addresses)) {
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
 * moved with it (a rename): only a full calculation finds them, so the workbook is calculated once
 * (cached answers come back at once) and their old addresses are handed back as gone.
 */
export async function recalculateWaitingCells(addresses: string[]): Promise<WaitingCellsOutcome> {
  const failures = await calculateSheets(addresses);
  const named = (code: (each: string) => boolean) =>
    failures.filter((failure) => code(failure.code)).flatMap((failure) => failure.addresses);
  const refused = named((code) => REFUSED_FOR_NOW.has(code));
  const gone = named((code) => code === SHEET_GONE);
  if (gone.length === 0) return { refused, gone };
  try {
    await recalculateWorkbook();
    return { refused, gone };
  } catch (error) {
    // still gone when Excel takes requests again: the full calculation is asked for then
    return REFUSED_FOR_NOW.has(codeOf(error)) ? { refused: [...refused, ...gone], gone: [] } : { refused, gone };
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Recalculates every formula of the workbook: cached values come back at once, failed cells ask again. */
export async function recalculateWorkbook(): Promise<void> {
  if (noExcel()) return;
  await Excel.run(async (context) => {
    context.workbook.application.calculate('Full');
    await context.sync();
  });
}
