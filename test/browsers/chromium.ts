/**
 * Chromium (Edge WebView2's engine) through playwright-core: the one launcher every Chromium test uses
 * (the workbook harness, the pane's depth tests), and its page driver for the flows every engine runs.
 */
import { chromium, type Browser } from 'playwright-core';
import { locate } from './locate';
import type { BrowserDriver, PageDriver } from './pageDriver';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: locate('chromium'), args: CHROMIUM_ARGS });
}

export async function chromiumDriver(): Promise<BrowserDriver> {
  const browser = await launchChromium();
  return {
    engine: 'chromium',
    close: () => browser.close(),
    newPage: async (viewport): Promise<PageDriver> => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: 'light' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      return {
        engine: 'chromium',
        goto: async (url) => void (await page.goto(url)),
        run: (expression) => page.evaluate(expression),
        click: (selector) => page.locator(selector).click(),
        type: async (selector, text) => {
          const inner = page.locator(selector).locator('input');
          await ((await inner.count()) > 0 ? inner.first() : page.locator(selector)).fill(text);
        },
        browserErrors: () => [...errors],
      };
    },
  };
}
