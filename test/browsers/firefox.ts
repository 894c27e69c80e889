/**
 * Firefox (Gecko: Excel on the web in Firefox) through puppeteer-core over WebDriver BiDi, the
 * standard protocol Firefox speaks natively (no geckodriver, no download: the installed browser).
 */
import puppeteer from 'puppeteer-core';
import { locate } from './locate';
import type { BrowserDriver, PageDriver } from './pageDriver';

export async function firefoxDriver(): Promise<BrowserDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: locate('firefox'),
    protocol: 'webDriverBiDi',
    headless: true,
  });
  return {
    engine: 'firefox',
    close: () => browser.close(),
    newPage: async (viewport): Promise<PageDriver> => {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${String(error)}`));
      return {
        engine: 'firefox',
        goto: async (url) => void (await page.goto(url)),
        run: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        click: (selector) => page.locator(selector).click(),
        type: async (selector, text) => {
          const inner = `${selector} >>> input`;
          const handle = await page.$(inner);
          await handle?.dispose();
          await page.locator(handle ? inner : selector).fill(text);
        },
        browserErrors: () => [...errors],
      };
    },
  };
}
