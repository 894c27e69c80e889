/**
 * The summary's two lists (lowest scores, to engage first; highest scores): ten rows of supplier,
 * score, spend and the row's position in the block, in the order the plan describes.
 */
import type { BlockLayout } from '../common/blockScored';
import { columnLetters } from '../sheet/a1';
import { helperRange, rowsOf, SCORE_FORMAT, type SummaryCell } from './summaryHelpers';

export const LIST_LENGTH = 10;

/**
 * Ten rows of supplier, score, spend and the row's position in the block. Dynamic arrays: one spilled
 * formula per column, its first rows taken with INDEX and SEQUENCE (every Excel with dynamic arrays has
 * them; TAKE is Excel 2024 and Microsoft 365 only, and Excel 2021 runs the add-in). Otherwise: the row
 * ranked k by MATCH in the rank helper column, then INDEX.
 */
export function writeList(
  cells: SummaryCell[],
  top: number,
  order: 'lowest' | 'highest',
  block: BlockLayout,
  dynamicArrays: boolean,
  S: string,
  N: string,
  Sp: string | null,
): void {
  const put = (row: number, column: number, content: string, numberFormat?: string): void =>
    void cells.push({ row, column, content, ...(numberFormat ? { numberFormat } : {}) });
  const spendColumn = Sp ? 2 : null;
  const rowColumn = Sp ? 3 : 2;
  const rows = rowsOf(block);
  if (dynamicArrays) {
    const direction = order === 'lowest' ? 1 : -1;
    const position = `SEQUENCE(${rows})`;
    const bySpend = Sp ? `FILTER(${helperRange('spend', rows)},ISNUMBER(${S})),-1,` : '';
    const scored = (values: string): string => `FILTER(${values},ISNUMBER(${S}))`;
    const keys = `${scored(S)},${direction},${bySpend}${scored(position)},1`;
    // As many rows as there are scores, ten at most (none: SEQUENCE(0) fails, and the list is empty).
    const first = `SEQUENCE(MIN(${LIST_LENGTH},COUNT(${S})))`;
    const sorted = (values: string): string => `=IFERROR(INDEX(SORTBY(${scored(values)},${keys}),${first}),"")`;
    put(top, 0, sorted(N));
    put(top, 1, sorted(S), SCORE_FORMAT);
    if (spendColumn !== null && Sp) put(top, spendColumn, sorted(Sp), '#,##0');
    put(top, rowColumn, sorted(position));
    return;
  }
  for (let k = 1; k <= LIST_LENGTH; k++) {
    const r = top + k - 1;
    const position = `$${columnLetters(rowColumn)}$${r + 1}`;
    const rankRange = helperRange(order === 'lowest' ? 'rankLowest' : 'rankHighest', rows);
    put(r, rowColumn, `=IFERROR(MATCH(${k},${rankRange},0),"")`);
    put(r, 0, `=IF(${position}="","",INDEX(${N},${position}))`);
    put(r, 1, `=IF(${position}="","",INDEX(${S},${position}))`, SCORE_FORMAT);
    if (spendColumn !== null && Sp) put(r, spendColumn, `=IF(${position}="","",INDEX(${Sp},${position}))`, '#,##0');
  }
}
