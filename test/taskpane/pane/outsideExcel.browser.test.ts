/**
 * The pane opened in a plain browser (as `npm start` asks, to accept the development certificate): no
 * Excel, office.js from its CDN answering with no host. Within a second the page says, in the
 * browser's language, that the add-in runs inside Excel and how to load it there, and no form waits
 * for good. The built page, in Chromium.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../browsers/chromium';
import { productionDist, removeTempDirs } from '../../build/dist';
import { routeOfficeJs } from '../browser/chromium';
import { serveFolder, type StaticServer } from '../browser/staticServer';

let browser: Browser;
let site: StaticServer;
beforeAll(async () => {
  site = await serveFolder(productionDist());
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([browser?.close(), site?.close()]);
  removeTempDirs();
});

async function openInBrowser(locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
  await routeOfficeJs(context);
  const page = await context.newPage();
  await page.goto(`${site.url}/taskpane.html`);
  const notice = page.locator('#outside-excel');
  await notice.waitFor({ state: 'visible' });
  // Office answers with no host: the note is final, and the form is gone rather than waiting.
  await page.locator('#outside-excel[data-state="opened"]').waitFor();
  return { page, notice, context };
}

test('says that the add-in runs inside Excel and how to load it, instead of a form that waits for good', async () => {
  const { page, notice, context } = await openInBrowser('en-US');
  expect(await notice.locator('h2').textContent()).toBe('Climate profiles runs inside Excel');
  const text = await notice.textContent();
  expect(text).toContain('Upload my add-in');
  expect(text).toContain('npm start');
  expect(text).toContain('development certificate');
  expect(await page.locator('#app').isVisible()).toBe(false);
  expect(await page.locator('#connection-badge').isVisible()).toBe(false);
  await context.close();
});

test.each([
  ['de-DE', 'Klimaprofile läuft in Excel'],
  ['ja-JP', '気候プロファイルは Excel の中で動作します'],
  ['pt-BR', 'Climate profiles runs inside Excel'],
])("speaks the browser's language (%s), English where the add-in does not speak it", async (locale, title) => {
  const { notice, context } = await openInBrowser(locale);
  expect(await notice.locator('h2').textContent()).toBe(title);
  await context.close();
});
