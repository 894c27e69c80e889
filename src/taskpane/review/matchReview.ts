/**
 * The "Review matches" section: the rows of the scored block (or of a selected block of CLIMATE
 * formulas) whose answer may belong to another organization, with their counts per verdict, a filter
 * and a page of rows at a time. Per row: Go to row selects it; Accept records (input, matched
 * organization id) in the workbook and the row's MATCH turns `accepted`; Refine writes a website,
 * country or identifier into the row's formulas, which recalculate. The block is read in slices of
 * SLICE_ROWS, one Excel.run each, so 5,000 rows never hold the pane.
 *
 * Over 300 lines on purpose: the section's controls, filter, pages and the three row actions share one
 * state (the block read and the page shown); its workbook reads and writes are in reviewWorkbook.ts.
 */
import { ArgumentError } from '../../functions/argumentError';
import { parseOrganization } from '../../functions/organizationArgument';
import { rememberAcceptedMatch } from '../../office/documentSettings';
import { readRowGrid, readSelectedBox, recalculateBlockRows, selectRange, writeCellFormulas } from './reviewWorkbook';
import { columnLetters } from '../sheet/a1';
import { rowOrganization, withArguments, type ArgumentChange, type CellGrid } from '../sheet/climateCalls';
import type { PaneContext } from '../common/paneContext';
import {
  ALL,
  TO_REVIEW,
  assessRow,
  countVerdicts,
  filterEntries,
  pageOf,
  verdictOf,
  type ReviewEntry,
} from './reviewModel';
import { literal } from '../score/scoringPlan';
import type { RangeBox } from '../sheet/selectionModel';
import { byId, el, replaceChildren, setStatus, withBusy } from '../ui/view';

/** Rows read per Excel.run. */
const SLICE_ROWS = 500;

/** A block of CLIMATE formulas: its sheet, rows and formula columns. */
export interface ReviewBlock {
  sheet: string;
  box: RangeBox;
}

export interface MatchReviewSection {
  /** The block "Score a column" just wrote: what "Review scored block" reads. */
  setScoredBlock(block: ReviewBlock): void;
}

type Button = HTMLElementTagNameMap['fluent-button'];

/** A row's formulas inside the block, with their sheet positions. */
function blockFormulas(
  grid: CellGrid,
  row: number,
  block: ReviewBlock,
): Array<{ row: number; column: number; formula: string }> {
  const cells: Array<{ row: number; column: number; formula: string }> = [];
  (grid.formulas[row - grid.rowIndex] ?? []).forEach((formula, j) => {
    const column = grid.columnIndex + j;
    const inBlock = column >= block.box.columnIndex && column < block.box.columnIndex + block.box.columnCount;
    if (inBlock && typeof formula === 'string' && formula.startsWith('=')) cells.push({ row, column, formula });
  });
  return cells;
}

/** The grid with formulas outside the block blanked: a row's organization is read from the block. */
function withinBlock(grid: CellGrid, block: ReviewBlock): CellGrid {
  const formulas = grid.formulas.map((cells, i) => {
    const kept = blockFormulas(grid, grid.rowIndex + i, block);
    return cells.map((_formula, j) => kept.find((cell) => cell.column === grid.columnIndex + j)?.formula ?? '');
  });
  return { ...grid, formulas };
}

export function mountMatchReview(context: PaneContext): MatchReviewSection {
  const scoredButton = byId('review-scored', 'fluent-button');
  const selectionButton = byId('review-selection', 'fluent-button');
  const status = byId('review-status');
  const results = byId('review-results');
  const counts = byId('review-counts');
  const filter = byId('review-filter', 'select');
  const list = byId('review-list', 'ul');
  const prev = byId('review-prev', 'fluent-button');
  const next = byId('review-next', 'fluent-button');
  const pageLabel = byId('review-page');

  let scored: ReviewBlock | null = null;
  let current: { block: ReviewBlock; entries: ReviewEntry[] } | null = null;
  let page = 0;
  let refining: number | null = null;

  const rowLabel = (entry: ReviewEntry): string => `Row ${entry.row + 1}`;

  const renderCounts = (entries: readonly ReviewEntry[]): void => {
    const perVerdict = countVerdicts(entries);
    replaceChildren(
      counts,
      ...perVerdict.flatMap(([verdict, count]) => [el('dt', {}, verdict), el('dd', {}, String(count))]),
    );
    const chosen = filter.value || TO_REVIEW;
    const toReview = filterEntries(entries, TO_REVIEW).length;
    replaceChildren(
      filter,
      el('option', { value: TO_REVIEW, selected: chosen === TO_REVIEW }, `To review (${toReview})`),
      ...perVerdict.map(([verdict, count]) =>
        el('option', { value: verdict, selected: chosen === verdict }, `${verdict} (${count})`),
      ),
      el('option', { value: ALL, selected: chosen === ALL }, `All rows (${entries.length})`),
    );
    // A verdict that no row has any more (the last one accepted) falls back to the rows to review.
    if (filter.value !== chosen) filter.value = TO_REVIEW;
  };

  const refineForm = (entry: ReviewEntry): HTMLElement => {
    const field = (id: string, label: string, hint: string) =>
      el(
        'fluent-text-input',
        { id, autocomplete: 'off', spellcheck: 'false', placeholder: hint },
        label,
      ) as HTMLElementTagNameMap['fluent-text-input'];
    const website = field('refine-website', 'Website', 'e.g. acme.com');
    const country = field('refine-country', 'Country', 'e.g. DE');
    const identifier = field('refine-identifier', 'Identifier', 'lei:…, isin:… or duns:…');
    const apply = el('fluent-button', { type: 'submit', appearance: 'primary', size: 'small' }, 'Apply');
    const cancel = el('fluent-button', { type: 'button', appearance: 'subtle', size: 'small' }, 'Cancel');
    const form = el(
      'form',
      { class: 'stack tight card', novalidate: true, 'aria-label': `Refine ${rowLabel(entry)}` },
      website,
      country,
      identifier,
      el('div', { class: 'row' }, apply, cancel),
    );
    cancel.addEventListener('click', () => {
      refining = null;
      render();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      // A field never typed in has no value yet (undefined, not '').
      const typed = (input: HTMLElementTagNameMap['fluent-text-input']): string => (input.value ?? '').trim();
      void withBusy(apply, status, () =>
        refine(entry, { website: typed(website), country: typed(country), identifier: typed(identifier) }),
      );
    });
    return form;
  };

  const item = (entry: ReviewEntry): HTMLElement => {
    const reading = entry.reading;
    const similarity =
      reading?.similarity === null || reading?.similarity === undefined
        ? null
        : `similarity ${reading.similarity.toFixed(2)}`;
    const matched = reading ? `→ ${reading.matchedName ?? 'no name'}` : (entry.message ?? '');
    const meta = [matched, reading?.relationship, similarity].filter(Boolean).join(' · ');
    const button = (label: string, action: () => Promise<void>, disabled = false): Button => {
      const b = el(
        'fluent-button',
        { type: 'button', size: 'small', 'aria-label': `${label} ${rowLabel(entry)} (${entry.input})`, disabled },
        label,
      );
      b.addEventListener('click', () => void withBusy(b, status, action));
      return b;
    };
    const canAccept = reading !== null && reading.matchedId !== null && reading.verdict !== 'accepted';
    return el(
      'li',
      { 'data-row': entry.row + 1, 'data-verdict': verdictOf(entry) },
      el(
        'div',
        { class: 'grow stack tight' },
        el('span', {}, `${rowLabel(entry)}: ${entry.input}`),
        el('span', { class: 'meta' }, meta),
        el(
          'div',
          { class: 'row' },
          el(
            'fluent-badge',
            { appearance: 'tint', color: verdictOf(entry) === 'accepted' ? 'success' : 'warning', shape: 'rounded' },
            verdictOf(entry),
          ),
          button('Go to row', () => goTo(entry)),
          button('Accept', () => accept(entry), !canAccept),
          button('Refine', async () => {
            refining = refining === entry.row ? null : entry.row;
            render();
          }),
        ),
        refining === entry.row ? refineForm(entry) : null,
      ),
    );
  };

  const render = (): void => {
    if (!current) return;
    renderCounts(current.entries);
    const shown = pageOf(filterEntries(current.entries, filter.value), page);
    page = shown.index;
    replaceChildren(list, ...shown.items.map(item));
    if (shown.items.length === 0) list.append(el('li', { class: 'meta' }, 'No rows with this verdict.'));
    pageLabel.textContent = `Page ${shown.index + 1} of ${shown.pages}`;
    prev.disabled = shown.index === 0;
    next.disabled = shown.index >= shown.pages - 1;
    results.hidden = false;
  };

  /** Reads a block slice by slice, judging each slice's rows before the next read. */
  const review = async (block: ReviewBlock): Promise<void> => {
    const entries: ReviewEntry[] = [];
    const top = block.box.rowIndex;
    const bottom = top + block.box.rowCount - 1;
    const [left, right] = [block.box.columnIndex, block.box.columnIndex + block.box.columnCount - 1].map(columnLetters);
    const where = `${block.sheet}!${left}${top + 1}:${right}${bottom + 1}`;
    for (let from = top; from <= bottom; from += SLICE_ROWS) {
      const grid = await readRowGrid(block.sheet, from, Math.min(bottom, from + SLICE_ROWS - 1));
      if (grid === null) break;
      const scoped = withinBlock(grid, block);
      const rows = grid.formulas.map((_cells, i) => grid.rowIndex + i);
      const judged = await Promise.all(
        rows.map((row) => {
          const args = rowOrganization(scoped, row);
          return args === null ? null : assessRow(context.engine, row, args);
        }),
      );
      for (const entry of judged) if (entry) entries.push(entry);
      setStatus(
        status,
        'busy',
        `Reviewing ${where}: ${Math.min(bottom, from + SLICE_ROWS - 1) - top + 1} of ${block.box.rowCount} rows read.`,
      );
      // A slice whose records are all cached settles in microtasks: give the page a turn before the next.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (entries.length === 0) throw new Error(`No CLIMATE formulas that name an organization in ${where}.`);
    current = { block, entries };
    page = 0;
    refining = null;
    filter.value = TO_REVIEW;
    render();
    setStatus(
      status,
      'info',
      `${where}: ${filterEntries(entries, TO_REVIEW).length} of ${entries.length} rows to review.`,
    );
  };

  const goTo = async (entry: ReviewEntry): Promise<void> => {
    const block = current!.block;
    await selectRange(block.sheet, {
      rowIndex: entry.row,
      columnIndex: block.box.columnIndex,
      rowCount: 1,
      columnCount: block.box.columnCount,
    });
    setStatus(status, 'info', `${rowLabel(entry)} selected.`);
  };

  /** Judges rows again (after an accept or a refine) and recalculates those whose verdict changed. */
  const reassess = async (rows: ReviewEntry[]): Promise<void> => {
    const { block, entries } = current!;
    const changed: number[] = [];
    for (const entry of rows) {
      const again = await assessRow(context.engine, entry.row, entry.args);
      if (verdictOf(again) !== verdictOf(entry)) changed.push(entry.row);
      entries[entries.indexOf(entry)] = again;
    }
    if (changed.length > 0) await recalculateBlockRows(block.sheet, changed, block.box);
  };

  const accept = async (entry: ReviewEntry): Promise<void> => {
    const reading = entry.reading!;
    await rememberAcceptedMatch({ input: entry.input, organization: reading.matchedId! });
    // Every row that asked for the same organization with the same answer is accepted with it.
    await reassess(current!.entries.filter((other) => other.reading?.matchedId === reading.matchedId));
    render();
    setStatus(
      status,
      'success',
      `Accepted: ${entry.input} is ${reading.matchedName ?? `#${reading.matchedId}`} in this workbook.`,
    );
  };

  const refine = async (
    entry: ReviewEntry,
    typed: { website: string; country: string; identifier: string },
  ): Promise<void> => {
    if (!typed.website && !typed.country && !typed.identifier)
      throw new ArgumentError('Give a website, a country or an identifier.');
    if (typed.identifier && !/^(lei|isin|duns)\s*:/i.test(typed.identifier)) {
      throw new ArgumentError(
        `Write the identifier with its kind: lei:…, isin:… or duns:… (got "${typed.identifier}").`,
      );
    }
    const args = {
      organization: typed.identifier || entry.args.organization,
      website: typed.website || entry.args.website,
      country: typed.country || entry.args.country,
    };
    parseOrganization(args.organization, args.website, args.country); // a bad value is said here and writes nothing
    const change: ArgumentChange = {};
    if (typed.identifier) change.organization = literal(typed.identifier);
    if (typed.website) change.website = literal(typed.website);
    if (typed.country) change.country = literal(typed.country);
    const { block, entries } = current!;
    const grid = await readRowGrid(block.sheet, entry.row, entry.row);
    const cells = grid === null ? [] : blockFormulas(grid, entry.row, block);
    const rewritten = cells
      .map((cell) => ({ ...cell, formula: withArguments(cell.formula, change) }))
      .filter((cell, i) => cell.formula !== cells[i].formula);
    if (rewritten.length === 0) throw new Error(`${rowLabel(entry)} has no CLIMATE formulas left to refine.`);
    await writeCellFormulas(block.sheet, rewritten);
    entries[entries.indexOf(entry)] = await assessRow(context.engine, entry.row, args);
    refining = null;
    render();
    setStatus(status, 'success', `${rowLabel(entry)}: ${rewritten.length} formulas refined.`);
  };

  scoredButton.addEventListener('click', () => void withBusy(scoredButton, status, () => review(scored!)));
  selectionButton.addEventListener(
    'click',
    () => void withBusy(selectionButton, status, async () => review(await readSelectedBox())),
  );
  filter.addEventListener('change', () => {
    page = 0;
    render();
  });
  prev.addEventListener('click', () => {
    page--;
    render();
  });
  next.addEventListener('click', () => {
    page++;
    render();
  });

  return {
    setScoredBlock(block) {
      scored = block;
      scoredButton.disabled = false;
    },
  };
}
