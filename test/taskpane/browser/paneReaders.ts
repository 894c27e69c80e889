/**
 * What the pane walk-through tests read and do on the page (pane*.browser.test.ts): the workbook behind
 * it, texts and colours, controls by accessible name, the Activity counters, which sections are open,
 * and the screenshots docs/pane.md shows. The pane is read when a helper runs: a file's beforeAll opens
 * it after the helpers are made.
 */
import { join } from 'path';
import type { Locator, Page } from 'playwright-core';
import type { AccessibilityTree } from './accessibility';
import type { WorkbookDump } from './excelShim';
import { PANE_WIDTH, type PanePage } from './panePage';

/** The walk-through's viewport height at the pane's width (PANE_WIDTH): the screenshots are taken at it. */
export const PANE_HEIGHT = 720;

export const ALL_SECTIONS = [
  'section-connection',
  'section-projects',
  'section-score',
  'section-review',
  'section-summary',
  'section-activity',
  'section-reference',
];

/** A computed colour as `rgb(r, g, b)`: Chromium serialises an opaque colour either way, by version. */
const opaque = (colour: string): string => colour.replace(/^rgba\((\d+), (\d+), (\d+), 1\)$/, 'rgb($1, $2, $3)');

export interface PaneReaders {
  dump(): Promise<WorkbookDump>;
  text(selector: string): Promise<string>;
  backgroundOf(selector: string): Promise<string>;
  onceSettled<T>(read: () => Promise<T>, expected: T, timeout?: number): Promise<T>;
  button(name: string): Promise<Locator>;
  textbox(name: string): Promise<Locator>;
  counters(): Promise<Record<string, number>>;
  openOnly(...sections: string[]): Promise<void>;
  shot(name: string): Promise<void>;
}

/** `pane`: the opened pane (read when a helper runs). */
export function paneReaders(pane: () => PanePage, screenshots: string): PaneReaders {
  const page = (): Page => pane().page;
  const ax = (): AccessibilityTree => pane().ax;
  const backgroundOf = async (selector: string): Promise<string> =>
    opaque(
      await page()
        .locator(selector)
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    );
  return {
    dump: (): Promise<WorkbookDump> => pane().dump(),
    text: (selector: string): Promise<string> => page().locator(selector).innerText(),
    backgroundOf,
    /**
     * A reading once the page has caught up (checked again until it does, or its last value after
     * `timeout`): the components redraw their inner parts, and the theme follows a system change, a
     * moment after the change, and a loaded machine makes that moment long.
     */
    onceSettled: async <T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<T> => {
      const deadline = Date.now() + timeout;
      while ((await read()) !== expected && Date.now() < deadline) await page().waitForTimeout(50);
      return read();
    },
    button: async (name: string): Promise<Locator> => (await ax().get('button', name)).locator,
    textbox: async (name: string): Promise<Locator> => (await ax().get('textbox', name)).locator,
    /** The Activity counters as numbers, read whether or not the section is open. */
    counters: (): Promise<Record<string, number>> =>
      page().evaluate(() => {
        const out: Record<string, number> = {};
        for (const dt of document.querySelectorAll('#activity-counters dt'))
          out[dt.textContent ?? ''] = Number(dt.nextElementSibling?.textContent);
        return out;
      }),
    openOnly: async (...sections: string[]): Promise<void> => {
      await page().evaluate((ids) => {
        for (const details of document.querySelectorAll<HTMLDetailsElement>('details.section'))
          details.open = ids.includes(details.id);
      }, sections);
    },
    /** The whole pane at its width: the viewport grows to the content so the sticky footer sits at the end. */
    shot: async (name: string): Promise<void> => {
      const height = await page().evaluate(() => document.documentElement.scrollHeight);
      await page().setViewportSize({ width: PANE_WIDTH, height: Math.max(PANE_HEIGHT, height) });
      // No focus ring left over from the steps before: the picture shows the state, not the last key press.
      await page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page().screenshot({ path: join(screenshots, `${name}.png`), animations: 'disabled', caret: 'hide' });
      await page().setViewportSize({ width: PANE_WIDTH, height: PANE_HEIGHT });
    },
  };
}
