/**
 * One page in any of the three engines Excel runs a pane in, through the few verbs a flow test needs:
 * go to a URL, evaluate in the page, click an element, type into a field. Each engine's driver
 * (chromium.ts, firefox.ts, webkit.ts) implements them with its own protocol; what is built on them
 * (calling a function in the page, waiting for a condition there) is written once here.
 */
import type { Engine } from './locate';

export interface PageDriver {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page, as the protocol does (no CSP eval), awaiting a promise. */
  run<T>(expression: string): Promise<T>;
  /** A pointer click at the element's centre, as a person makes it (scrolled into view first). */
  click(selector: string): Promise<void>;
  /** Types `text` into the field, replacing its value: a native input, or the input in a component's shadow root. */
  type(selector: string, text: string): Promise<void>;
  /** Errors the browser itself reported for the page (console, uncaught), where its protocol tells them. */
  browserErrors(): string[];
}

export interface BrowserDriver {
  readonly engine: Engine;
  /** A new page (tab or context) at this viewport size. */
  newPage(viewport: { width: number; height: number }): Promise<PageDriver>;
  close(): Promise<void>;
}

/**
 * Runs `fn` in the page with JSON arguments and returns its JSON result (a promise is awaited). The
 * function travels as source text: it must not close over anything outside itself.
 */
export function evaluate<A extends unknown[], R>(
  page: PageDriver,
  fn: (...args: A) => R,
  ...args: A
): Promise<Awaited<R>> {
  return page.run(`(${fn.toString()})(...${JSON.stringify(args)})`);
}

/**
 * Waits until `condition` holds in the page, checked there every 50 ms (one protocol round trip in all),
 * and fails with `describe`'s reading of the page when it does not within the timeout.
 */
export async function waitUntil<A extends unknown[]>(
  page: PageDriver,
  condition: (...args: A) => boolean,
  args: A,
  describe: string,
  timeoutMs = 20_000,
): Promise<void> {
  // The condition is spliced in as source: the page's Content-Security-Policy forbids eval in the page.
  const held = await page.run<boolean>(
    `new Promise((resolve) => {
      const check = ${condition.toString()};
      const values = ${JSON.stringify(args)};
      const deadline = Date.now() + ${timeoutMs};
      const holds = () => {
        try {
          return Boolean(check(...values));
        } catch {
          return false; // not yet: an element it reads is not there
        }
      };
      const poll = () => {
        if (holds()) resolve(true);
        else if (Date.now() > deadline) resolve(false);
        else setTimeout(poll, 50);
      };
      poll();
    })`,
  );
  if (!held) throw new Error(`${page.engine}: ${describe} did not happen within ${timeoutMs} ms`);
}
