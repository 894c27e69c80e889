/**
 * What a page says while a test drives it: its console lines and uncaught errors, and its
 * Content-Security-Policy violations from the page's own securitypolicyviolation events (less those of
 * office.js outside Office, NOT_THE_PANES). Set up before the page loads (openPanePage's `prepare`).
 */
import type { Page } from 'playwright-core';
import { NOT_THE_PANES } from './paneSite';

export interface PageWatch {
  /** Every console line (`type: text`) and uncaught error (`pageerror: message`) so far. */
  consoleLines: string[];
  violations(): Promise<string[]>;
}

export async function watchPage(page: Page): Promise<PageWatch> {
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  return {
    consoleLines,
    violations: async () =>
      (await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).filter(
        (line) => !NOT_THE_PANES.some((noise) => noise.test(line)),
      ),
  };
}
