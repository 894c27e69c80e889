/**
 * Connection by keyboard alone, in German, in real Chromium (the BUILT pane, the sandbox over HTTP,
 * the Excel.run shim): Tab reaches the address, its presets, the key, its Show button, Save, Test
 * connection and Sign out in the page's order; Enter in a field saves the form; Space shows and hides
 * the key; Enter tests the connection and signs out. An address the settings refuse marks the address
 * field invalid (`aria-invalid`, what a screen reader says) whatever the language of the message: the
 * pane knows which setting was refused from the refusal itself, never from its words.
 */
import type { Page } from 'playwright-core';
import { t, type MessageKey, type MessageValues } from '../../../src/i18n/translate';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { ariaInvalid, expectTabOrder, focused, settledStatus, tabTo, typeOver } from '../browser/keyboard';
import { oneCellSheet } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from '../language/messageText';

const suite = paneSuite({ organizations: 20 });
const de = (key: MessageKey, values?: MessageValues): string => t(key, values, 'de');

const openInGerman = async (): Promise<Page> =>
  (await suite.openSheet({ ...oneCellSheet(), displayLanguage: 'de-DE' })).page;
const settled = (page: Page) => settledStatus(page, 'connection-status');
const addressInvalid = (page: Page) => ariaInvalid(page, 'base-url');

test('Tab reaches every control of Connection in the order it is read', async () => {
  const page = await openInGerman();
  await expectTabOrder(
    page,
    'base-url preset-sandbox preset-production api-key api-key-toggle connection-save connection-test connection-sign-out',
  );
  await page.context().close();
}, 60_000);

test('in German, an address refused by Enter is marked invalid; a good one saved by Enter clears the mark', async () => {
  const page = await openInGerman();
  await tabTo(page, 'base-url', 40);
  // A user name in the address: a refusal whose German words name neither "URL" nor "https".
  await typeOver(page, 'https://nutzer:kennwort@klima.example');
  await page.keyboard.press('Enter');
  const refused = await settled(page);
  expect(refused).toEqual({ tone: 'error', text: de('service.address.parts') });
  expect(await addressInvalid(page)).toBe('true');
  expect(await focused(page)).toBe('base-url'); // the person corrects it where they are

  await typeOver(page, suite.sandbox.url);
  await page.keyboard.press('Enter');
  await page.locator('#connection-status[data-tone="success"]').waitFor();
  expect(await addressInvalid(page)).toBeNull();
  await page.context().close();
}, 60_000);

test('in German, a refused key does not mark the address; Space shows and hides the key', async () => {
  const page = await openInGerman();
  await tabTo(page, 'api-key', 40);
  await typeOver(page, 'zu kurz');
  await page.keyboard.press('Enter');
  expect(await settled(page)).toEqual({ tone: 'error', text: de('settings.refused.apiKey') });
  expect(await addressInvalid(page)).toBeNull();

  await tabTo(page, 'api-key-toggle', 5);
  // The button acts on Space's release and the field is redrawn after it: wait for the type it shows.
  const shownAs = (type: string) => page.locator(`#api-key input[type="${type}"]`).waitFor();
  expect(await page.locator('#api-key-toggle').getAttribute('aria-label')).toBe(de('connection.showKey'));
  await page.keyboard.press('Space');
  await shownAs('text');
  expect(await page.locator('#api-key-toggle').getAttribute('aria-label')).toBe(de('connection.hideKey'));
  await page.keyboard.press('Space');
  await shownAs('password');
  expect(await page.locator('#api-key-toggle').getAttribute('aria-label')).toBe(de('connection.showKey'));
  await page.context().close();
}, 60_000);

test('in German, Enter on Test connection says the key works; Enter on Sign out removes the saved key', async () => {
  const page = await openInGerman();
  await tabTo(page, 'connection-test', 40);
  await page.keyboard.press('Enter');
  const tested = await settled(page);
  expect(tested.tone).toBe('success');
  // The suite's sandbox is on a port of its own: said as the sandbox or by its address.
  const works = [messagePattern('connection.test.ok', 'de'), messagePattern('connection.test.ok.sandbox', 'de')];
  expect(works.some((pattern) => pattern.test(tested.text))).toBe(true);

  await tabTo(page, 'connection-sign-out', 5);
  await page.keyboard.press('Enter');
  await page
    .locator('#connection-status')
    .filter({ hasText: de('signOut.done') })
    .waitFor();
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored[SETTINGS_KEYS.apiKey]).toBeUndefined();
  expect(await focused(page)).toBe('connection-sign-out');
  await page.context().close();
}, 60_000);
