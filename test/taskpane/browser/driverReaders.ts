/**
 * What the engine-driven flows (coreFlows.ts, language/languageFlow.ts) read of the pane through a
 * WebDriver page: an element's text, waiting until it shows what a step expects (a text it contains,
 * or a pattern), and the workbook the shim holds. The page is asked for at each read because the flows
 * open it in their beforeAll.
 */
import { evaluate, waitUntil, type PageDriver } from '../../browsers/pageDriver';
import type { WorkbookDump } from './excelShim';

export interface DriverReaders {
  textOf(selector: string): Promise<string>;
  /** Waits until the element's text contains `expected` (a string) or matches it (a pattern); a timeout says what it showed instead. */
  waitForShown(selector: string, expected: string | RegExp, timeoutMs?: number): Promise<void>;
  dump(): Promise<WorkbookDump>;
}

export function driverReaders(page: () => PageDriver): DriverReaders {
  const textOf = (selector: string): Promise<string> =>
    evaluate(page(), (css: string) => document.querySelector<HTMLElement>(css)?.innerText ?? '', selector);
  return {
    textOf,
    async waitForShown(selector, expected, timeoutMs = 30_000) {
      const pattern = typeof expected === 'string' ? null : expected.source;
      const what = typeof expected === 'string' ? `showing "${expected}"` : `matching ${expected}`;
      try {
        await waitUntil(
          page(),
          (css: string, text: string, source: string | null) => {
            const shown = document.querySelector<HTMLElement>(css)?.innerText ?? '';
            return source === null ? shown.includes(text) : new RegExp(source).test(shown);
          },
          [selector, typeof expected === 'string' ? expected : '', pattern],
          `${selector} ${what}`,
          timeoutMs,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}; it shows "${await textOf(selector)}"`, { cause: error });
      }
    },
    dump: () =>
      evaluate(page(), () => (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump()),
  };
}
