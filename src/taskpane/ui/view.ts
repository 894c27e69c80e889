/**
 * DOM helpers of the pane. Everything that came from outside (service answers, error messages, cell
 * values) reaches the page through `textContent` or attribute values, never through innerHTML, so a
 * supplier called `<img onerror=...>` stays a string.
 */

import { pastedKey } from '../../service/apiKey';
import { readableMessage } from '../../service/responseErrors';
import { isProfileLink } from '../../service/profileLink';
import { t, type MessageKey } from '../../i18n/translate';

type Child = Node | string | null | undefined | false;

/** `el('li', { class: 'row' }, 'text', childNode)`; attributes `false`/`null` are left out. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | null | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/**
 * The element with this id; with a tag name, checked to be that element (native or Fluent) and typed
 * as such. A missing or different one is a bug in the page, said plainly.
 */
export function byId(id: string): HTMLElement;
export function byId<K extends keyof HTMLElementTagNameMap>(id: string, tag: K): HTMLElementTagNameMap[K];
export function byId(id: string, tag?: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element || (tag && element.localName !== tag))
    throw new Error(t('ui.missingElement', { element: tag ? `#${id} (${tag})` : `#${id}` }));
  return element;
}

export type Tone = 'info' | 'success' | 'error' | 'busy';
type Button = HTMLElementTagNameMap['fluent-button'];
type TextInput = HTMLElementTagNameMap['fluent-text-input'];

const INTENT: Record<Tone, string> = { info: 'info', busy: 'info', success: 'success', error: 'error' };
const SVG = 'http://www.w3.org/2000/svg';
/** The strokes drawn inside the tone's circle: a tick, a cross, an "i". */
const GLYPH: Record<Exclude<Tone, 'busy'>, string> = {
  success: 'M5.5 8.3l1.7 1.7 3.3-3.6',
  error: 'M6 6l4 4m0-4l-4 4',
  info: 'M8 7.3V11m0-6v.2',
};

/** The message bar's icon: a spinner while busy, else a circled glyph (decorative: the words say it). */
function toneIcon(tone: Tone): Element {
  if (tone === 'busy') return el('fluent-spinner', { slot: 'icon', size: 'extra-tiny', 'aria-hidden': 'true' });
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    slot: 'icon',
    viewBox: '0 0 16 16',
    width: '16',
    height: '16',
    'aria-hidden': 'true',
  }))
    svg.setAttribute(name, value);
  const circle = document.createElementNS(SVG, 'circle');
  for (const [name, value] of Object.entries({ cx: '8', cy: '8', r: '6.5' })) circle.setAttribute(name, value);
  const glyph = document.createElementNS(SVG, 'path');
  glyph.setAttribute('d', GLYPH[tone]);
  svg.append(circle, glyph);
  return svg;
}

/**
 * Writes a status line. The target is a polite live region that stays in the page; the message is a
 * Fluent message bar put inside it, so replacing the bar is announced. The bar's own `status` role is
 * turned off: one live region, not two nested ones reading the same words.
 */
export function setStatus(target: HTMLElement, tone: Tone, message: string): void {
  target.dataset.tone = tone;
  target.replaceChildren(el('fluent-message-bar', { intent: INTENT[tone], role: 'none' }, toneIcon(tone), message));
}

/** The header badge: a short line whose colour follows the tone. */
export function setBadge(badge: HTMLElement, tone: Tone, text: string): void {
  badge.textContent = text;
  badge.setAttribute('color', tone === 'success' ? 'success' : tone === 'error' ? 'danger' : 'informative');
}

/** Replaces an element's children. */
export function replaceChildren(target: HTMLElement, ...children: Child[]): void {
  target.replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
}

/**
 * The message of anything thrown, for a status line (our modules throw Errors with human messages),
 * on one line and at a readable length whatever put text into it.
 */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? readableMessage(error.message) : t('ui.somethingWrong');
}

/**
 * What a text field holds, without surrounding spaces: the one way the pane reads a field. A Fluent
 * text input nobody has typed in has no value yet (`undefined`, as fluentElements.d.ts types it),
 * which reads as ''.
 */
export function fieldText(input: TextInput): string {
  return (input.value ?? '').trim();
}

/** A key field's text as the key it holds: `Bearer …` or quotes pasted around it dropped (service/apiKey.ts). */
export function keyFieldText(input: TextInput): string {
  return pastedKey(fieldText(input));
}

/**
 * Runs an action from a button: the button cannot be pressed and is marked busy while it runs, so a
 * double click cannot send twice, and a failure lands in the status line instead of the console. It
 * stays focusable (Fluent's `disabled-focusable`, drawn and announced as disabled): a disabled button
 * drops the keyboard focus to the page's body, from where Tab starts again at the top of the pane.
 */
export async function withBusy(button: Button, status: HTMLElement, action: () => Promise<void>): Promise<void> {
  if (button.disabled || button.disabledFocusable) return;
  button.disabledFocusable = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } catch (error) {
    setStatus(status, 'error', messageOf(error));
  } finally {
    button.disabledFocusable = false;
    button.removeAttribute('aria-busy');
  }
}

/** What a masked field's show/hide button says: its word, and its accessible name for each state. */
export interface SecretWords {
  show: MessageKey;
  hide: MessageKey;
}

/**
 * A masked key field (the API key, the team key) with its show/hide button. The button's visible word
 * and its accessible name change together ("Show" / "Show API key"), so what is seen is what is
 * announced. `mask()` hides the key again (after a save, so a key does not stay on screen).
 */
export function secretField(inputId: string, toggleId: string, names: SecretWords): { input: TextInput; mask(): void } {
  const input = byId(inputId, 'fluent-text-input');
  const toggle = byId(toggleId, 'fluent-button');
  const render = (): void => {
    const hidden = input.type === 'password';
    toggle.textContent = t(hidden ? 'ui.show' : 'ui.hide');
    toggle.setAttribute('aria-label', t(hidden ? names.show : names.hide));
  };
  toggle.addEventListener('click', () => {
    input.type = input.type === 'password' ? 'text' : 'password';
    render();
  });
  render();
  return { input, mask: () => input.type !== 'password' && toggle.click() };
}

/**
 * Marks a text field invalid, or valid again: `aria-invalid` on the <input> inside it, which is what a
 * screen reader reads, and a data attribute on the element for its red underline (see styles.ts).
 */
export function markInvalid(input: TextInput, invalid: boolean): void {
  input.toggleAttribute('data-invalid', invalid);
  if (invalid) input.control?.setAttribute('aria-invalid', 'true');
  else input.control?.removeAttribute('aria-invalid');
}

/** An external link that opens outside the pane; only what passes the profile-link rule becomes a link. */
export function externalLink(href: string | null, text: string): HTMLElement {
  if (!href || !isProfileLink(href)) return el('span', {}, text);
  return el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text);
}
