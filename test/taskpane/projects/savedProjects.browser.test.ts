/**
 * The saved projects in the pane (real Chromium, the built pane, the sandbox over HTTP). Removing the
 * project in use stops its key: it leaves the settings with its project, the badge and the Connection
 * form show that no key is set, and the status line says so; a workbook's session choice of it ends,
 * back to the computer's saved project. Removing another project changes nothing else. A project
 * added or created under a saved project's name is refused, naming it, and nothing changes. Use of a
 * project whose key was entrusted to another address holds it back here until the person confirms it.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../../../tools/sandbox/server/server';
import { SETTINGS_KEYS } from '../../../src/settings/settings';
import { PROJECTS_STORAGE_KEY } from '../../../src/taskpane/common/projectStore';
import { seededSettings } from '../../harness/settingsSeed';
import { oneCellSheet, openPanePage, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 50 });
const sandbox = (): string => suite.origin();
/**
 * This computer: project Everyday in use, project Other (made on the sandbox, so its key works) saved
 * beside it, entrusted to the sandbox unless `otherOrigin` says where its key was entered.
 */
async function computer(otherOrigin: string | null = sandbox()): Promise<Record<string, string>> {
  const other = await suite.createProject('Other');
  return {
    ...(await seededSettings({
      baseUrl: suite.sandbox.url,
      apiKey: SANDBOX_PROJECT_KEY,
      project: { id: '1', name: 'Everyday' },
    })),
    [PROJECTS_STORAGE_KEY]: JSON.stringify([
      { id: '1', name: 'Everyday', apiKey: SANDBOX_PROJECT_KEY, origin: sandbox(), privatePerformances: false },
      { id: '2', name: 'Other', apiKey: other.api_key, origin: otherOrigin, privatePerformances: false },
    ]),
  };
}

async function open(workbookProject: unknown = null, storage?: Record<string, string>): Promise<PanePage> {
  const documentSettings = workbookProject === null ? {} : { 'climate.project': workbookProject };
  const sheet = oneCellSheet(documentSettings);
  const pane = await openPanePage(suite.browser, suite.site.url, sheet, storage ?? (await computer()));
  await pane.page.evaluate(() => {
    for (const id of ['section-connection', 'section-projects'])
      document.querySelector<HTMLDetailsElement>(`#${id}`)!.open = true;
  });
  return pane;
}

const saved = (page: Page) =>
  page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), [SETTINGS_KEYS.apiKey, SETTINGS_KEYS.project]);

const remove = async (pane: PanePage, name: string): Promise<void> =>
  (await pane.ax.get('button', `Remove project ${name}`)).locator.click();

test('removing another project changes nothing else; removing the one in use stops its key', async () => {
  const pane = await open();
  const { page } = pane;
  await remove(pane, 'Other');
  await waitForText(page, '#projects-status', 'Removed project Other from this computer.');
  expect(await page.locator('#projects-status').innerText()).toBe('Removed project Other from this computer.');
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' })]);
  expect(await page.locator('#connection-badge').innerText()).toContain('Everyday');

  await remove(pane, 'Everyday');
  await waitForText(page, '#projects-status', 'Removed project Everyday from this computer.');
  expect(await page.locator('#projects-status').innerText()).toBe(
    'Removed project Everyday from this computer. It was the project in use: its key is no longer sent, and no ' +
      'API key is set. Choose Use on another project, or enter a key under Connection.',
  );
  expect(await saved(page)).toEqual([null, null]);
  await waitForText(page, '#connection-badge', 'no API key');
  expect(await page.locator('#api-key input').inputValue()).toBe('');
  await page.context().close();
}, 60_000);

test("removing the project a workbook's session uses goes back to the computer's saved project", async () => {
  const pane = await open({ id: '2', name: 'Other' });
  const { page } = pane;
  await (await pane.ax.get('button', 'Use it here')).locator.click();
  await waitForText(page, '#connection-badge', 'Other');
  await remove(pane, 'Other');
  await waitForText(page, '#projects-status', 'Removed project Other from this computer.');
  expect(await page.locator('#projects-status').innerText()).toBe(
    'Removed project Other from this computer. It was the project in use: its key is no longer sent, and ' +
      'cells use project Everyday now.',
  );
  await waitForText(page, '#connection-badge', 'Everyday');
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' })]);
  await page.context().close();
}, 60_000);

test("a project under a saved project's name is refused, naming it, and nothing changes; Create asks the service nothing", async () => {
  const pane = await open();
  const { page } = pane;
  const before = await page.evaluate((key) => localStorage.getItem(key), PROJECTS_STORAGE_KEY);
  const refusal =
    'A project named Everyday is already saved on this computer: remove it first to replace it, or choose another name.';
  await page.locator('#existing-project-name input').fill('everyday');
  await page.locator('#existing-project-key input').fill('colleague-project-key-123');
  await (await pane.ax.get('button', 'Add project')).locator.click();
  await waitForText(page, '#projects-status', refusal);

  const creations: string[] = [];
  page.on('request', (request) => void (request.url().endsWith('/projects') && creations.push(request.url())));
  await page.locator('#project-name input').fill('EVERYDAY');
  await page.locator('#team-key input').fill(SANDBOX_TEAM_KEY);
  await page.locator('#projects-status').evaluate((status) => status.replaceChildren());
  await (await pane.ax.get('button', 'Create project')).locator.click();
  await waitForText(page, '#projects-status', refusal);
  expect(creations).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), PROJECTS_STORAGE_KEY)).toBe(before);
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' })]);
  await page.context().close();
}, 60_000);

test('Use of a project entered for another address holds its key back here until it is confirmed, once', async () => {
  const storage = await computer('https://api.ditchcarbon.com');
  const other = JSON.parse(storage[PROJECTS_STORAGE_KEY])[1] as { apiKey: string };
  const pane = await open(null, storage);
  const { page } = pane;
  await (await pane.ax.get('button', 'Use project Other')).locator.click();
  await waitForText(page, '#projects-status', 'Using project Other');
  expect(await page.locator('#projects-status').innerText()).toBe(
    'Using project Other for this workbook. Its key was entered for https://api.ditchcarbon.com: it is not sent ' +
      `to ${sandbox()} until you choose Send it to ${sandbox()} under Connection.`,
  );
  await waitForText(page, '#connection-badge', 'key not confirmed');
  // Saved with the origin it was entrusted to, not this address's.
  const stored = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [SETTINGS_KEYS.apiKey, SETTINGS_KEYS.apiKeyOrigin],
  );
  expect(stored).toEqual([other.apiKey, 'https://api.ditchcarbon.com']);
  expect(await page.locator('#project-list').innerText()).toContain('Active');

  await (await pane.ax.get('button', `Send it to ${sandbox()}`)).locator.click();
  await waitForText(page, '#connection-badge', 'Other');
  const projects = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), PROJECTS_STORAGE_KEY);
  expect((projects as Array<{ origin: string | null }>).map((p) => p.origin)).toEqual([sandbox(), sandbox()]);
  await page.context().close();
}, 60_000);
