/**
 * One workbook's document settings shared by several panes, as coauthors share a file: each page's
 * shim (excelShim/settings.ts) saves into and refreshes from this store instead of its own. A page
 * opened later starts from what the store holds then (`saved()` as its ShimSheet's documentSettings).
 */
import type { Page } from 'playwright-core';

export interface SharedSettings {
  /** The settings as the document holds them now. */
  saved(): Record<string, unknown>;
  /** Gives `page` this store; call before the pane loads (openPanePage's `prepare`). */
  share(page: Page): Promise<void>;
}

export function sharedSettings(initial: Record<string, unknown> = {}): SharedSettings {
  let json = JSON.stringify(initial);
  return {
    saved: () => JSON.parse(json) as Record<string, unknown>,
    async share(page) {
      await page.exposeFunction('__settingsLoad', () => json);
      await page.exposeFunction('__settingsStore', (saved: string) => void (json = saved));
    },
  };
}
