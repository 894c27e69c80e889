/**
 * The attribution check's workbook writer: the source lines and logos it placed, each only where its
 * cells are still empty (the sheet may have changed since it was read), and which cells an image
 * already floats over (the plan moves around them).
 */
import { supportsImages } from '../../office/host';
import { run } from '../sheet/excel';
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

/** Which of these cells an image (any shape) of the sheet floats over; none where the host has no shapes. */
export function cellsUnderShapes(sheetName: string, cells: CellAt[]): Promise<CellAt[]> {
  if (cells.length === 0 || !supportsImages()) return Promise.resolve([]);
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const shapes = sheet.shapes;
    shapes.load('items/left,items/top,items/width,items/height');
    const box = ['left', 'top', 'width', 'height'];
    const ranges = cells.map(({ row, column }) => sheet.getRangeByIndexes(row, column, 1, 1).load(box));
    await context.sync();
    return cells.filter((_cell, i) => shapes.items.some((shape) => overlaps(shape, ranges[i])));
  });
}
