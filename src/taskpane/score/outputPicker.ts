/**
 * Score a column's output checkboxes, drawn from the catalogue (sheet/outputs.ts) into three groups
 * (main, flags, ranks), with the count of ticked flags. Where cells carry no card (a host without data
 * types, in the formula layout) the profile link stays ticked and disabled: the licence asks for a link
 * next to every score.
 */
import { OUTPUTS, type OutputDefinition, type OutputKey } from '../sheet/outputs';
import { t } from '../../i18n/translate';
import { byId, el } from '../ui/view';

const DEFAULT_OUTPUTS: readonly OutputKey[] = ['score', 'match', 'link'];

const GROUPS: Record<OutputDefinition['formula']['fn'], string> = {
  SCORE: 'score-outputs-main',
  MATCH: 'score-outputs-main',
  LINK: 'score-outputs-main',
  FLAG: 'score-outputs-flags',
  PROFILE: 'score-outputs-ranks',
};

export interface OutputPicker {
  /** The ticked outputs, in catalogue order. */
  chosen(): OutputKey[];
  /** Ticks and locks the profile link (required), or frees it; the layout decides. */
  requireLink(required: boolean): void;
}

export function mountOutputPicker(linkRequired: boolean): OutputPicker {
  const flagCount = byId('score-flag-count');
  const checkboxes = new Map<OutputKey, HTMLElementTagNameMap['fluent-checkbox']>();
  const always = el('span', { class: 'meta' }, t('score.linkAlways'));
  for (const output of OUTPUTS) {
    const id = `output-${output.key.replace(/[^a-z0-9]+/gi, '-')}`;
    const box = el('fluent-checkbox', {
      slot: 'input',
      id,
      value: output.key,
      checked: DEFAULT_OUTPUTS.includes(output.key),
    });
    const label = el('label', { slot: 'label', for: id }, output.header(), output.key === 'link' ? always : null);
    checkboxes.set(output.key, box);
    byId(GROUPS[output.formula.fn]).append(el('fluent-field', { 'label-position': 'after' }, label, box));
  }
  const countFlags = (): void => {
    flagCount.textContent = String(
      OUTPUTS.filter((o) => o.formula.fn === 'FLAG' && checkboxes.get(o.key)?.checked).length,
    );
  };
  byId('score-outputs-flags').addEventListener('change', countFlags);
  countFlags();
  const requireLink = (required: boolean): void => {
    const link = checkboxes.get('link')!;
    always.hidden = !required;
    link.disabled = required;
    if (required) link.checked = true;
  };
  requireLink(linkRequired);
  return { chosen: () => [...checkboxes].filter(([, box]) => box.checked).map(([key]) => key), requireLink };
}
