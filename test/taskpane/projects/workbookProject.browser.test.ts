/**
 * A shared workbook names a project (its `climate.project` document setting) and the pane opens on
 * it (real Chromium, the built pane, the sandbox over HTTP). The workbook may only propose a saved
 * project, matched by id: nothing switches without a click, a name alone matches nothing, private
 * performances stay the person's choice, and a switch the workbook proposed holds for that
 * workbook's session only, never for this computer's saved project. The proposal names the service
 * address; a project whose key was entrusted to another one is held back there until the person
 * confirms it under Connection.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { PROJECT_NAME_MAX, SETTINGS_KEYS } from '../../../src/settings/settings';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from '../browser/excelShim';
import { oneCellSheet, openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';

const suite = paneSuite({ organizations: 50 });
const PROJECTS_KEY = 'climate.pane.projects';
const sandbox = (): string => suite.origin();

/**
 * This computer: the everyday project in use, and a private board project saved beside it, both
 * entrusted to the sandbox unless `boardOrigin` says where the board's key was entered.
 */
async function computer(boardOrigin: string | null = sandbox()): Promise<Record<string, string>> {
  const board = await suite.createProject('Board private');
  const projects = [
    { id: '1', name: 'Everyday', apiKey: SANDBOX_PROJECT_KEY, origin: sandbox(), privatePerformances: false },
    {
      id: String(board.id),
      name: 'Board private',
      apiKey: board.api_key,
      origin: boardOrigin,
      privatePerformances: true,
    },
  ];
  return {
    ...(await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY })),
    [SETTINGS_KEYS.project]: JSON.stringify({ id: '1', name: 'Everyday' }),
    [PROJECTS_KEY]: JSON.stringify(projects),
  };
}

function open(storage: Record<string, string>, workbookProject: unknown, sheet = oneCellSheet) {
  const documentSettings = workbookProject === null ? {} : { 'climate.project': workbookProject };
  return openPanePage(suite.browser, suite.site.url, sheet(documentSettings), storage);
}

/** A sheet with one score formula, so that the key in force is sent as soon as cells recalculate. */
function scoredSheet(documentSettings: Record<string, unknown> = {}): ShimSheet {
  const name = suite.sandbox.population.organizations[0].name;
  return {
    ...oneCellSheet(documentSettings),
    rows: [
      ['Supplier', 'Score'],
      [name, '=CLIMATE.SCORE($A2)'],
    ],
  };
}

const saved = (page: import('playwright-core').Page) =>
  page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [SETTINGS_KEYS.apiKey, SETTINGS_KEYS.project, SETTINGS_KEYS.privatePerformances],
  );

test('a workbook naming a saved project by name only switches nothing and proposes nothing', async () => {
  const storage = await computer();
  const { page } = await open(storage, { name: 'board PRIVATE' });
  const line = page.locator('#workbook-project');
  await line.filter({ hasText: 'without its id' }).waitFor({ state: 'attached', timeout: 15_000 });
  expect(await page.locator('#section-projects').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  expect(await line.textContent()).toContain('names a project "board PRIVATE" without its id');
  expect(await page.locator('#workbook-project fluent-button').count()).toBe(0);
  expect(await page.locator('#connection-badge').innerText()).toContain('Everyday');
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' }), null]);
  await page.context().close();
}, 60_000);

test('a workbook naming a project by a name longer than any project has shows it cut, not whole', async () => {
  const name = 'Board '.repeat(1_000); // 6,000 characters: a workbook can hold what no project name is
  const { page } = await open(await computer(), { name });
  const line = page.locator('#workbook-project');
  await line.filter({ hasText: 'without its id' }).waitFor({ state: 'attached', timeout: 15_000 });
  const text = (await line.textContent())!;
  expect(text).toContain(`names a project "${name.slice(0, PROJECT_NAME_MAX)}…" without its id`);
  expect(text.length).toBeLessThan(PROJECT_NAME_MAX + 200);
  await page.context().close();
}, 60_000);

test('a workbook naming a saved project by id proposes it; a click uses it for this workbook only', async () => {
  const storage = await computer();
  const board = JSON.parse(storage[PROJECTS_KEY])[1] as { id: string; apiKey: string };
  const { page, ax } = await open(storage, { id: board.id, name: 'Anything the author typed' });
  const line = page.locator('#workbook-project');
  await line.filter({ hasText: 'use it with' }).waitFor({ timeout: 15_000 });
  // The saved project's own name, not the workbook's; and nothing switched before the click.
  expect(await line.innerText()).toContain(
    `This workbook was made with project Board private: use it with ${suite.sandbox.url}?`,
  );
  expect(await page.locator('#connection-badge').innerText()).toContain('Everyday');
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' }), null]);

  await (await ax.get('button', 'Use it here')).locator.click();
  await page.locator('#projects-status').filter({ hasText: 'for this workbook only' }).waitFor({ timeout: 15_000 });
  expect(await page.locator('#connection-badge').innerText()).toContain('Board private');
  expect(await line.innerText()).toBe('This workbook uses project Board private.');
  // Private performances stay off, though the saved project has them on.
  expect(await page.locator('#private-performances').evaluate((s) => (s as HTMLInputElement).checked)).toBe(false);
  // The computer's saved choice is untouched: the next workbook opens on Everyday.
  expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' }), null]);
  const after = await page.evaluate(() => ({ ...localStorage }));
  await page.context().close();

  const next = await open(after, null);
  await next.page.locator('#connection-badge').filter({ hasText: 'Everyday' }).waitFor({ timeout: 15_000 });
  expect(await next.page.locator('#connection-badge').innerText()).toContain('Everyday');
  await next.page.context().close();
}, 60_000);

test('"Not now" keeps the current project and stops asking', async () => {
  const storage = await computer();
  const board = JSON.parse(storage[PROJECTS_KEY])[1] as { id: string };
  const { page, ax } = await open(storage, { id: board.id, name: 'Board private' });
  await page.locator('#workbook-project').filter({ hasText: 'use it with' }).waitFor({ timeout: 15_000 });
  await (await ax.get('button', 'Not now')).locator.click();
  const line = page.locator('#workbook-project');
  await line.filter({ hasText: 'you kept your current project' }).waitFor({ timeout: 15_000 });
  expect(await page.locator('#connection-badge').innerText()).toContain('Everyday');
  await page.context().close();
}, 60_000);

test.each([
  ['entered for production', 'https://api.ditchcarbon.com', 'https://api.ditchcarbon.com'],
  ['saved before projects recorded their address', null, 'an address not recorded with it'],
])(
  "a workbook's project %s is held back at this address until the person confirms it there",
  async (_label, boardOrigin, enteredFor) => {
    const storage = await computer(boardOrigin);
    const board = JSON.parse(storage[PROJECTS_KEY])[1] as { id: string; apiKey: string };
    const { page, ax } = await open(storage, { id: board.id, name: 'Board private' }, scoredSheet);
    const sent: string[] = [];
    page.on('request', (request) => void sent.push(request.headers()['authorization'] ?? ''));
    const line = page.locator('#workbook-project');
    await line.filter({ hasText: 'use it with' }).waitFor({ timeout: 15_000 });
    expect(await line.innerText()).toContain(
      `This workbook was made with project Board private: use it with ${suite.sandbox.url}? ` +
        `Its key was entered for ${enteredFor}: you are asked before it is sent there.`,
    );

    await (await ax.get('button', 'Use it here')).locator.click();
    await page.locator('#projects-status').filter({ hasText: 'for this workbook only' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#projects-status').innerText()).toContain(
      `Its key was entered for ${enteredFor}: it is not sent to ${sandbox()} until you choose Send it to ${sandbox()} under Connection.`,
    );
    await page.locator('#connection-badge').filter({ hasText: 'key not confirmed' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#held-key').innerText()).toContain(
      `Your saved key was entered for ${enteredFor}; it is not sent to ${sandbox()}`,
    );
    await page.waitForTimeout(1_000); // the recalculation the switch asked for has had its turn
    expect(sent).not.toContain(`Bearer ${board.apiKey}`);

    // The person's confirmation sends it, for this session; the project is entrusted to this address.
    await (await ax.get('button', `Send it to ${sandbox()}`)).locator.click();
    await page.locator('#connection-badge').filter({ hasText: 'Board private' }).waitFor({ timeout: 15_000 });
    const projects = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), PROJECTS_KEY);
    expect((projects as Array<{ origin: string | null }>)[1].origin).toBe(sandbox());
    expect(await saved(page)).toEqual([SANDBOX_PROJECT_KEY, JSON.stringify({ id: '1', name: 'Everyday' }), null]);
    await page.context().close();
  },
  60_000,
);
