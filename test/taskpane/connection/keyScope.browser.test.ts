/**
 * Whose key, whose figures (real Chromium, the built pane, the sandbox over HTTP). Saving a key under
 * Connection that belongs to no saved project turns private performances off, and the private switch
 * is never shown in a state the person cannot change. A remembered team key goes only to the address
 * it was typed at, as a project key does: elsewhere it is not put in the field, and Create sends nothing.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../../../tools/sandbox/server/server';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { PROJECTS_STORAGE_KEY, TEAM_KEY_STORAGE_KEY } from '../../../src/taskpane/common/projectStore';
import { seededSettings } from '../../harness/settingsSeed';
import { oneCellSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 20 });
const sandbox = (): string => suite.origin();

/** Project Everyday in use with private performances on, and whatever else `extra` stores. */
async function open(extra: Record<string, string> = {}): Promise<PanePage> {
  const storage = {
    ...(await seededSettings({
      baseUrl: suite.sandbox.url,
      apiKey: SANDBOX_PROJECT_KEY,
      project: { id: '1', name: 'Everyday' },
      privatePerformances: true,
    })),
    [PROJECTS_STORAGE_KEY]: JSON.stringify([
      { id: '1', name: 'Everyday', apiKey: SANDBOX_PROJECT_KEY, origin: sandbox(), privatePerformances: true },
    ]),
    ...extra,
  };
  const pane = await openPanePage(suite.browser, suite.site.url, oneCellSheet(), storage);
  await pane.page.evaluate(() => {
    for (const id of ['section-connection', 'section-projects'])
      document.querySelector<HTMLDetailsElement>(`#${id}`)!.open = true;
  });
  return pane;
}

const privateSwitch = (page: Page) =>
  page.locator('#private-performances').evaluate((element) => ({
    checked: (element as HTMLInputElement).checked,
    disabled: element.hasAttribute('disabled'),
  }));

/** Creates a project named `name` with what the team key field holds; the /projects requests sent. */
async function create(pane: PanePage, name: string): Promise<string[]> {
  const creations: string[] = [];
  pane.page.on('request', (request) => void (request.url().endsWith('/projects') && creations.push(request.url())));
  await pane.page.locator('#project-name input').fill(name);
  await pane.page.locator('#projects-status').evaluate((status) => status.replaceChildren());
  await (await pane.ax.get('button', 'Create project')).locator.click();
  return creations;
}

test('a key of no saved project saved under Connection turns private performances off, and the switch shows it', async () => {
  const clientB = await suite.createProject('Client B'); // a key that works, saved in no project here
  const pane = await open();
  const { page } = pane;
  expect(await privateSwitch(page)).toEqual({ checked: true, disabled: false });
  await page.locator('#api-key input').fill(clientB.api_key);
  await (await pane.ax.get('button', 'Save')).locator.click();
  await waitForText(page, '#connection-status', 'Saved. Using');
  await page.waitForFunction(() => !document.querySelector('#connection-badge')?.textContent?.includes('Everyday'));
  expect(await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEYS.privatePerformances)).toBe('false');
  expect(await privateSwitch(page)).toEqual({ checked: false, disabled: true });

  // The saved project's key again: its own choice comes back with it.
  await page.locator('#api-key input').fill(SANDBOX_PROJECT_KEY);
  await (await pane.ax.get('button', 'Save')).locator.click();
  await waitForText(page, '#connection-badge', 'Everyday');
  expect(await privateSwitch(page)).toEqual({ checked: true, disabled: false });
  await page.context().close();
}, 60_000);

test('a team key remembered for another address is not offered here, and Create sends no team key', async () => {
  const remembered = JSON.stringify({ key: SANDBOX_TEAM_KEY, origin: 'https://api.ditchcarbon.com' });
  const pane = await open({ [TEAM_KEY_STORAGE_KEY]: remembered });
  const { page } = pane;
  expect(await page.locator('#team-key input').inputValue()).toBe('');
  expect(await create(pane, 'Elsewhere')).toEqual([]);
  await waitForText(page, '#projects-status', 'Paste your team API key to create a project.');
  await page.context().close();
}, 60_000);

test('a team key remembered before it had an address is offered nowhere', async () => {
  const pane = await open({ [TEAM_KEY_STORAGE_KEY]: SANDBOX_TEAM_KEY });
  expect(await pane.page.locator('#team-key input').inputValue()).toBe('');
  expect(await create(pane, 'Old')).toEqual([]);
  await pane.page.context().close();
}, 60_000);

test('the team key remembered here is offered here, and not after the address changes', async () => {
  const remembered = JSON.stringify({ key: SANDBOX_TEAM_KEY, origin: sandbox() });
  const pane = await open({ [TEAM_KEY_STORAGE_KEY]: remembered });
  const { page } = pane;
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#team-key input')?.value !== '');
  expect(await page.locator('#team-key input').inputValue()).toBe(SANDBOX_TEAM_KEY);

  await page.locator('#base-url input').fill('https://api.ditchcarbon.com');
  await (await pane.ax.get('button', 'Save')).locator.click();
  await waitForText(page, '#connection-status', 'Saved.');
  const creations = await create(pane, 'Moved');
  await waitForText(page, '#projects-status', 'team');
  expect(creations).toEqual([]);
  expect(await page.locator('#projects-status').innerText()).toBe(
    `Your remembered team key was entered for ${sandbox()}: it is not sent to https://api.ditchcarbon.com. ` +
      'Paste the team key for this address to create a project.',
  );
  await page.context().close();
}, 60_000);
