/**
 * DOM helpers of the pane. Everything that came from outside (service answers, error messages, cell
 * values) reaches the page through `textContent` or attribute values, never through innerHTML, so a
 * supplier called `<img onerror=...>` stays a string.
 */

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

/** The element with this id, of the expected kind; a missing one is a bug in the page, said plainly. */
export function byId<T extends HTMLElement = HTMLElement>(id: string, kind?: { new (): T }): T {
  const element = document.getElementById(id);
  if (!element || (kind && !(element instanceof kind))) throw new Error(`The pane is missing #${id}.`);
  return element as T;
}

export type Tone = 'info' | 'success' | 'error' | 'busy';

/** Writes a status line (a polite live region in the page) with its tone as a class. */
export function setStatus(target: HTMLElement, tone: Tone, message: string): void {
  target.textContent = message;
  target.dataset.tone = tone;
}

export function clearStatus(target: HTMLElement): void {
  target.textContent = '';
  delete target.dataset.tone;
}

/** Replaces an element's children. */
export function replaceChildren(target: HTMLElement, ...children: Child[]): void {
  target.replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
}

/** The message of anything thrown, for a status line (our modules throw Errors with human messages). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/**
 * Runs an action from a button: the button is disabled and marked busy while it runs, so a double
 * click cannot send twice, and a failure lands in the status line instead of the console.
 */
export async function withBusy(button: HTMLButtonElement, status: HTMLElement, action: () => Promise<void>): Promise<void> {
  if (button.disabled) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } catch (error) {
    setStatus(status, 'error', messageOf(error));
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

/**
 * A masked key field with its show/hide button. The button's visible word and its accessible name
 * change together ("Show API key" / "Hide API key"), so what is seen is what is announced.
 */
export function bindRevealToggle(input: HTMLInputElement, toggle: HTMLButtonElement, subject: string): void {
  const render = (): void => {
    const verb = input.type === 'password' ? 'Show' : 'Hide';
    toggle.textContent = verb;
    toggle.setAttribute('aria-label', `${verb} ${subject}`);
  };
  toggle.addEventListener('click', () => {
    input.type = input.type === 'password' ? 'text' : 'password';
    render();
  });
  render();
}

/** Masks the field again (after a save, so a key does not stay on screen). */
export function maskField(input: HTMLInputElement, toggle: HTMLButtonElement): void {
  if (input.type !== 'password') toggle.click();
}

/** An external link that opens outside the pane. Only http(s) addresses become links. */
export function externalLink(href: string | null, text: string): HTMLElement {
  if (!href || !/^https?:\/\//i.test(href)) return el('span', {}, text);
  return el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text);
}
