/**
 * The match review's page parts, drawn from the review's state: the counts per verdict, the filter's
 * options, one row of the list (with Go to row, Accept, Refine, and Clear for a pair that came with
 * the file), the Refine form, and where the
 * keyboard focus goes once the list is drawn again. Actions are handed in; nothing here reads or
 * writes the workbook.
 */
import { currentLanguage, formatNumber, t, type MessageKey } from '../../i18n/translate';
import { el, fieldText, replaceChildren } from '../ui/view';
import type { RefineInput } from './refine';
import {
  ACCEPTED_WITH_FILE,
  ALL,
  TO_REVIEW,
  countVerdicts,
  filterEntries,
  rowLabel,
  verdictOf,
  type ReviewEntry,
} from './reviewModel';

type Button = HTMLElementTagNameMap['fluent-button'];
type TextInput = HTMLElementTagNameMap['fluent-text-input'];

/** A row's controls (`data-control`, the same in every language), and the words each shows. */
export type RowControl = 'Go to row' | 'Accept' | 'Refine' | 'Clear';
const CONTROL_WORDS: Record<RowControl, MessageKey> = {
  'Go to row': 'review.control.goTo',
  Accept: 'review.control.accept',
  Refine: 'review.control.refine',
  Clear: 'review.control.clear',
};

/**
 * The review's own states in the person's words; a MATCH verdict (`exact`, `parent`, `check`…) as the
 * Match column shows it, a fixed word the sheet's conditional format and the grammar read back.
 */
const STATE_WORDS: Readonly<Record<string, MessageKey>> = {
  pending: 'review.state.pending',
  'no value': 'review.state.noValue',
  error: 'review.state.error',
  [ACCEPTED_WITH_FILE]: 'review.state.acceptedWithFile',
};
const verdictWords = (verdict: string): string =>
  Object.hasOwn(STATE_WORDS, verdict) ? t(STATE_WORDS[verdict]) : verdict;

/** The counts per verdict and the filter's options; a verdict no row has any more falls back to the rows to review. */
export function renderCounts(counts: HTMLElement, filter: HTMLSelectElement, entries: readonly ReviewEntry[]): void {
  const perVerdict = countVerdicts(entries);
  replaceChildren(
    counts,
    ...perVerdict.flatMap(([verdict, count]) => [
      el('dt', {}, verdictWords(verdict)),
      el('dd', {}, formatNumber(count)),
    ]),
  );
  const chosen = filter.value || TO_REVIEW;
  const toReview = filterEntries(entries, TO_REVIEW).length;
  replaceChildren(
    filter,
    el(
      'option',
      { value: TO_REVIEW, selected: chosen === TO_REVIEW },
      t('review.filter.toReview', { count: toReview }),
    ),
    ...perVerdict.map(([verdict, count]) =>
      el(
        'option',
        { value: verdict, selected: chosen === verdict },
        `${verdictWords(verdict)} (${formatNumber(count)})`,
      ),
    ),
    el('option', { value: ALL, selected: chosen === ALL }, t('review.filter.all', { count: entries.length })),
  );
  if (filter.value !== chosen) filter.value = TO_REVIEW;
}

/** Chooses the filter `value` (TO_REVIEW, ALL or a verdict), also before renderCounts has drawn its options. */
export function chooseFilter(filter: HTMLSelectElement, value: string): void {
  if (![...filter.options].some((option) => option.value === value)) filter.append(el('option', { value }));
  filter.value = value;
}

/** The Refine form of a row: submit hands over what was typed, Cancel (or Escape in the form) closes it. */
export function refineForm(
  entry: ReviewEntry,
  actions: { apply(typed: RefineInput, button: Button): void; cancel(): void },
): HTMLElement {
  const field = (id: string, label: string, hint: string): TextInput =>
    el('fluent-text-input', { id, autocomplete: 'off', spellcheck: 'false', placeholder: hint }, label) as TextInput;
  const website = field('refine-website', t('review.field.website'), t('review.field.websiteHint'));
  const country = field('refine-country', t('review.field.country'), t('review.field.countryHint'));
  const identifier = field('refine-identifier', t('review.field.identifier'), t('review.field.identifierHint'));
  const apply = el('fluent-button', { type: 'submit', appearance: 'primary', size: 'small' }, t('review.apply'));
  const cancel = el('fluent-button', { type: 'button', appearance: 'subtle', size: 'small' }, t('review.cancel'));
  const form = el(
    'form',
    { class: 'stack tight card', novalidate: true, 'aria-label': t('review.refineForm', { row: rowLabel(entry) }) },
    website,
    country,
    identifier,
    el('div', { class: 'row' }, apply, cancel),
  );
  cancel.addEventListener('click', () => actions.cancel());
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    actions.cancel();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.apply(
      { website: fieldText(website), country: fieldText(country), identifier: fieldText(identifier) },
      apply,
    );
  });
  return form;
}

export interface RowActions {
  /** Runs an action with its button busy and its outcome in the status line. */
  run(button: Button, action: () => Promise<void>): void;
  goTo(entry: ReviewEntry): Promise<void>;
  accept(entry: ReviewEntry, matchedId: number): Promise<void>;
  /** Takes an accepted pair that came with the file out of the workbook. */
  clear(entry: ReviewEntry, matchedId: number): Promise<void>;
  toggleRefine(entry: ReviewEntry): void;
}

/** One row of the list: input, what it matched, the verdict and the row's three actions. */
export function reviewItem(entry: ReviewEntry, actions: RowActions, form: HTMLElement | null): HTMLElement {
  const reading = entry.reading;
  const similarity =
    reading?.similarity === null || reading?.similarity === undefined
      ? null
      : t('review.similarity', {
          value: reading.similarity.toLocaleString(currentLanguage(), {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }),
        });
  const matched = reading ? `→ ${reading.matchedName ?? t('review.noName')}` : (entry.message ?? '');
  const meta = [matched, reading?.relationship, similarity].filter(Boolean).join(' · ');
  const button = (control: RowControl, action: () => Promise<void>, disabled = false): Button => {
    const words = t(CONTROL_WORDS[control]);
    const b = el(
      'fluent-button',
      {
        type: 'button',
        size: 'small',
        'aria-label': t('review.control.name', { control: words, row: rowLabel(entry), input: entry.input }),
        'data-control': control,
        disabled,
      },
      words,
    );
    b.addEventListener('click', () => actions.run(b, action));
    return b;
  };
  // A pair that came with the file may be accepted here (as this person's) or cleared.
  const acceptable = reading !== null && (reading.verdict !== 'accepted' || entry.acceptedWithFile);
  const matchedId = acceptable ? reading.matchedId : null;
  const fromFile = entry.acceptedWithFile ? reading?.matchedId : null;
  const verdict = verdictOf(entry);
  return el(
    'li',
    { 'data-row': entry.row + 1, 'data-verdict': verdict },
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
          { appearance: 'tint', color: verdict === 'accepted' ? 'success' : 'warning', shape: 'rounded' },
          verdictWords(verdict),
        ),
        button('Go to row', () => actions.goTo(entry)),
        button(
          'Accept',
          () => (matchedId === null ? Promise.resolve() : actions.accept(entry, matchedId)),
          matchedId === null,
        ),
        button('Refine', async () => actions.toggleRefine(entry)),
        ...(fromFile === null || fromFile === undefined ? [] : [button('Clear', () => actions.clear(entry, fromFile))]),
      ),
      form,
    ),
  );
}

/**
 * After the list was drawn again, the focus goes to `control` of `row` (0-based sheet row), or the
 * row's first control that can be pressed; when the row left the list, to the row that took its place
 * (the next one, or the one before when it was last); when no row is left, to the list's heading.
 */
export function focusRow(list: HTMLElement, heading: HTMLElement, row: number, control: RowControl): void {
  const items = [...list.querySelectorAll<HTMLElement>(':scope > li[data-row]')];
  const item = items.find((li) => Number(li.dataset.row) - 1 >= row) ?? items.at(-1);
  const controls = [...(item?.querySelectorAll<Button>('fluent-button[data-control]') ?? [])].filter(
    (button) => !button.disabled,
  );
  (controls.find((button) => button.dataset.control === control) ?? controls[0] ?? heading).focus();
}

/** The Refine form's first field takes the focus, so what is typed goes into the form. */
export function focusRefineForm(list: HTMLElement): void {
  list.querySelector<HTMLElement>('form fluent-text-input')?.focus();
}
