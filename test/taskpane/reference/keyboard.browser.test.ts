/**
 * Organizations and reference data, and SBTi changes for the sheet, by keyboard alone, in German, in
 * real Chromium (the BUILT pane, the sandbox over HTTP, the Excel.run shim): Enter opens the section
 * (which loads the first page of organizations); Tab reaches Next, the industry search, the SBTi lookup
 * and the SBTi changes' date and button in the page's order; Enter turns the pages, and a pager button
 * disabled under the focus (back on the first page) hands it to the other one rather than to the page's
 * body; Enter in a search field looks up; what the section says is in German.
 */
import type { Page } from 'playwright-core';
import { t, type MessageKey, type MessageValues } from '../../../src/i18n/translate';
import { expectTabOrder, focused, tabTo } from '../browser/keyboard';
import { oneCellSheet } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from '../language/messageText';

const suite = paneSuite({ organizations: 300 });
const de = (key: MessageKey, values?: MessageValues): string => t(key, values, 'de');

/** The pane in German with the section opened by Enter, its first page of organizations shown. */
async function openReferenceInGerman(): Promise<Page> {
  const { page } = await suite.openSheet({ ...oneCellSheet(), displayLanguage: 'de-DE' });
  await tabTo(page, 'section-reference summary');
  await page.keyboard.press('Enter');
  await status(page, de('reference.orgs.shown', { page: 1, count: 5 }));
  return page;
}

/** Waits until the section's status line says `text`. */
const status = (page: Page, text: string | RegExp): Promise<void> =>
  page.locator('#reference-status').filter({ hasText: text }).waitFor();

/** Waits until the pager is enabled again after a load (a busy button is released after the status). */
const pagerSettled = (page: Page): Promise<void> =>
  page.locator('#org-next:not([aria-busy]), #org-prev:not([aria-busy])').first().waitFor();

test('Enter opens the section; Tab reaches its controls in the order they are read', async () => {
  const page = await openReferenceInGerman();
  await pagerSettled(page);
  await page.keyboard.press('Shift+Tab'); // back to the section's heading: Tab goes through it from there
  await expectTabOrder(
    page,
    'org-next industry-query industry-search-button sbti-query sbti-search-button sbti-since sbti-changes-load',
  );
  await page.context().close();
}, 60_000);

test('in German, Enter turns the pages; Previous disabled under the focus hands it to Next', async () => {
  const page = await openReferenceInGerman();
  await tabTo(page, 'org-next', 20);
  await page.keyboard.press('Enter');
  await status(page, de('reference.orgs.shown', { page: 2, count: 5 }));
  await page.locator('#org-prev:not([disabled])').waitFor();
  expect(await focused(page)).toBe('org-next');

  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe('org-prev');
  await page.keyboard.press('Enter');
  await status(page, de('reference.orgs.shown', { page: 1, count: 5 }));
  await page.locator('#org-prev[disabled]').waitFor();
  expect(await focused(page)).toBe('org-next');
  await page.context().close();
}, 60_000);

test('in German, Enter in the industry search and the SBTi lookup looks up; SBTi changes by Enter', async () => {
  const page = await openReferenceInGerman();
  await tabTo(page, 'industry-query', 20);
  await page.keyboard.type('steel');
  await page.keyboard.press('Enter');
  await page.locator('#industry-list').filter({ hasText: 'Steel' }).waitFor();
  await status(page, messagePattern('reference.industries.shown', 'de'));

  const company = suite.sandbox.population.sbtiCompanies[0].company_name as string;
  await tabTo(page, 'sbti-query', 5);
  await page.keyboard.type(company);
  await page.keyboard.press('Enter');
  await page.locator('#sbti-list').filter({ hasText: company }).waitFor();
  await status(page, messagePattern('reference.sbti.shown', 'de'));

  // A sheet without CLIMATE formulas: the SBTi changes say, in German, that there are no suppliers to ask about.
  await tabTo(page, 'sbti-changes-load', 10); // Tab goes through the date's day, month and year first
  await page.keyboard.press('Enter');
  await status(page, de('sbti.noSuppliers'));
  expect(await focused(page)).toBe('sbti-changes-load');
  await page.context().close();
}, 60_000);
