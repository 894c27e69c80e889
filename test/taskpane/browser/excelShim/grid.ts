/**
 * The shim's grid arithmetic: cells keyed by `row,column`, A1 names and boxes. Serialized into the page
 * with the other parts (index.ts): self-contained, no reference outside its own body.
 */
import type { Box, Cell } from './types';

export function shimGrid() {
  const key = (row: number, column: number): string => `${row},${column}`;
  const letters = (text: string): number =>
    [...text.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const columnName = (index: number): string => {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  };
  /** A key back to its row and column. */
  const place = (cellKey: string): [number, number] => cellKey.split(',').map(Number) as [number, number];
  return {
    key,
    letters,
    place,
    a1(box: Box): string {
      const first = `${columnName(box.columnIndex)}${box.rowIndex + 1}`;
      const last = `${columnName(box.columnIndex + box.columnCount - 1)}${box.rowIndex + box.rowCount}`;
      return first === last ? first : `${first}:${last}`;
    },
    within: (box: Box, row: number, column: number): boolean =>
      row >= box.rowIndex &&
      row < box.rowIndex + box.rowCount &&
      column >= box.columnIndex &&
      column < box.columnIndex + box.columnCount,
    /** The smallest box holding every cell; null for an empty sheet. */
    usedBox(cells: Map<string, Cell>): Box | null {
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
    },
  };
}

export type ShimGrid = ReturnType<typeof shimGrid>;
