/**
 * Fields never typed in (real Chromium, the built pane, the sandbox over HTTP). A Fluent text input
 * nobody typed in has no value at all (`undefined`, not ''), and every form of the pane must read it
 * as empty: Create project and Add project answer with their own messages, and an empty search lists
 * everything, as the sections intend; the person never sees a script's error.
 */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { oneCellSheet, openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 50 });
let page: Page;
let button: (name: string) => Promise<Locator>;

beforeAll(async () => {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const opened = await openPanePage(suite.browser, suite.site.url, oneCellSheet(), storage);
  page = opened.page;
  button = async (name) => (await opened.ax.get('button', name)).locator;
  await page.evaluate(() => {
    for (const id of ['section-projects', 'section-reference'])
      document.querySelector<HTMLDetailsElement>(`#${id}`)!.open = true;
  });
}, 120_000);

afterAll(() => page?.context().close());

test('Create project and Add project with nothing typed answer with the pane’s own messages', async () => {
  await (await button('Create project')).click();
  await waitForText(page, '#projects-status', 'Give the new project a name.');
  await (await button('Add project')).click();
  await waitForText(page, '#projects-status', 'The project needs a name of 1 to 200 characters.');
  // Only a name, then Enter: the team key nobody typed is asked for.
  await page.locator('#project-name input').fill('Board');
  await page.locator('#project-name input').press('Enter');
  await waitForText(page, '#projects-status', 'Paste your team API key to create a project.');
  expect(await page.evaluate(() => localStorage.getItem('climate.pane.projects'))).toBeNull();
}, 60_000);

test('an empty search lists every industry, and every SBTi company, one page', async () => {
  await (await button('Search')).click();
  await waitForText(page, '#reference-status', 'Industries: ');
  expect(await page.locator('#industry-list > li:not(.meta)').count()).toBeGreaterThan(0);
  await (await button('Look up')).click();
  await waitForText(page, '#reference-status', 'SBTi companies: ');
  expect(await page.locator('#sbti-list > li:not(.meta)').count()).toBeGreaterThan(0);
}, 60_000);
