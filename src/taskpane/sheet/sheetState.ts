/**
 * What of a sheet decides whether and where the pane may write, read inside an Excel.run before the
 * first write, so that a refusal leaves nothing half-written: protection (Excel refuses every write to a
 * protected sheet, and a new sheet in a workbook whose structure is protected, with AccessDenied),
 * merged areas (Excel writes no part of one but its top-left cell) and hidden columns (what is written
 * there is not seen). Each read needs a requirement set (src/office/host.ts); without it, nothing is
 * known and nothing is refused.
 */
import { listsMergedAreas, readsSheetState, readsWorkbookProtection } from '../../office/host';
import { t } from '../../i18n/translate';
import { box, BOX_FIELDS } from './excel';
import { lastRow, type RangeBox } from './grid';

/** Excel's last column (XFD) is this many columns from A, its last row this many rows from 1. */
export const SHEET_COLUMNS = 16_384;
export const SHEET_ROWS = 1_048_576;

/** Refuses, naming the sheet and the way out, when it is protected (Review > Protect Sheet). */
export async function refuseProtectedSheet(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  again: string,
): Promise<void> {
  if (!readsSheetState()) return;
  sheet.load('name');
  const protection = sheet.protection.load('protected');
  await context.sync();
  if (protection.protected) throw new Error(t('sheet.protectedSheet', { sheet: sheet.name, again }));
}

/** Refuses when the workbook's structure is protected (Review > Protect Workbook): no sheet can be added. */
export async function refuseProtectedStructure(
  context: Excel.RequestContext,
  blocked: string,
  again: string,
): Promise<void> {
  if (!readsWorkbookProtection()) return;
  const protection = context.workbook.protection.load('protected');
  await context.sync();
  if (protection.protected) throw new Error(t('sheet.protectedStructure', { blocked, again }));
}

/** Merged areas Excel lists in one ask: with more, getMergedAreasOrNullObject fails (the typings, ExcelApi 1.13). */
export const MERGED_AREAS_PER_ASK = 512;
/** Asks made at most before the pane gives up and says so: some 30,000 merged areas. */
const MERGED_AREA_ASKS = 128;

/** The merged areas whose top-left cell is in `window`: one round trip, two when there are any. */
async function mergedAreasIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  window: RangeBox,
): Promise<RangeBox[]> {
  const merged = sheet
    .getRangeByIndexes(window.rowIndex, window.columnIndex, window.rowCount, window.columnCount)
    .getMergedAreasOrNullObject();
  merged.load('areaCount');
  await context.sync();
  if (merged.isNullObject) return [];
  const areas = merged.areas.load(BOX_FIELDS);
  await context.sync();
  return areas.items.map(box);
}

/** The two halves of a window: its rows split, or its columns when it is one row. */
function halves(window: RangeBox): RangeBox[] {
  const rows = window.rowCount > 1;
  const first = Math.ceil((rows ? window.rowCount : window.columnCount) / 2);
  return rows
    ? [
        { ...window, rowCount: first },
        { ...window, rowIndex: window.rowIndex + first, rowCount: window.rowCount - first },
      ]
    : [
        { ...window, columnCount: first },
        { ...window, columnIndex: window.columnIndex + first, columnCount: window.columnCount - first },
      ];
}

/**
 * The merged areas whose top-left cell is in `within`: Excel lists no others (office-js issue 3611),
 * so a caller asks over everything left of and above the cells it cares about. Excel lists at most
 * MERGED_AREAS_PER_ASK at once and fails with more, under no documented error code: a window whose ask
 * fails is asked again in halves, until each holds few enough. A window too small to hold that many
 * (each area covers two cells at least) failed for another reason, which is passed on; a sheet that
 * needs more than MERGED_AREA_ASKS asks is refused with a message.
 */
export async function mergedAreas(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  within: RangeBox,
): Promise<RangeBox[]> {
  if (!listsMergedAreas()) return [];
  const found: RangeBox[] = [];
  const windows = [within];
  for (let asks = 1; windows.length > 0; asks++) {
    if (asks > MERGED_AREA_ASKS)
      throw new Error(
        t('sheet.tooManyMerged', { first: String(within.rowIndex + 1), last: String(lastRow(within) + 1) }),
      );
    const window = windows.pop() as RangeBox;
    try {
      found.push(...(await mergedAreasIn(context, sheet, window)));
    } catch (error) {
      if (window.rowCount * window.columnCount <= 2 * MERGED_AREAS_PER_ASK) throw error;
      windows.push(...halves(window));
    }
  }
  return found;
}

/** Queues the visibility of `count` columns from `first` (past XFD: none); the getter reads the hidden ones once synced. */
export function hiddenColumns(sheet: Excel.Worksheet, first: number, count: number): () => number[] {
  if (!readsSheetState()) return () => [];
  const columns = Array.from({ length: Math.max(0, Math.min(count, SHEET_COLUMNS - first)) }, (_, i) =>
    sheet.getRangeByIndexes(0, first + i, 1, 1).load('columnHidden'),
  );
  return () => columns.flatMap((range, i) => (range.columnHidden ? [first + i] : []));
}
