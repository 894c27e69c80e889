/**
 * The shim's grid arithmetic: cells keyed by `row,column`, A1 names (the stand-ins' addresses.ts) and
 * boxes.
 */
import { columnIndex, columnName } from '../../../stand-ins/addresses';
import type { Box, Cell } from './types';

export const key = (row: number, column: number): string => `${row},${column}`;

/** Column letters to a 0-based index. */
export const letters = columnIndex;

/** A key back to its row and column. */
export const place = (cellKey: string): [number, number] => cellKey.split(',').map(Number) as [number, number];

export function a1(box: Box): string {
  const first = `${columnName(box.columnIndex)}${box.rowIndex + 1}`;
  const last = `${columnName(box.columnIndex + box.columnCount - 1)}${box.rowIndex + box.rowCount}`;
  return first === last ? first : `${first}:${last}`;
}

export const within = (box: Box, row: number, column: number): boolean =>
  row >= box.rowIndex &&
  row < box.rowIndex + box.rowCount &&
  column >= box.columnIndex &&
  column < box.columnIndex + box.columnCount;

/** The smallest box holding every cell; null for an empty sheet. */
export function usedBox(cells: Map<string, Cell>): Box | null {
  let top = Infinity,
    left = Infinity,
    bottom = -1,
    right = -1;
  for (const k of cells.keys()) {
    const [r, c] = place(k);
    top = Math.min(top, r);
    left = Math.min(left, c);
    bottom = Math.max(bottom, r);
    right = Math.max(right, c);
  }
  return bottom < 0
    ? null
    : { rowIndex: top, columnIndex: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
}
