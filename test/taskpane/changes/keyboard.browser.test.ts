/**
 * The Changes options and "Refresh values older than N days" by keyboard alone, in German, in real
 * Chromium (the BUILT pane, the sandbox over HTTP, the Excel.run shim): Enter opens Activity, Tab
 * reaches Refresh all, the threshold, the add-or-replace choice, the age and Check in the page's order;
 * a threshold or an age that is none is refused in German and its field marked invalid (what a screen
 * reader says); the arrow keys choose Replace, which Refresh all (Enter) keeps with the workbook.
 */
import type { Page } from 'playwright-core';
import { t, type MessageKey, type MessageValues } from '../../../src/i18n/translate';
import { CHANGES_OPTIONS_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { focused, tabOrder, tabTo } from '../browser/keyboard';
import { oneCellSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from '../language/messageText';

const suite = paneSuite({ organizations: 20 });
const de = (key: MessageKey, values?: MessageValues): string => t(key, values, 'de');

async function openInGerman(): Promise<PanePage> {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  return openPanePage(suite.browser, suite.site.url, { ...oneCellSheet(), displayLanguage: 'de-DE' }, storage);
}

/** Replaces what the focused text field holds by `text`, as a person selects all and types. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Waits until the status line has settled (not busy) and returns its tone and text. */
async function settled(page: Page, id: string): Promise<{ tone: string; text: string }> {
  await page.locator(`#${id}:is([data-tone="success"], [data-tone="info"], [data-tone="error"])`).waitFor();
  const status = page.locator(`#${id}`);
  return { tone: (await status.getAttribute('data-tone')) ?? '', text: await status.innerText() };
}

const invalid = (page: Page, id: string): Promise<string | null> =>
  page.locator(`#${id} input`).getAttribute('aria-invalid');

test('Enter opens Activity; Tab reaches its refresh and Changes controls in the order they are read', async () => {
  const { page } = await openInGerman();
  await tabTo(page, 'section-activity summary');
  await page.keyboard.press('Enter');
  expect(await page.locator('#section-activity').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
    true,
  );
  const controls = [
    'refresh-all',
    'refresh-selection',
    'changes-threshold',
    'changes-mode',
    'older-days',
    'older-check',
  ];
  expect(await tabOrder(page, controls)).toEqual(controls);
  await page.context().close();
}, 60_000);

test('in German, a threshold that is none is refused by Enter; the arrow keys choose Replace, kept with the workbook', async () => {
  const { page, dump } = await openInGerman();
  await tabTo(page, 'section-activity summary');
  await page.keyboard.press('Enter');
  await tabTo(page, 'changes-threshold');
  await typeOver(page, 'fünf');
  await page.keyboard.press('Shift+Tab'); // back past Refresh selected rows
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe('refresh-all');
  await page.keyboard.press('Enter');
  expect(await settled(page, 'activity-status')).toEqual({ tone: 'error', text: de('changes.pane.badThreshold') });
  expect(await invalid(page, 'changes-threshold')).toBe('true');
  expect((await dump()).documentSettings[CHANGES_OPTIONS_SETTING]).toBeUndefined();

  await tabTo(page, 'changes-threshold', 5);
  await typeOver(page, '2,5');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('changes-mode');
  await page.keyboard.press('ArrowDown');
  expect(await page.locator('#changes-mode').inputValue()).toBe('replace');
  await tabTo(page, 'refresh-all');
  await page.keyboard.press('Enter');
  expect((await settled(page, 'activity-status')).tone).not.toBe('error');
  expect(await invalid(page, 'changes-threshold')).toBeNull();
  expect((await dump()).documentSettings[CHANGES_OPTIONS_SETTING]).toEqual({ threshold: 2.5, mode: 'replace' });
  await page.context().close();
}, 90_000);

test('in German, Check (Enter) refuses an age that is none and says what it finds for a good one', async () => {
  const { page } = await openInGerman();
  await tabTo(page, 'section-activity summary');
  await page.keyboard.press('Enter');
  await tabTo(page, 'older-days');
  await typeOver(page, '0');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('older-check');
  await page.keyboard.press('Enter');
  expect(await settled(page, 'older-status')).toEqual({ tone: 'error', text: de('changes.older.badDays') });
  expect(await invalid(page, 'older-days')).toBe('true');

  await page.keyboard.press('Shift+Tab');
  await typeOver(page, '90');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // No cell has called in this shim: no organization's age is known, and nothing is offered to run.
  const found = await settled(page, 'older-status');
  expect(found.tone).toBe('info');
  expect(found.text).toMatch(messagePattern('changes.older.none', 'de', { days: 90 }));
  expect(await invalid(page, 'older-days')).toBeNull();
  expect(await page.locator('#older-run').isHidden()).toBe(true);
  expect(await focused(page)).toBe('older-check');
  await page.context().close();
}, 60_000);
