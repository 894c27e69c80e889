/** Waiting for the pane to say something: an event (the text appears), never a fixed sleep. */
import type { Page } from 'playwright-core';

/** Waits until the element's text contains `expected`; a timeout says what the element showed instead. */
export async function waitForText(page: Page, selector: string, expected: string, timeout = 30_000): Promise<void> {
  try {
    await page.locator(selector).filter({ hasText: expected }).waitFor({ timeout });
  } catch {
    throw new Error(`${selector} never showed "${expected}"; it shows "${await page.locator(selector).textContent()}"`);
  }
}
