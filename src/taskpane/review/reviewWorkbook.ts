/**
 * The match review's reads and writes, over sheet/: a block's rows read slice by slice (ROWS_PER_RUN
 * rows, one Excel.run each, so 5,000 rows never hold the pane) and judged as they come; an accepted
 * match recorded in the workbook or cleared from it; a refined row's formulas rewritten; the rows whose verdict changed
 * recalculated.
 */
import type { Engine } from '../../engine';
import { clearAcceptedMatch } from '../../functions/results/acceptedMatches';
import { rememberAcceptedMatch } from '../../office/documentSettings';
import { t } from '../../i18n/translate';
import { describeRange } from '../sheet/a1';
import { rowOrganization } from '../sheet/climateCells';
import { ROWS_PER_RUN } from '../sheet/excel';
import { lastRow, type SheetRange } from '../sheet/grid';
import { readRows } from '../sheet/read';
import { recalculateRows, writeCellFormulas } from '../sheet/write';
import { refinedCells, type RefineInput, planRefine } from './refine';
import { assessRow, rowLabel, verdictOf, type ReviewEntry } from './reviewModel';

type Judge = Pick<Engine, 'organization'>;

/**
 * Reads a block slice by slice, judging each slice's rows before the next read; `progress` after each.
 * `only`: the rows (0-based) to judge, the others read past (the rows a refresh handed over).
 */
export async function reviewBlock(
  engine: Judge,
  block: SheetRange,
  progress: (rowsRead: number) => void,
  only?: ReadonlySet<number>,
): Promise<ReviewEntry[]> {
  const entries: ReviewEntry[] = [];
  const top = block.box.rowIndex;
  const bottom = lastRow(block.box);
  for (let from = top; from <= bottom; from += ROWS_PER_RUN) {
    const to = Math.min(bottom, from + ROWS_PER_RUN - 1);
    // Rows a refresh handed over lie anywhere on the sheet: a slice holding none of them is not read.
    if (only && ![...only].some((row) => row >= from && row <= to)) continue;
    const grid = await readRows(block.sheet, from, to);
    if (grid === null) break;
    const rows = grid.formulas.map((_cells, i) => grid.rowIndex + i).filter((row) => !only || only.has(row));
    const judged = await Promise.all(
      rows.map((row) => {
        const args = rowOrganization(grid, row, block.box);
        return args === null ? null : assessRow(engine, row, args);
      }),
    );
    for (const entry of judged) if (entry) entries.push(entry);
    progress(to - top + 1);
    // A slice whose records are all cached settles in microtasks: give the page a turn before the next.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (entries.length === 0) throw new Error(t('review.noFormulas', { range: describeRange(block.sheet, block.box) }));
  return entries;
}

/** Judges rows again (after an accept or a refine), in place, and recalculates those whose verdict changed. */
async function reassess(engine: Judge, block: SheetRange, entries: ReviewEntry[], rows: ReviewEntry[]): Promise<void> {
  const changed: number[] = [];
  for (const entry of rows) {
    const again = await assessRow(engine, entry.row, entry.args);
    if (verdictOf(again) !== verdictOf(entry)) changed.push(entry.row);
    entries[entries.indexOf(entry)] = again;
  }
  if (changed.length > 0) await recalculateRows(block.sheet, changed, block.box);
}

/**
 * Records (input, matched organization) in the workbook (`accepted`: the row's MATCH turns `accepted`),
 * or takes it out (a pair that came with the file: the row is judged by its names again); so does every
 * row that asked for the same organization with the same answer.
 */
export async function setAccepted(
  engine: Judge,
  block: SheetRange,
  entries: ReviewEntry[],
  change: { entry: ReviewEntry; matchedId: number; accepted: boolean },
): Promise<void> {
  const { entry, matchedId } = change;
  if (change.accepted) await rememberAcceptedMatch({ input: entry.input, organization: matchedId });
  else await clearAcceptedMatch(entry.input, matchedId);
  await reassess(
    engine,
    block,
    entries,
    entries.filter((other) => other.reading?.matchedId === matchedId),
  );
}

/** Writes what was typed into the row's formulas and judges the row again; returns how many formulas changed. */
export async function refineRow(
  engine: Judge,
  block: SheetRange,
  entries: ReviewEntry[],
  entry: ReviewEntry,
  typed: RefineInput,
): Promise<number> {
  const { args, change } = planRefine(entry.args, typed);
  const grid = await readRows(block.sheet, entry.row, entry.row);
  const rewritten = grid === null ? [] : refinedCells(grid, entry.row, block.box, change);
  if (rewritten.length === 0) throw new Error(t('review.nothingToRefine', { row: rowLabel(entry) }));
  await writeCellFormulas(block.sheet, rewritten, t('review.again'));
  entries[entries.indexOf(entry)] = await assessRow(engine, entry.row, args);
  return rewritten.length;
}
