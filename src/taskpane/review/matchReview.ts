/**
 * The "Review matches" section: the rows of the scored block (or of a selected block of CLIMATE
 * formulas) whose answer may belong to another organization, with their counts per verdict, a filter
 * and a page of rows at a time. Per row: Go to row selects it; Accept records (input, matched
 * organization id) in the workbook and the row's MATCH turns `accepted`; Refine writes a website,
 * country or identifier into the row's formulas, which recalculate. After each of them the keyboard
 * focus lands where the next key press is meant to go (the list is drawn anew, so it is placed, never
 * left to fall on the page's body). The verdicts and pages are reviewModel.ts, the reads and writes
 * reviewWorkbook.ts, the page parts reviewView.ts.
 */
import { t } from '../../i18n/translate';
import type { BlockScored } from '../common/blockScored';
import type { PaneContext } from '../common/paneContext';
import type { RowsToCheck } from '../common/rowsToCheck';
import { describeRange } from '../sheet/a1';
import type { SheetRange } from '../sheet/grid';
import { readSelection } from '../sheet/read';
import { SHEET_COLUMNS } from '../sheet/sheetState';
import { selectRange } from '../sheet/write';
import { byId, el, messageOf, replaceChildren, setStatus, withBusy } from '../ui/view';
import { ALL, TO_REVIEW, filterEntries, pageOf, rowLabel, type ReviewEntry } from './reviewModel';
import { refineRow, reviewBlock, setAccepted } from './reviewWorkbook';
import {
  chooseFilter,
  focusRefineForm,
  focusRow,
  refineForm,
  renderCounts,
  reviewItem,
  type RowActions,
  type RowControl,
} from './reviewView';

export interface MatchReviewSection {
  /** A block was scored: what "Review scored block" reads. */
  blockScored(event: BlockScored): void;
  /** Opens the review on exactly these rows (a refresh found them matched to another organization). */
  checkRows(rows: RowsToCheck): Promise<void>;
}

/** What the section shows: the block read and its rows, the page, the row being refined. */
interface Shown {
  block: SheetRange;
  entries: ReviewEntry[];
  page: number;
  refining: number | null;
}

/** Where the focus goes once the list is drawn again: a row's control, or the open Refine form. */
type Focus = { row: number; control: RowControl } | 'refine form';

export function mountMatchReview(context: PaneContext): MatchReviewSection {
  const scoredButton = byId('review-scored', 'fluent-button');
  const selectionButton = byId('review-selection', 'fluent-button');
  const status = byId('review-status');
  const filter = byId('review-filter', 'select');
  const list = byId('review-list', 'ul');
  const heading = byId('review-list-heading');
  const prev = byId('review-prev', 'fluent-button');
  const next = byId('review-next', 'fluent-button');

  let scored: SheetRange | null = null;
  let shown: Shown | null = null;

  const render = (focus?: Focus): void => {
    if (!shown) return;
    // Placed only where it was, in the list: a person who went elsewhere meanwhile keeps their place.
    const placeFocus = list.contains(document.activeElement);
    const view = shown;
    renderCounts(byId('review-counts'), filter, view.entries);
    const page = pageOf(filterEntries(view.entries, filter.value), view.page);
    view.page = page.index;
    const actions = rowActions(view);
    const form = (entry: ReviewEntry) =>
      view.refining === entry.row
        ? refineForm(entry, {
            apply: (typed, button) => actions.run(button, () => refine(view, entry, typed)),
            cancel: () => {
              view.refining = null;
              render({ row: entry.row, control: 'Refine' });
            },
          })
        : null;
    replaceChildren(list, ...page.items.map((entry) => reviewItem(entry, actions, form(entry))));
    if (page.items.length === 0) list.append(el('li', { class: 'meta' }, t('review.noRows')));
    byId('review-page').textContent = t('review.page', { page: page.index + 1, pages: page.pages });
    // The attribute, not the property: FAST reflects the property to it a frame later, and only the
    // attribute makes the button disabled to the browser, so `turn` could not hand the focus over now.
    prev.toggleAttribute('disabled', page.index === 0);
    next.toggleAttribute('disabled', page.index >= page.pages - 1);
    byId('review-results').hidden = false;
    if (!placeFocus || !focus) return;
    if (focus === 'refine form') focusRefineForm(list);
    else focusRow(list, heading, focus.row, focus.control);
  };

  const rowActions = (view: Shown): RowActions => ({
    run: (button, action) => void withBusy(button, status, action),
    goTo: async (entry) => {
      const { sheet, box } = view.block;
      await selectRange({ sheet, box: { ...box, rowIndex: entry.row, rowCount: 1 } });
      setStatus(status, 'info', t('review.selected', { row: rowLabel(entry) }));
    },
    accept: async (entry, matchedId) => {
      const name = entry.reading?.matchedName ?? `#${matchedId}`;
      await setAccepted(context.engine, view.block, view.entries, { entry, matchedId, accepted: true });
      render({ row: entry.row, control: 'Accept' });
      setStatus(status, 'success', t('review.accepted', { input: entry.input, name }));
    },
    clear: async (entry, matchedId) => {
      const name = entry.reading?.matchedName ?? `#${matchedId}`;
      await setAccepted(context.engine, view.block, view.entries, { entry, matchedId, accepted: false });
      render({ row: entry.row, control: 'Refine' });
      setStatus(status, 'success', t('review.cleared', { input: entry.input, name }));
    },
    toggleRefine: (entry) => {
      view.refining = view.refining === entry.row ? null : entry.row;
      render(view.refining === null ? { row: entry.row, control: 'Refine' } : 'refine form');
    },
  });

  const refine = async (view: Shown, entry: ReviewEntry, typed: Parameters<typeof refineRow>[4]): Promise<void> => {
    const count = await refineRow(context.engine, view.block, view.entries, entry, typed);
    view.refining = null;
    render({ row: entry.row, control: 'Refine' });
    setStatus(status, 'success', t('review.refined', { row: rowLabel(entry), count }));
  };

  /** `only`: the rows handed over by a refresh, all listed whatever their verdict; else the block's rows to review. */
  const review = async (block: SheetRange, only?: ReadonlySet<number>): Promise<void> => {
    const where = describeRange(block.sheet, block.box);
    const entries = await reviewBlock(
      context.engine,
      block,
      (read) => setStatus(status, 'busy', t('review.reading', { range: where, read, count: block.box.rowCount })),
      only,
    );
    shown = { block, entries, page: 0, refining: null };
    chooseFilter(filter, only ? ALL : TO_REVIEW);
    render();
    const toReview = filterEntries(entries, TO_REVIEW).length;
    setStatus(
      status,
      'info',
      only
        ? t('review.fromRefresh', { count: entries.length, sheet: block.sheet })
        : t('review.toReview', { range: where, toReview, count: entries.length }),
    );
  };

  scoredButton.addEventListener(
    'click',
    () => void withBusy(scoredButton, status, () => (scored ? review(scored) : Promise.resolve())),
  );
  selectionButton.addEventListener(
    'click',
    () =>
      void withBusy(selectionButton, status, async () => {
        const { sheet, selection } = await readSelection({ cells: false });
        await review({ sheet, box: selection });
      }),
  );
  const turn = (page: (current: number) => number) => () => {
    const pressed = document.activeElement;
    if (shown) shown.page = page(shown.page);
    render();
    // A pager button disabled under the focus (on the first or last page) hands it to the other one.
    if (pressed === prev && prev.disabled) next.focus();
    if (pressed === next && next.disabled) prev.focus();
  };
  filter.addEventListener(
    'change',
    turn(() => 0),
  );
  prev.addEventListener(
    'click',
    turn((page) => page - 1),
  );
  next.addEventListener(
    'click',
    turn((page) => page + 1),
  );

  return {
    blockScored({ range }) {
      scored = range;
      scoredButton.disabled = false;
    },
    async checkRows({ sheet, rows }) {
      const section = byId('section-review', 'details');
      section.open = true;
      section.scrollIntoView({ block: 'start' });
      // The rows' whole width: the columns their formulas are in are whichever the sheet has.
      const first = Math.min(...rows);
      const box = {
        rowIndex: first,
        rowCount: Math.max(...rows) - first + 1,
        columnIndex: 0,
        columnCount: SHEET_COLUMNS,
      };
      try {
        await review({ sheet, box }, new Set(rows));
      } catch (error) {
        setStatus(status, 'error', messageOf(error));
      }
      // The keyboard goes on where the rows are: the list's heading, from which Tab reaches the first row.
      heading.focus();
    },
  };
}
