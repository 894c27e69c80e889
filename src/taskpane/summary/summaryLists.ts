/**
 * The summary's lists, in the order the plan describes: the lowest scores (to engage first), the
 * highest scores, and the gap to the SBTi target (suppliers without a commitment or target, largest
 * spend first). One writer for all three: ten or more rows of block columns (supplier, score,
 * spend…) and each row's position in the block, for the rows a condition picks, in a sort order.
 */
import { columnLetters } from '../sheet/a1';
import { helperRange, type HelperKind, type SummaryCell } from './summaryHelpers';

export const LIST_LENGTH = 10;

export interface ListSpec {
  /** Rows of the block. */
  rows: number;
  /** How many rows the list shows at most. */
  length: number;
  /** Dynamic arrays: the block rows the list picks, as FILTER's condition (`ISNUMBER(S)`). */
  filter: string;
  /** Dynamic arrays: how many rows the condition picks. */
  picked: string;
  /** Dynamic arrays: SORTBY's keys, most significant first; sheet order decides last. */
  keys: ReadonlyArray<readonly [range: string, direction: 1 | -1]>;
  /** Otherwise: the helper column ranking the picked rows 1, 2, 3… (summaryHelpers.ts). */
  rank: HelperKind;
  /** The block columns shown, by sheet column of the list; the row's position in `positionColumn`. */
  columns: ReadonlyArray<{ column: number; values: string; numberFormat?: string }>;
  positionColumn: number;
}

/**
 * Writes a list from sheet row `top`. Dynamic arrays: one spilled formula per column, its first rows
 * taken with INDEX and SEQUENCE (every Excel with dynamic arrays has them; TAKE is Excel 2024 and
 * Microsoft 365 only, and Excel 2021 runs the add-in). Otherwise: the row ranked k found by MATCH in
 * the rank helper column, then INDEX. Returns the position column's cells, row by row, for formulas
 * beside the list.
 */
export function writeList(cells: SummaryCell[], top: number, dynamicArrays: boolean, spec: ListSpec): string[] {
  const put = (row: number, column: number, content: string, numberFormat?: string): void =>
    void cells.push({ row, column, content, ...(numberFormat ? { numberFormat } : {}) });
  const positions = Array.from(
    { length: spec.length },
    (_, k) => `$${columnLetters(spec.positionColumn)}$${top + k + 1}`,
  );
  if (dynamicArrays) {
    const position = `SEQUENCE(${spec.rows})`;
    const picked = (values: string): string => `FILTER(${values},${spec.filter})`;
    const keys = [...spec.keys, [position, 1] as const].map(([range, way]) => `${picked(range)},${way}`).join(',');
    // As many rows as are picked, `length` at most (none: SEQUENCE(0) fails, and the list is empty).
    const first = `SEQUENCE(MIN(${spec.length},${spec.picked}))`;
    const sorted = (values: string): string => `=IFERROR(INDEX(SORTBY(${picked(values)},${keys}),${first}),"")`;
    for (const { column, values, numberFormat } of spec.columns) put(top, column, sorted(values), numberFormat);
    put(top, spec.positionColumn, sorted(position));
    return positions;
  }
  const rankRange = helperRange(spec.rank, spec.rows);
  positions.forEach((position, k) => {
    put(top + k, spec.positionColumn, `=IFERROR(MATCH(${k + 1},${rankRange},0),"")`);
    for (const { column, values, numberFormat } of spec.columns)
      put(top + k, column, `=IF(${position}="","",INDEX(${values},${position}))`, numberFormat);
  });
  return positions;
}
