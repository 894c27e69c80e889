/**
 * The Changes options and "Refresh values older than N days" by keyboard alone, in German, in real
 * Chromium (the BUILT pane, the sandbox over HTTP, the Excel.run shim): Enter opens Activity, Tab
 * reaches Refresh all, the threshold, the add-or-replace choice, the age and Check in the page's order;
 * a threshold or an age that is none is refused in German and its field marked invalid (what a screen
 * reader says); the arrow keys choose Replace, which Refresh all (Enter) keeps with the workbook.
 */
import { t, type MessageKey, type MessageValues } from '../../../src/i18n/translate';
import { CHANGES_OPTIONS_SETTING } from '../../../src/office/documentSettings';
import { ariaInvalid, expectTabOrder, focused, settledStatus, tabTo, typeOver } from '../browser/keyboard';
import { oneCellSheet, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from '../language/messageText';

const suite = paneSuite({ organizations: 20 });
const de = (key: MessageKey, values?: MessageValues): string => t(key, values, 'de');

/** The pane in German with Activity opened by Enter. */
async function openActivityInGerman(): Promise<PanePage> {
  const pane = await suite.openSheet({ ...oneCellSheet(), displayLanguage: 'de-DE' });
  await tabTo(pane.page, 'section-activity summary');
  await pane.page.keyboard.press('Enter');
  return pane;
}

test('Enter opens Activity; Tab reaches its refresh and Changes controls in the order they are read', async () => {
  const { page } = await openActivityInGerman();
  expect(await page.locator('#section-activity').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
    true,
  );
  await expectTabOrder(page, 'refresh-all refresh-selection changes-threshold changes-mode older-days older-check');
  await page.context().close();
}, 60_000);

test('in German, a threshold that is none is refused by Enter; the arrow keys choose Replace, kept with the workbook', async () => {
  const { page, dump } = await openActivityInGerman();
  await tabTo(page, 'changes-threshold');
  await typeOver(page, 'fünf');
  await page.keyboard.press('Shift+Tab'); // back past Refresh selected rows
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe('refresh-all');
  await page.keyboard.press('Enter');
  expect(await settledStatus(page, 'activity-status')).toEqual({
    tone: 'error',
    text: de('changes.pane.badThreshold'),
  });
  expect(await ariaInvalid(page, 'changes-threshold')).toBe('true');
  expect((await dump()).documentSettings[CHANGES_OPTIONS_SETTING]).toBeUndefined();

  await tabTo(page, 'changes-threshold', 5);
  await typeOver(page, '2,5');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('changes-mode');
  await page.keyboard.press('ArrowDown');
  expect(await page.locator('#changes-mode').inputValue()).toBe('replace');
  await tabTo(page, 'refresh-all');
  await page.keyboard.press('Enter');
  // The first refusal's error is still shown until this refresh has run: wait for the refresh's own word.
  await page.locator('#activity-status:is([data-tone="success"], [data-tone="info"])').waitFor();
  expect(await ariaInvalid(page, 'changes-threshold')).toBeNull();
  expect((await dump()).documentSettings[CHANGES_OPTIONS_SETTING]).toEqual({ threshold: 2.5, mode: 'replace' });
  await page.context().close();
}, 90_000);

test('in German, Check (Enter) refuses an age that is none and says what it finds for a good one', async () => {
  const { page } = await openActivityInGerman();
  await tabTo(page, 'older-days');
  await typeOver(page, '0');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('older-check');
  await page.keyboard.press('Enter');
  expect(await settledStatus(page, 'older-status')).toEqual({ tone: 'error', text: de('changes.older.badDays') });
  expect(await ariaInvalid(page, 'older-days')).toBe('true');

  await page.keyboard.press('Shift+Tab');
  await typeOver(page, '90');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // No cell has called in this shim: no organization's age is known, and nothing is offered to run.
  const found = await settledStatus(page, 'older-status');
  expect(found.tone).toBe('info');
  expect(found.text).toMatch(messagePattern('changes.older.none', 'de', { days: 90 }));
  expect(await ariaInvalid(page, 'older-days')).toBeNull();
  expect(await page.locator('#older-run').isHidden()).toBe(true);
  expect(await focused(page)).toBe('older-check');
  await page.context().close();
}, 60_000);
