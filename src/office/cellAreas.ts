/**
 * Cells to recalculate as the fewest ranges that cover exactly them: a filled-down column of waiting
 * cells becomes one range (`B2:B5001`), columns side by side with the same rows one block
 * (`B2:E5001`). Each range is an object in the Excel.run request, and Excel on the web refuses a
 * request over 5 MB, which single cells reach at about 19,000 (excelCalculate.ts).
 */
import { columnIndex, columnLetters } from './columns';

/** A cell as groupBySheet leaves it: upper case, no `$`. */
const CELL = /^([A-Z]{1,3})([1-9]\d{0,6})$/;

/** `cells` (distinct) as ranges; what is not a single cell (a range already) is passed on as it is. */
export function cellAreas(cells: readonly string[]): string[] {
  const areas: string[] = [];
  const rowsByColumn = new Map<number, number[]>();
  for (const cell of cells) {
    const match = CELL.exec(cell);
    if (match === null) {
      areas.push(cell);
      continue;
    }
    const column = columnIndex(match[1]);
    const rows = rowsByColumn.get(column);
    if (rows === undefined) rowsByColumn.set(column, [Number(match[2])]);
    else rows.push(Number(match[2]));
  }
  // Runs of rows, each with the columns that have it; then those columns in runs side by side.
  const columnsByRows = new Map<string, number[]>();
  for (const [column, rows] of rowsByColumn) {
    for (const [top, bottom] of runs(rows)) {
      const key = `${top}:${bottom}`;
      const columns = columnsByRows.get(key);
      if (columns === undefined) columnsByRows.set(key, [column]);
      else columns.push(column);
    }
  }
  for (const [key, columns] of columnsByRows) {
    const [top, bottom] = key.split(':');
    for (const [left, right] of runs(columns)) {
      const from = `${columnLetters(left)}${top}`;
      const to = `${columnLetters(right)}${bottom}`;
      areas.push(from === to ? from : `${from}:${to}`);
    }
  }
  return areas;
}

/** Distinct numbers as [first, last] runs of consecutive ones, lowest first. */
function runs(numbers: number[]): Array<[number, number]> {
  const sorted = [...numbers].sort((a, b) => a - b);
  const found: Array<[number, number]> = [];
  for (const n of sorted) {
    const last = found[found.length - 1];
    if (last !== undefined && n === last[1] + 1) last[1] = n;
    else found.push([n, n]);
  }
  return found;
}
