/**
 * A keyboard user in the pane: where the focus is, named as a test names it, and Tab pressed until it
 * reaches a control (failing with the way Tab went when it does not), as the keyboard-only tests of
 * each room move through the page.
 */
import type { Page } from 'playwright-core';

/** The focused element as a test names it: its id, a row control's kind, or `<group id> summary`. */
export const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    if (element.localName === 'summary') {
      // A nested group without an id of its own is named by the first element with one inside it.
      const details = element.parentElement;
      return `${details?.id || details?.querySelector('[id]:not(summary *)')?.id} summary`;
    }
    return element.id || element.dataset.control || element.localName;
  });

/**
 * Presses Tab until the focus is on `target` (as `focused` names it), as a keyboard user moves through
 * the pane; fails naming where Tab went when `target` is not reached within `most` presses.
 */
export async function tabTo(page: Page, target: string, most = 120): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now === target) return;
    visited.push(now);
  }
  throw new Error(`Tab never reached ${target}; it went through ${visited.join(', ')}`);
}

/**
 * Presses Tab from where the focus is, checking that it reaches the controls `ids` names (space
 * apart) in that order; other focusable things between them (links, a date's parts) may come too.
 */
export async function expectTabOrder(page: Page, ids: string, most = 60): Promise<void> {
  const targets = ids.split(' ');
  const seen: string[] = [];
  for (let i = 0; i < most && seen.length < targets.length; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (targets.includes(now) && !seen.includes(now)) seen.push(now);
  }
  expect(seen).toEqual(targets);
}

/** Replaces what the focused text field holds by `text`, as a person selects all and types. */
export async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Waits until the status line `id` has settled (not busy), and returns its tone and text. */
export async function settledStatus(page: Page, id: string): Promise<{ tone: string; text: string }> {
  const status = page.locator(`#${id}`);
  await page.locator(`#${id}:is([data-tone="success"], [data-tone="info"], [data-tone="error"])`).waitFor();
  return { tone: (await status.getAttribute('data-tone')) ?? '', text: await status.innerText() };
}

/** What a screen reader is told of the text field `id`: `aria-invalid` on its <input> (ui/view.ts markInvalid). */
export const ariaInvalid = (page: Page, id: string): Promise<string | null> =>
  page.locator(`#${id} input`).getAttribute('aria-invalid');
