/**
 * The first run in real Chromium (the built pane, the sandbox over HTTP, the Excel shim): with no key
 * saved the pane opens on a welcome whose three ways on work from the keyboard alone, "Try it on the
 * sandbox" writes twenty suppliers on a new sheet of a free name and scores them, the welcome stays
 * away once dismissed, Sign out removes the saved key, the welcome speaks Office's display language
 * (German, Japanese: screenshots for docs/pane.md), and the pane stays usable in a Windows contrast
 * theme (forced colours), axe-clean, and without horizontal scrolling at 320 pixels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { FIRST_RUN_SEEN_KEY } from '../../../src/taskpane/firstRun/firstRun';
import SAMPLE_SUPPLIERS from '../../../src/taskpane/firstRun/sampleSuppliers.json';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { PROVIDER } from '../../../src/provider';
import { screenshotFolder } from '../../browsers/screenshots';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet, WorkbookDump } from '../browser/excelShim';
import { oneCellSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';

const suite = paneSuite({ organizations: 20 });
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A workbook that already has a sheet named as the sample's: the sample must take another name. */
const SHEET: ShimSheet = { ...oneCellSheet(), otherSheets: [{ name: 'sample SUPPLIERS', rows: [['mine']] }] };

/** A fresh install on the test's sandbox: its address saved, no key (the sandbox's demo key is the default). */
async function openFresh(sheet: ShimSheet = SHEET, extra: Record<string, string> = {}): Promise<PanePage> {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url });
  return openPanePage(suite.browser, suite.site.url, sheet, { ...storage, ...extra });
}

/** The focused element's id (a Fluent component's host, or a native element). */
const focusedId = (pane: PanePage): Promise<string> => pane.page.evaluate(() => document.activeElement?.id ?? '');

/** Moves the keyboard focus to the named button and presses `key` there, as a keyboard user does. */
async function pressOn(pane: PanePage, button: string, key: string): Promise<void> {
  await (await pane.ax.get('button', button)).locator.focus();
  await pane.page.keyboard.press(key);
}

const welcomeShown = (pane: PanePage): Promise<boolean> => pane.page.locator('#section-welcome').isVisible();

async function axeViolations(pane: PanePage): Promise<string[]> {
  // Playwright's evaluate runs over the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await pane.page.evaluate(AXE_SOURCE);
  return pane.page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (rule) => `${rule.id}: ${rule.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}

test('a fresh install opens on the welcome; Tab reaches its ways on in order, Enter on "Enter a key" focuses the key field', async () => {
  const pane = await openFresh();
  expect(await welcomeShown(pane)).toBe(true);
  expect(await pane.page.locator('#welcome-title').innerText()).toBe('Welcome to Climate profiles');
  await (await pane.ax.get('button', 'Try it on the sandbox')).locator.focus();
  const order = [await focusedId(pane)];
  for (let i = 0; i < 3; i++) {
    await pane.page.keyboard.press('Tab');
    order.push(await focusedId(pane));
  }
  expect(order).toEqual(['welcome-try', 'welcome-key', 'welcome-get-key', 'welcome-dismiss']);
  // Get a key: the provider's site, opened outside the pane.
  const link = pane.page.locator('#welcome-get-key');
  expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual([PROVIDER.site, '_blank']);
  await pane.page.keyboard.press('Shift+Tab');
  await pane.page.keyboard.press('Shift+Tab');
  expect(await focusedId(pane)).toBe('welcome-key');
  await pane.page.keyboard.press('Enter');
  expect(await focusedId(pane)).toBe('api-key');
  await pane.page.context().close();
}, 60_000);

test('Space on "Try it on the sandbox" writes twenty suppliers on a new sheet of a free name and scores them', async () => {
  const pane = await openFresh();
  await pressOn(pane, 'Try it on the sandbox', 'Space');
  const status = pane.page.locator('#welcome-status');
  await pane.page.waitForFunction(() => !document.querySelector('#welcome-status')?.textContent?.includes('…'));
  expect(await status.innerText()).toContain('Twenty sample suppliers are on the sheet “Sample suppliers 2”');
  // Scored with the Score a column machinery: one CLIMATE.SCORE formula per supplier on the sample sheet.
  await pane.page.waitForFunction(
    (sheetName) => {
      const book = (window as unknown as { __workbook: { dump(): WorkbookDump } }).__workbook.dump();
      const cells = book.sheets.find((each) => each.name === sheetName)?.cells ?? [];
      return cells.filter((cell) => cell.formula?.startsWith('=CLIMATE.SCORE(')).length >= 20;
    },
    'Sample suppliers 2',
    { timeout: 30_000 },
  );
  const dump = await pane.dump();
  // The workbook's own sheets are as they were; the sample took the next free name (names compare without case).
  expect(dump.sheets.map((sheet) => sheet.name)).toEqual(['Suppliers', 'sample SUPPLIERS', 'Sample suppliers 2']);
  const sheet = (name: string) => dump.sheets.find((each) => each.name === name)?.cells ?? [];
  const sample = sheet('Sample suppliers 2');
  // The header and the names, under the source line the scoring put above them.
  const column = sample.filter((cell) => cell.column === 0).map((cell) => cell.value);
  expect(column.slice(column.indexOf('Supplier'))).toEqual(['Supplier', ...SAMPLE_SUPPLIERS.map(([name]) => name)]);
  expect(sample.filter((cell) => cell.formula?.startsWith('=CLIMATE.SCORE(')).length).toBe(SAMPLE_SUPPLIERS.length);
  expect(sheet('sample SUPPLIERS').map((cell) => cell.value)).toEqual(['mine']);
  // Used once, the welcome does not come back with the next start.
  expect(await pane.page.evaluate((key) => localStorage.getItem(key), FIRST_RUN_SEEN_KEY)).toBe('true');
  await pane.page.context().close();
}, 90_000);

test('Escape dismisses the welcome for good; the next start opens without it', async () => {
  const pane = await openFresh();
  await pressOn(pane, 'Enter a key', 'Escape');
  expect(await welcomeShown(pane)).toBe(false);
  const stored = await pane.page.evaluate(() => ({ ...localStorage }));
  await pane.page.context().close();
  const again = await openPanePage(suite.browser, suite.site.url, SHEET, stored);
  expect(await welcomeShown(again)).toBe(false);
  await again.page.context().close();
}, 60_000);

test('Sign out removes the saved key from this computer and says what that means for the cells', async () => {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const pane = await openPanePage(suite.browser, suite.site.url, SHEET, storage);
  expect(await welcomeShown(pane)).toBe(false); // a key is saved: no first run
  await pressOn(pane, 'Sign out', 'Enter');
  await pane.page.locator('#connection-status').filter({ hasText: 'Signed out' }).waitFor();
  expect(await pane.page.locator('#connection-status').innerText()).toContain('CLIMATE cells will ask for a key');
  const stored = await pane.page.evaluate(() => ({ ...localStorage }));
  expect(stored[SETTINGS_KEYS.apiKey]).toBeUndefined();
  expect(JSON.stringify(stored)).not.toContain(SANDBOX_PROJECT_KEY);
  await pane.page.context().close();
}, 60_000);

test.each([
  ['de-DE', 'Willkommen bei Klimaprofile', 'In der Sandbox ausprobieren', 'Abmelden', 'first-run-de.png'],
  ['ja-JP', '気候プロファイルへようこそ', 'サンドボックスで試す', 'サインアウト', 'first-run-ja.png'],
])(
  'Office in %s: the welcome and Sign out in its language, axe-clean',
  async (language, title, tryIt, signOut, file) => {
    const pane = await openFresh({ ...SHEET, displayLanguage: language });
    expect(await pane.page.locator('#welcome-title').innerText()).toBe(title);
    await pane.ax.get('button', tryIt);
    await pane.ax.get('button', signOut);
    expect(await axeViolations(pane)).toEqual([]);
    await pane.page.locator('#section-welcome').screenshot({ path: join(screenshotFolder(), file) });
    await pane.page.context().close();
  },
  60_000,
);

test('in a Windows contrast theme (forced colours) borders, badge and focus ring stay visible; axe-clean, no horizontal scroll at 320 px', async () => {
  const pane = await openFresh();
  await pane.page.emulateMedia({ forcedColors: 'active' });
  const style = (selector: string) =>
    pane.page.evaluate((css) => {
      const element = document.querySelector(css) as HTMLElement;
      const s = getComputedStyle(element);
      return { border: s.borderTopStyle, outline: s.outlineStyle };
    }, selector);
  expect((await style('#section-welcome')).border).toBe('solid');
  expect((await style('#connection-badge')).border).toBe('solid');
  await (await pane.ax.get('button', 'Enter a key')).locator.focus();
  await pane.page.keyboard.press('Tab');
  await pane.page.keyboard.press('Shift+Tab'); // a keyboard focus: :focus-visible
  expect((await style('#welcome-key')).outline).toBe('solid');
  await pane.page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
  await pane.page.setViewportSize({ width: 320, height: 900 });
  expect(await pane.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(pane)).toEqual([]);
  await pane.page.context().close();
}, 60_000);
