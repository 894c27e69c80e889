/**
 * The attribution check's workbook writer: the source lines and logos it placed, each only where its
 * cells are still empty (the sheet may have changed since it was read), none on a protected sheet, and
 * which empty cells are no place for them (the plan moves around them): under an image, in a merged
 * area (Excel writes no part of one) or in a hidden column (the line would not be seen).
 */
import { supportsImages } from '../../office/host';
import { t } from '../../i18n/translate';
import { run } from '../sheet/excel';
import { hasColumn, hasRow } from '../sheet/grid';
import { hiddenColumns, mergedAreas, refuseProtectedSheet, SHEET_COLUMNS } from '../sheet/sheetState';
import { writeSourceLine, type AttributionCell } from '../sheet/sourceLine';
import type { CellAt } from './attributionCheck';

/** Writes the places whose cells are still empty: nothing is written over. Returns the places written. */
export function writeAttributions(
  sheetName: string,
  places: Array<{ place: AttributionCell; cells: CellAt[] }>,
  logoBase64: string | null,
): Promise<AttributionCell[]> {
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    await refuseProtectedSheet(context, sheet, t('attribution.again'));
    const targets = places.map(({ place, cells }) => ({
      place,
      cells: cells.map(({ row, column }) => sheet.getRangeByIndexes(row, column, 1, 1).load('formulas')),
    }));
    await context.sync();
    const written: AttributionCell[] = [];
    for (const { place, cells } of targets) {
      if (cells.some((cell) => String(cell.formulas[0][0] ?? '') !== '')) continue;
      await writeSourceLine(context, sheet, place, logoBase64);
      written.push(place);
    }
    return written;
  });
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Which of these cells are no place for the line: under an image (where the host has shapes), merged, or hidden. */
export function cellsTaken(sheetName: string, cells: CellAt[]): Promise<CellAt[]> {
  if (cells.length === 0) return Promise.resolve([]);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const images = supportsImages();
    if (images) sheet.shapes.load('items/left,items/top,items/width,items/height');
    const box = ['left', 'top', 'width', 'height'];
    const ranges = cells.map(({ row, column }) => sheet.getRangeByIndexes(row, column, 1, 1).load(box));
    const left = Math.min(...cells.map((cell) => cell.column));
    const right = Math.max(...cells.map((cell) => cell.column));
    const hidden = hiddenColumns(sheet, left, right - left + 1);
    await context.sync();
    // Every merged area reaching these cells starts above and left of the lowest, rightmost one.
    const bottom = Math.max(...cells.map((cell) => cell.row));
    const within = {
      rowIndex: 0,
      columnIndex: 0,
      rowCount: bottom + 1,
      columnCount: Math.min(right + 1, SHEET_COLUMNS),
    };
    const merged = await mergedAreas(context, sheet, within);
    const hiddenNow = new Set(hidden());
    const inMerged = ({ row, column }: CellAt) => merged.some((area) => hasColumn(area, column) && hasRow(area, row));
    const underImage = (i: number) => images && sheet.shapes.items.some((shape) => overlaps(shape, ranges[i]));
    return cells.filter((cell, i) => hiddenNow.has(cell.column) || inMerged(cell) || underImage(i));
  });
}
