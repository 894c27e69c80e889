/**
 * A workbook sent to someone without a key, opened in real Chromium (the BUILT pane, the Excel shim, no
 * key saved and a service that is not the sandbox's default address, so no demo key either): the
 * pane's first screen says how many CLIMATE cells need a key and offers the ways out (Enter a key,
 * Get a key, ask the sender for a copy), reachable from the keyboard, in Office's language; it writes,
 * recalculates and saves nothing. With a key saved, or a workbook without CLIMATE cells, it does not
 * show; a welcome dismissed before does not hide it.
 */
import { join } from 'node:path';
import { PROVIDER } from '../../../src/provider';
import { FIRST_RUN_SEEN_KEY } from '../../../src/taskpane/firstRun/firstRun';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { screenshotFolder } from '../../browsers/screenshots';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from '../browser/excelShim';
import { oneCellSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 20 });

/** A supplier sheet as it arrives by e-mail: three CLIMATE formulas showing what they showed when saved. */
const SENT: ShimSheet = {
  name: 'Q3 suppliers',
  rows: [
    ['Supplier', 'Score', 'SBTi'],
    ['Acme Steel', '=CLIMATE.SCORE(A2)', '=CLIMATE.FLAG(A2,"sbti")'],
    ['Beta Plastics', '=CLIMATE.SCORE(A3)', null],
  ],
  selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
  requirements: PLAIN_HOST.requirements,
};

async function openWithoutKey(sheet: ShimSheet, extra: Record<string, string> = {}): Promise<PanePage> {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url });
  return openPanePage(suite.browser, suite.site.url, sheet, { ...storage, ...extra });
}

const focusedId = (pane: PanePage): Promise<string> => pane.page.evaluate(() => document.activeElement?.id ?? '');
const visible = (pane: PanePage, selector: string): Promise<boolean> => pane.page.locator(selector).isVisible();

test('the first screen says what the cells need and the ways out, from the keyboard; nothing is written', async () => {
  const pane = await openWithoutKey(SENT);
  const before = await pane.dump();
  await waitForText(pane.page, '#welcome-title', 'This workbook’s climate cells need an API key');
  expect(await pane.page.locator('#welcome-needs-key').innerText()).toMatch(
    /^3 CLIMATE cells in this workbook get their values from DitchCarbon with an API key, and none is saved on this computer\./,
  );
  expect(await pane.page.locator('#welcome-ask-copy').innerText()).toContain('Share a copy');
  expect([await visible(pane, '#welcome-try'), await visible(pane, '#welcome-intro')]).toEqual([false, false]);

  // Tab order over the ways out; Get a key is the provider's site, opened outside the pane.
  await (await pane.ax.get('button', 'Enter a key')).locator.focus();
  const order = [await focusedId(pane)];
  for (let i = 0; i < 2; i++) {
    await pane.page.keyboard.press('Tab');
    order.push(await focusedId(pane));
  }
  expect(order).toEqual(['welcome-key', 'welcome-get-key', 'welcome-dismiss']);
  expect(await pane.page.locator('#welcome-get-key').getAttribute('href')).toBe(PROVIDER.site);
  await pane.page.keyboard.press('Shift+Tab');
  await pane.page.keyboard.press('Shift+Tab');
  await pane.page.keyboard.press('Enter');
  expect(await focusedId(pane)).toBe('api-key');

  await pane.page.locator('#section-welcome').screenshot({ path: join(screenshotFolder(), 'opened-without-key.png') });
  const after = await pane.dump();
  expect(after.sheets).toEqual(before.sheets);
  expect([after.calculations, after.documentSettingsSaves, after.createdWorkbooks]).toEqual([[], 0, []]);
  await pane.page.context().close();
}, 60_000);

test('"Not now" hides it for this session only: it comes back with the workbook, even after the welcome was seen', async () => {
  const pane = await openWithoutKey(SENT, { [FIRST_RUN_SEEN_KEY]: 'true' });
  await waitForText(pane.page, '#welcome-title', 'need an API key');
  await (await pane.ax.get('button', 'Not now')).locator.focus();
  await pane.page.keyboard.press('Enter');
  expect(await visible(pane, '#section-welcome')).toBe(false);
  expect(await pane.page.evaluate((key) => localStorage.getItem(key), FIRST_RUN_SEEN_KEY)).toBe('true');
  await pane.page.reload();
  await pane.page.waitForSelector('body[data-ready="true"]');
  await waitForText(pane.page, '#welcome-title', 'need an API key');
  await pane.page.context().close();
}, 60_000);

test('in German, the same screen speaks German', async () => {
  const pane = await openWithoutKey({ ...SENT, displayLanguage: 'de-DE' });
  await waitForText(pane.page, '#welcome-title', 'Die Klimazellen dieser Arbeitsmappe brauchen einen API-Schlüssel');
  expect(await pane.page.locator('#welcome-needs-key').innerText()).toMatch(/^3 CLIMATE-Zellen dieser Arbeitsmappe/);
  expect(await pane.page.locator('#welcome-dismiss').innerText()).toBe('Jetzt nicht');
  await pane.page.context().close();
}, 60_000);

test('with a key saved, or without CLIMATE cells, the screen does not show', async () => {
  const keyed = await openPanePage(
    suite.browser,
    suite.site.url,
    SENT,
    await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  );
  const plain = await openWithoutKey(oneCellSheet());
  // Without a key the workbook is read once the pane is up; the section says when it has been.
  await plain.page.waitForSelector('#section-welcome[data-climate-cells="0"]', { state: 'attached' });
  await waitForText(plain.page, '#welcome-title', 'Welcome to Climate profiles');
  expect(await visible(keyed, '#section-welcome')).toBe(false);
  expect(await visible(plain, '#welcome-needs-key')).toBe(false);
  await Promise.all([keyed.page.context().close(), plain.page.context().close()]);
}, 60_000);
