/**
 * What a page says while a test drives it: its console lines and uncaught errors, and its
 * Content-Security-Policy violations as the page's own recorder (paneSite.ts's recordErrors) kept them,
 * less those of office.js outside Office (NOT_THE_PANES). Set up before the page loads (openPanePage's
 * `prepare`).
 */
import type { Page } from 'playwright-core';
import { NOT_THE_PANES, recordErrors } from './paneSite';

export interface PageWatch {
  /** Every console line (`type: text`) and uncaught error (`pageerror: message`) so far. */
  consoleLines: string[];
  violations(): Promise<string[]>;
}

const CSP = 'csp: ';

export async function watchPage(page: Page): Promise<PageWatch> {
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  await page.addInitScript(recordErrors);
  return {
    consoleLines,
    violations: async () =>
      (await page.evaluate(() => (window as unknown as { __paneErrors: string[] }).__paneErrors))
        .filter((line) => line.startsWith(CSP) && !NOT_THE_PANES.some((noise) => noise.test(line)))
        .map((line) => line.slice(CSP.length)),
  };
}
