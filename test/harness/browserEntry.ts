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

export interface PageHarness {
  workbook: Workbook | null;
  start(options: HarnessOptions): void;
  loadScripts(sources: string[]): Promise<void>;
  call(method: WorkbookMethod, args: unknown[]): unknown;
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
    if (!harness.workbook) throw new Error('harness: not started');
    return (harness.workbook[method] as (...a: unknown[]) => unknown).apply(harness.workbook, args);
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

(window as unknown as HarnessWindow).climateHarness = harness;
