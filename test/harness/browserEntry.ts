/**
 * The harness inside a Chromium page: the same Workbook core, its Office globals installed on
 * `window`, and the built scripts loaded with <script> tags in the runtime page's order. Bundled by
 * browser.ts; the Node side drives it through `window.climateHarness`.
 */
import type { HarnessOptions } from './types';
import { Workbook } from './workbook';

/** The Workbook methods a session may call from Node. */
export type WorkbookMethod =
  'enter' | 'settled' | 'report' | 'recalculate' | 'preview' | 'setRequirement' | 'storageSnapshot' | 'stats';

/** The Workbook methods that ask Excel to calculate: what the bench times. */
export type CalculatingMethod = 'enter' | 'recalculate' | 'reopen';

export interface PageHarness {
  workbook: Workbook | null;
  start(options: HarnessOptions): void;
  loadScripts(sources: string[]): Promise<void>;
  call(method: WorkbookMethod, args: unknown[]): unknown;
  /**
   * Calls `method` and waits until the workbook settles, timed by the page's own clock: no round trip
   * to Node is in the figure. Resolves with the milliseconds and what the method returned.
   */
  timed(method: CalculatingMethod, args: unknown[], timeoutMs: number): Promise<{ ms: number; result: unknown }>;
}

export interface HarnessWindow {
  climateHarness: PageHarness;
}

const harness: PageHarness = {
  workbook: null,
  start(options) {
    const workbook = new Workbook(options);
    Object.assign(window, workbook.globals);
    harness.workbook = workbook;
  },
  call(method, args) {
    const workbook = started();
    return (workbook[method] as (...a: unknown[]) => unknown).apply(workbook, args);
  },
  async timed(method, args, timeoutMs) {
    const workbook = started();
    const start = performance.now();
    const result = (workbook[method] as (...a: unknown[]) => unknown).apply(workbook, args);
    await workbook.settled(timeoutMs, 0);
    return { ms: performance.now() - start, result };
  },
  async loadScripts(sources) {
    for (const src of sources) {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`harness: could not load ${src}`));
        document.head.appendChild(script);
      });
    }
  },
};

function started(): Workbook {
  if (!harness.workbook) throw new Error('harness: not started');
  return harness.workbook;
}

(window as unknown as HarnessWindow).climateHarness = harness;
