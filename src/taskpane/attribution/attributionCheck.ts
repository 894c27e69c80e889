/**
 * The attribution check, pure so that it is tested without Excel: on a sheet's formulas, find the
 * blocks of CLIMATE cells that show scores or flags (written by the pane or typed by hand), tell
 * which have no source line near them, and choose for each a place for the logo and the source
 * line where nothing is written over. Excel draws a data type's logo only inside its card, so the
 * licence's "logo wherever a score is shown" needs this line in the grid on every host.
 */
import { PROVIDER } from '../../provider';
import { t } from '../../i18n/translate';
import { cellA1, rangeA1 } from '../sheet/a1';
import { climateCalls, fieldReferences } from '../sheet/formulas';
import { formulaAt, type CellGrid } from '../sheet/grid';
import { isOutputHeader } from '../sheet/outputs';
import { showsSourceLine, SOURCE_LINE_FORMULA, type AttributionCell } from '../sheet/sourceLine';

/** A rectangle of the sheet, 0-based and inclusive. */
export interface Block {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A cell of the sheet, 0-based. */
export interface CellAt {
  row: number;
  column: number;
}

export const cellKey = ({ row, column }: CellAt): string => `${row},${column}`;

/** The cells a fix would use: the one its logo floats over and the one its line goes in. */
export function cellsOf(place: AttributionCell): CellAt[] {
  const columns = place.logoColumn === null ? [place.textColumn] : [place.logoColumn, place.textColumn];
  return columns.map((column) => ({ row: place.row, column }));
}

export interface AttributionFix {
  block: Block;
  /** Where the logo image floats (a free cell) and the source line goes; null when nothing is free nearby. */
  place: AttributionCell | null;
}

/** CLIMATE calls that belong to a block; those of SHOWS put a score or flag on screen, as a card's field does. */
const BELONGS = new Set(['SCORE', 'FLAG', 'FLAGS', 'PROFILE', 'MATCH', 'LINK', 'STATUS', 'ORG']);
const SHOWS = new Set(['SCORE', 'FLAG', 'FLAGS', 'PROFILE']);
/**
 * Cells this close belong to one block: a skipped (blank) supplier row does not split a column. A
 * column under a header Score a column writes is the pane's block, one down to its last CLIMATE cell
 * whatever blank supplier rows it holds: only another cell in the column ends it.
 */
const ROW_GAP = 2;
const HEADER = -1;
const COLUMN_GAP = 1;
/** How far from a block a source line counts as its own, and how far the check looks for room. */
const ROWS_AROUND = 3;
const COLUMNS_AROUND = 4;

/** The sheet as a lookup of occupied cells, by absolute row and column. */
class Grid {
  constructor(private readonly sheet: CellGrid) {}

  free(row: number, column: number): boolean {
    return row >= 0 && column >= 0 && formulaAt(this.sheet, row, column).trim() === '';
  }

  *cells(): Generator<{ row: number; column: number; text: string }> {
    const { rowIndex, columnIndex, formulas } = this.sheet;
    for (let r = 0; r < formulas.length; r += 1) {
      for (let c = 0; c < formulas[r].length; c += 1) {
        const text = formulaAt(this.sheet, rowIndex + r, columnIndex + c);
        if (text !== '') yield { row: rowIndex + r, column: columnIndex + c, text };
      }
    }
  }
}

/** The blocks of CLIMATE formulas that show a score or a flag, top to bottom, left to right. */
export function findClimateBlocks(sheet: CellGrid): Block[] {
  const cells: Array<{ row: number; column: number; shows: boolean }> = [];
  // Per column, under one of the pane's headers: HEADER, then the run's last CLIMATE cell; any other
  // cell ends the run. The cells each run joins are `runs`.
  const headed = new Map<number, number>();
  const runs: Array<[number, number]> = [];
  for (const cell of new Grid(sheet).cells()) {
    const formula = cell.text.startsWith('=');
    const calls = formula
      ? climateCalls(cell.text)
          .map((call) => call.name)
          .filter((fn) => BELONGS.has(fn))
      : [];
    const fields = formula && fieldReferences(cell.text).length > 0;
    if (calls.length === 0 && !fields) {
      if (isOutputHeader(cell.text)) headed.set(cell.column, HEADER);
      else headed.delete(cell.column);
      continue;
    }
    const shows = fields || calls.some((fn) => SHOWS.has(fn));
    const i = cells.push({ row: cell.row, column: cell.column, shows }) - 1;
    const above = headed.get(cell.column);
    if (above === undefined) continue;
    if (above !== HEADER) runs.push([i, above]);
    headed.set(cell.column, i);
  }
  // Union-find over cells near each other; cells come row by row, so only earlier rows need looking back.
  const parent = cells.map((_cell, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]]; // path halving: no recursion on long chains
    return i;
  };
  // Numeric keys (Excel has 16,384 columns): a sheet of 50,000 formulas is grouped in milliseconds.
  const at = (row: number, column: number) => row * 16_384 + column;
  const index = new Map(cells.map((cell, i) => [at(cell.row, cell.column), i]));
  for (const [i, j] of runs) parent[root(i)] = root(j);
  cells.forEach((cell, i) => {
    for (let dr = 0; dr <= ROW_GAP; dr += 1) {
      for (let dc = -COLUMN_GAP; dc <= COLUMN_GAP; dc += 1) {
        if (dr === 0 && dc >= 0) continue;
        const j = index.get(at(cell.row - dr, cell.column + dc));
        if (j !== undefined) parent[root(i)] = root(j);
      }
    }
  });
  const blocks = new Map<number, Block & { shows: boolean }>();
  cells.forEach((cell, i) => {
    const key = root(i);
    const block = blocks.get(key);
    if (!block)
      blocks.set(key, { top: cell.row, left: cell.column, bottom: cell.row, right: cell.column, shows: cell.shows });
    else {
      block.top = Math.min(block.top, cell.row);
      block.bottom = Math.max(block.bottom, cell.row);
      block.left = Math.min(block.left, cell.column);
      block.right = Math.max(block.right, cell.column);
      block.shows ||= cell.shows;
    }
  });
  return [...blocks.values()]
    .filter((block) => block.shows)
    .map(({ top, left, bottom, right }) => ({ top, left, bottom, right }))
    .sort((a, b) => a.top - b.top || a.left - b.left);
}

/** One of the sheet's source lines is within reach of the block. */
function hasAttribution(lines: readonly CellAt[], block: Block): boolean {
  return lines.some(
    (cell) =>
      cell.row >= block.top - ROWS_AROUND &&
      cell.row <= block.bottom + ROWS_AROUND &&
      cell.column >= block.left - COLUMNS_AROUND &&
      cell.column <= block.right + COLUMNS_AROUND,
  );
}

/** The cells that show the source line, typed or written by the pane (read once per check). */
function sourceLines(sheet: CellGrid): CellAt[] {
  return [...new Grid(sheet).cells()].filter((cell) => showsSourceLine(cell.text));
}

/**
 * Where the block's attribution goes: the nearest free cells above it (the source line, and the logo
 * floating over the free cell left of it), else below it, else right of it; null when all are taken.
 * `taken` holds cells chosen for other blocks in the same check. A cell inside any block (a blank
 * supplier row of its columns) is not free: the line there would read as that row's value.
 */
function placeAttribution(
  sheet: CellGrid,
  block: Block,
  logo: boolean,
  taken: Set<string>,
  blocks: readonly Block[],
): AttributionCell | null {
  const grid = new Grid(sheet);
  const inside = (row: number, column: number) =>
    blocks.some((b) => row >= b.top && row <= b.bottom && column >= b.left && column <= b.right);
  const free = (row: number, column: number) =>
    grid.free(row, column) && !taken.has(cellKey({ row, column })) && !inside(row, column);
  const rows = [
    ...Array.from({ length: ROWS_AROUND }, (_, i) => block.top - 1 - i),
    ...Array.from({ length: ROWS_AROUND }, (_, i) => block.bottom + 1 + i),
  ];
  const tryRow = (row: number, columns: number[]): AttributionCell | null => {
    for (const column of columns) {
      const logoColumn = logo ? column : null;
      const textColumn = logo ? column + 1 : column;
      if ((logoColumn === null || free(row, logoColumn)) && free(row, textColumn)) {
        return { row, logoColumn, textColumn, formula: SOURCE_LINE_FORMULA };
      }
    }
    return null;
  };
  const within = Array.from({ length: block.right - block.left + 1 }, (_, i) => block.left + i);
  for (const row of rows) {
    const found = row >= 0 ? tryRow(row, within) : null;
    if (found) return found;
  }
  const beside = Array.from({ length: COLUMNS_AROUND - 1 }, (_, i) => block.right + 1 + i);
  for (let row = block.top; row <= Math.min(block.bottom, block.top + ROWS_AROUND); row += 1) {
    const found = tryRow(row, beside);
    if (found) return found;
  }
  return null;
}

/**
 * The blocks without attribution and where each one's goes. `blocked` cells (by cellKey) are not
 * used though empty, e.g. those an image already floats over.
 */
export function planAttributionCheck(
  sheet: CellGrid,
  logo: boolean,
  blocked: ReadonlySet<string> = new Set(),
): { blocks: number; fixes: AttributionFix[] } {
  const blocks = findClimateBlocks(sheet);
  const lines = sourceLines(sheet);
  const taken = new Set<string>(blocked);
  const fixes = blocks
    .filter((block) => !hasAttribution(lines, block))
    .map((block): AttributionFix => {
      const place = placeAttribution(sheet, block, logo, taken, blocks);
      for (const cell of place ? cellsOf(place) : []) taken.add(cellKey(cell));
      return { block, place };
    });
  return { blocks: blocks.length, fixes };
}

/** `B3:E9` */
function blockAddress(block: Block): string {
  const box = { rowIndex: block.top, columnIndex: block.left, rowCount: block.bottom - block.top + 1 };
  return rangeA1({ ...box, columnCount: block.right - block.left + 1 });
}

/** What the pane says about one fix: where the logo and the line went, or why nothing was added. */
export function describeFix(sheet: string, fix: AttributionFix, filledMeanwhile = false): string {
  const range = `${sheet}!${blockAddress(fix.block)}`;
  const place = fix.place;
  const line = PROVIDER.sourceLine;
  if (!place) return t('attribution.fix.noPlace', { range, line });
  if (filledMeanwhile) return t('attribution.fix.filled', { range, line });
  const cell = cellA1(place.row, place.textColumn);
  if (place.logoColumn === null) return t('attribution.fix.placed', { range, cell });
  return t('attribution.fix.placedWithLogo', { range, cell, logo: cellA1(place.row, place.logoColumn) });
}
