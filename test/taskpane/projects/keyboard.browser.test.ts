/**
 * Projects by keyboard alone, in German, in real Chromium (the BUILT pane, the sandbox over HTTP, the
 * Excel.run shim): Enter opens the section; Tab reaches the new project's name, the team key, its Show
 * button, Remember, Create, and the existing project's name, key and Add in the page's order; Enter in
 * a field creates the project (a missing name refused in German first); the focus then waits on the new
 * project's Use, Enter makes it the active one (the redrawn list gives the focus back to its button),
 * and Remove by Enter hands the focus on (to a new project's name when none is left), never to the
 * page's body, from where Tab would start again at the top of the pane.
 */
import type { Page } from 'playwright-core';
import { t, type MessageKey, type MessageValues } from '../../../src/i18n/translate';
import { SANDBOX_TEAM_KEY } from '../../../tools/sandbox/server/server';
import { expectTabOrder, focused, settledStatus, tabTo } from '../browser/keyboard';
import { oneCellSheet } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from '../language/messageText';

const suite = paneSuite({ organizations: 20 });
const de = (key: MessageKey, values?: MessageValues): string => t(key, values, 'de');
const NAME = 'Lieferanten Q3';

async function openProjectsInGerman(): Promise<Page> {
  const { page } = await suite.openSheet({ ...oneCellSheet(), displayLanguage: 'de-DE' });
  await tabTo(page, 'section-projects summary');
  await page.keyboard.press('Enter');
  return page;
}

/** The focused element's accessible name (a list's buttons have no id). */
const focusedLabel = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

test('Enter opens Projects; Tab reaches its forms in the order they are read', async () => {
  const page = await openProjectsInGerman();
  expect(await page.locator('#section-projects').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
    true,
  );
  await expectTabOrder(
    page,
    'project-name team-key team-key-toggle team-key-remember project-create-button existing-project-name existing-project-key project-add-button',
  );
  await page.context().close();
}, 60_000);

test('in German, a project created by Enter, used by Enter and removed by Enter, the focus kept in the pane', async () => {
  const page = await openProjectsInGerman();
  // Enter in the empty name field: refused, in German.
  await tabTo(page, 'project-name', 10);
  await page.keyboard.press('Enter');
  expect(await settledStatus(page, 'projects-status')).toEqual({
    tone: 'error',
    text: de('projects.create.nameMissing'),
  });

  await page.keyboard.type(NAME);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('team-key');
  await page.keyboard.type(SANDBOX_TEAM_KEY);
  await page.keyboard.press('Enter');
  await page.locator('#projects-status[data-tone="success"]').waitFor();
  expect(await page.locator('#projects-status').innerText()).toBe(de('projects.create.done', { name: NAME }));
  // The focus waits on the new project's Use, which a screen reader names in German.
  await page.waitForFunction(
    (label) => document.activeElement?.getAttribute('aria-label') === label,
    de('projects.item.useLabel', { name: NAME }),
  );

  await page.keyboard.press('Enter');
  await page
    .locator('#projects-status')
    .filter({ hasText: messagePattern('projects.use.done', 'de', { name: NAME }) })
    .or(
      page
        .locator('#projects-status')
        .filter({ hasText: messagePattern('projects.use.doneWorkbook', 'de', { name: NAME }) }),
    )
    .waitFor();
  const active = page.locator(`#project-list fluent-button[aria-current="true"]`);
  expect(await active.getAttribute('aria-label')).toBe(de('projects.item.activeLabel', { name: NAME }));
  // The list was drawn again: the focus is on the same project's button, now saying it is the active one.
  expect(await focusedLabel(page)).toBe(de('projects.item.activeLabel', { name: NAME }));

  await tabTo(page, 'fluent-button', 5); // the row's Remove, after Use
  expect(await focusedLabel(page)).toBe(de('projects.item.removeLabel', { name: NAME }));
  await page.keyboard.press('Enter');
  await page
    .locator('#projects-status')
    .filter({ hasText: de('projects.removed', { name: NAME }) })
    .waitFor();
  expect(await page.locator('#project-list fluent-button').count()).toBe(0);
  // No project left: the focus goes to a new project's name.
  expect(await focused(page)).toBe('project-name');
  await page.context().close();
}, 90_000);
