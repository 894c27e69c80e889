/**
 * The task pane in real Chromium, as an analyst first meets it: the BUILT dist/taskpane.html served from
 * loopback, office.js from the installed package, the sandbox service over real HTTP, and a fake
 * workbook behind Excel.run (browser/excelShim/, browser/walkthrough.ts). One page walks through a
 * fresh install: how the pane looks and reads (CSP, theme, names of controls, the narrowest width),
 * connecting with a good and a bad key, creating a project with the team key and switching to it. Then
 * it checks that no key reached the workbook (cells, images, document settings), the console or the
 * page's text. Scoring, refreshing and reference data: paneScoring and paneReference.browser.test.ts.
 * It takes the screenshots docs/pane.md shows (test/browsers/screenshots.ts says where they go).
 *
 * Controls are found by role and accessible name in Chromium's own accessibility tree (see
 * browser/accessibility.ts): the pane's controls are Fluent web components, whose roles and states
 * Playwright's DOM-based getByRole cannot see. Native elements (selects, links, images, text) are
 * still found with Playwright's locators.
 */
import { SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY } from '../../../tools/sandbox/server/server';
import { PANE_WIDTH } from '../browser/panePage';
import { ALL_SECTIONS, PANE_HEIGHT } from '../browser/paneReaders';
import { waitForText } from '../browser/waitForText';
import { paneWalkthrough, whereSecretsShow } from '../browser/walkthrough';

const BAD_KEY = 'not-a-key-of-this-service';

const pane = paneWalkthrough();
const { dump, text, button, textbox, onceSettled, openOnly, shot, backgroundOf } = pane;
let projectKey = '';

describe('task pane in Chromium: a fresh install connects and makes a project', () => {
  test('the page starts outside Office without CSP violations, styled, with every control named', async () => {
    expect(await pane.watch.violations()).toEqual([]);
    expect(pane.watch.consoleLines.filter((line) => /error|refused|violat/i.test(line))).toEqual([]);
    // The Fluent components are registered and drawn with the Fluent 2 theme (the primary button in
    // the brand colour): their style sheets and the theme's tokens came through the CSSOM under style-src 'self'.
    expect(
      await pane.page.evaluate(() =>
        ['fluent-button', 'fluent-text-input', 'fluent-checkbox', 'fluent-switch'].filter(
          (tag) => !customElements.get(tag),
        ),
      ),
    ).toEqual([]);
    // The page is held still (./browser/stillMotion.ts): the button shows its end colour, not a fade.
    const brand = 'rgb(15, 108, 189)';
    expect(await onceSettled(() => backgroundOf('#connection-save'), brand)).toBe(brand);
    await openOnly(...ALL_SECTIONS);
    for (const name of ['Base URL', 'API key', 'Team API key', 'Project name']) await pane.ax.get('textbox', name);
    expect(await (await textbox('API key')).getAttribute('type')).toBe('password');
    // The hints under the fields are read with them, although the <input> sits in a shadow root.
    expect((await (await pane.ax.get('textbox', 'Base URL')).state()).description).toBe(
      'https is required, except for the sandbox on this computer.',
    );
    // No project is active yet: the private-performances switch is off limits, and looks it.
    const privateSwitch = await pane.ax.get('switch', 'Private performances');
    expect(await privateSwitch.state()).toMatchObject({
      disabled: true,
      description: 'Reads include the active project’s private documents.',
    });
    expect(await privateSwitch.locator.evaluate((element) => element.matches(':disabled'))).toBe(true);
    // Every control of the page has a name a screen reader can say.
    expect(await pane.ax.unnamed()).toEqual([]);
    // Nothing is wider than the narrowest task pane (320 px), every section open.
    const overflow = (): Promise<number> =>
      pane.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await pane.page.setViewportSize({ width: 320, height: PANE_HEIGHT });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await pane.page.setViewportSize({ width: PANE_WIDTH, height: PANE_HEIGHT });
    await openOnly('section-connection', 'section-score');
    // The attribution is on screen with any section open, and scrolled to the end too.
    await expect(pane.page.getByRole('img', { name: 'DitchCarbon logo' }).isVisible()).resolves.toBe(true);
    expect(await text('footer.attribution')).toContain('Climate data by DitchCarbon');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The theme follows the system's dark setting while the pane is open, and back.
    const primary = (): Promise<string> => backgroundOf('#connection-save');
    await pane.page.emulateMedia({ colorScheme: 'dark' });
    expect(await onceSettled(primary, 'rgb(17, 94, 163)')).toBe('rgb(17, 94, 163)');
    expect(await backgroundOf('body')).toBe('rgb(31, 31, 31)');
    await pane.page.emulateMedia({ colorScheme: 'light' });
    expect(await onceSettled(primary, 'rgb(15, 108, 189)')).toBe('rgb(15, 108, 189)');
  });

  test("connection: a good key is saved and tested; a bad key shows the service's own message", async () => {
    const baseUrl = await pane.ax.get('textbox', 'Base URL');
    const key = await textbox('API key');
    // A fresh install: the sandbox on its default address with its demo key. Production is one click.
    expect(await baseUrl.locator.inputValue()).toBe('http://127.0.0.1:4010');
    expect(await key.inputValue()).toBe(SANDBOX_PROJECT_KEY);
    await (await button('Production')).click();
    expect(await baseUrl.locator.inputValue()).toBe('https://api.ditchcarbon.com');
    expect(await key.inputValue()).toBe(''); // the demo key is not offered to the real service
    await waitForText(pane.page, '#connection-status', 'paste your project API key');
    await (await button('Sandbox')).click();
    expect(await baseUrl.locator.inputValue()).toBe('http://127.0.0.1:4010');

    await baseUrl.locator.fill(pane.sandbox.url);
    await key.fill(SANDBOX_PROJECT_KEY);
    // Show/hide by keyboard: the name and the field's type follow.
    await (await button('Show API key')).focus();
    await pane.page.keyboard.press('Enter');
    expect(await onceSettled(() => key.getAttribute('type'), 'text')).toBe('text');
    await (await button('Hide API key')).press('Enter');
    expect(await onceSettled(() => key.getAttribute('type'), 'password')).toBe('password');

    const before = (await dump()).calculations.length;
    await (await button('Save')).click();
    await waitForText(pane.page, '#connection-status', 'Saved.');
    expect(await text('#connection-badge')).toContain('the sandbox');
    await (await button('Test connection')).click();
    await waitForText(pane.page, '#connection-status', 'the key works');
    expect(await pane.page.locator('#connection-status').getAttribute('data-tone')).toBe('success');
    // The message bar shows the words inside the status region without being a second live region.
    expect(await pane.ax.nestedLiveRegions()).toBe(0);
    // A key change recalculates the workbook's CLIMATE cells, so cells that lacked a key ask again: this
    // sheet has none, so nothing is calculated, and never the whole workbook (it was, before).
    expect((await dump()).calculations.slice(before)).toEqual([]);
    await openOnly('section-connection');
    await shot('connection');

    const refusal = await (
      await fetch(`${pane.sandbox.url}/industries`, { headers: { authorization: `Bearer ${BAD_KEY}` } })
    ).json();
    await key.fill(BAD_KEY);
    await (await button('Test connection')).click();
    await pane.page.locator('#connection-status[data-tone="error"]').waitFor();
    expect(await text('#connection-status')).toContain(refusal.error.message);
    expect(await text('#connection-status')).not.toContain(BAD_KEY);
    await shot('connection-refused');
    // Saved anyway, the key is checked at once (one request): the badge and the status say the service
    // refused it before any cell asks.
    const requestsBefore = pane.sandbox.stats().requests;
    await (await button('Save')).click();
    await waitForText(pane.page, '#connection-status[data-tone="error"]', 'The service refused the key');
    expect(await text('#connection-status')).toContain(refusal.error.message);
    expect(await text('#connection-status')).not.toContain(BAD_KEY);
    expect(await text('#connection-badge')).toContain('key refused');
    expect(pane.sandbox.stats().requests - requestsBefore).toBe(1);
    // Refresh all tries the refused key once more (one request), and the pane says again what came of it.
    await openOnly('section-activity');
    await (await button('Refresh all')).click();
    await waitForText(pane.page, '#activity-status', 'No organization asked for yet in this session');
    // The refresh cleared the badge's verdict; the service's second refusal brings it back.
    await waitForText(pane.page, '#connection-badge', 'key refused');
    expect(pane.sandbox.stats().requests - requestsBefore).toBe(2);
    await openOnly('section-connection');
    expect(await text('#connection-status')).toContain('or Refresh to try this one again');

    // An http address off this machine is refused before anything is sent, and the field says so.
    await baseUrl.locator.fill('http://api.example.com');
    await key.fill(SANDBOX_PROJECT_KEY);
    await (await button('Save')).click();
    await waitForText(pane.page, '#connection-status[data-tone="error"]', 'https');
    expect((await baseUrl.state()).invalid).toBe(true);
    await baseUrl.locator.fill(pane.sandbox.url);
    await (await button('Save')).click();
    await waitForText(pane.page, '#connection-status', 'Saved.');
    expect((await baseUrl.state()).invalid).toBe(false);
    expect(await text('#connection-badge')).not.toContain('refused'); // another key: judged afresh
  });

  test('projects: created with the team key (used once, not kept), switched to, remembered by the workbook without its key', async () => {
    await openOnly('section-projects');
    await (await textbox('Project name')).fill('Q3 suppliers');
    const teamKey = await textbox('Team API key');
    await teamKey.fill(SANDBOX_TEAM_KEY);
    await (await button('Create project')).click();
    await waitForText(pane.page, '#projects-status', 'Project Q3 suppliers created');
    expect(await teamKey.inputValue()).toBe('');
    const stored = await pane.page.evaluate(() => ({ ...localStorage }));
    expect(JSON.stringify(stored)).not.toContain(SANDBOX_TEAM_KEY);
    projectKey = JSON.parse(stored['climate.pane.projects'])[0].apiKey;
    expect(projectKey).toMatch(/^dc_sandbox_/);

    // Focus moved to the new project's button: Enter switches to it.
    await expect(pane.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Use project Q3 suppliers',
    );
    await pane.page.keyboard.press('Enter');
    await waitForText(pane.page, '#projects-status', 'Using project Q3 suppliers for this workbook');
    expect(await pane.page.evaluate(() => localStorage.getItem('climate.apiKey'))).toBe(projectKey);
    const settings = (await dump()).documentSettings;
    // Besides the project, only when Refresh all last brought the cells up to date: a time, no data.
    expect(settings).toEqual({
      'climate.project': { id: expect.any(String), name: 'Q3 suppliers' },
      'climate.cellsUpdatedAt': expect.any(Number),
    });
    expect(await text('#workbook-project')).toBe('This workbook uses project Q3 suppliers.');
    expect(await text('#connection-badge')).toContain('Q3 suppliers');

    // The new key works against the service.
    await openOnly('section-projects', 'section-connection');
    await (await button('Test connection')).click();
    await waitForText(pane.page, '#connection-status', 'the key works');
    // The switch, by keyboard and by pointer; its state is what a screen reader announces.
    const privateSwitch = await pane.ax.get('switch', 'Private performances');
    expect(await privateSwitch.state()).toMatchObject({ checked: 'false', disabled: false });
    await privateSwitch.locator.press('Space');
    await waitForText(pane.page, '#projects-status', 'Private performances on');
    expect((await privateSwitch.state()).checked).toBe('true');
    await privateSwitch.locator.click();
    await waitForText(pane.page, '#projects-status', 'Private performances off');
    expect((await privateSwitch.state()).checked).toBe('false');
    await shot('projects');
  });

  test('the keys are nowhere the workbook carries, nor in the console or the page text', async () => {
    const secrets = [SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY, projectKey, BAD_KEY];
    expect(await whereSecretsShow(pane, secrets)).toEqual(
      secrets.map((secret) => ({ secret, inWorkbook: false, inConsole: false, inPage: false })),
    );
    expect(Object.keys((await dump()).documentSettings).sort()).toEqual(['climate.cellsUpdatedAt', 'climate.project']);
    expect(await pane.watch.violations()).toEqual([]);
  });
});
