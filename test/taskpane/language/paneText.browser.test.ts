/**
 * The pane's own text in Office's display language, in real Chromium (the built pane, the sandbox
 * over HTTP, the Excel shim): with Office in German or Japanese, every static text of the page, its
 * headings, labels, buttons and what a screen reader hears (aria-labels, placeholders, the logo's
 * alt) is in that language, the document says its language, and the rooms' own lines (Test
 * connection's answer, Activity's counters, the empty projects list) speak it too. And the pane wears
 * Office's theme (Office.context.officeTheme) over the system's, without breaking a Windows contrast
 * theme.
 */
import { join } from 'node:path';
import { t } from '../../../src/i18n/translate';
import type { Language } from '../../../src/i18n/languages';
import { PROVIDER } from '../../../src/provider';
import { TRANSLATED_ATTRIBUTES } from '../../../src/taskpane/ui/paneText';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { screenshotFolder } from '../../browsers/screenshots';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from '../browser/excelShim';
import { oneCellSheet, openPanePage, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { BLACK } from '../ui/officeThemes';

const suite = paneSuite();

/** The pane on the test's sandbox with its project key saved (no first run), Office as `sheet` says. */
async function openPane(sheet: Partial<ShimSheet>): Promise<PanePage> {
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  return openPanePage(suite.browser, suite.site.url, { ...oneCellSheet(), ...sheet }, storage);
}

/** Every element of the page that names its message, with what it shows: its text, or an attribute. */
function marked(pane: PanePage): Promise<Array<{ key: string; shown: string; where: string }>> {
  return pane.page.evaluate(
    (attributes) => {
      const found: Array<{ key: string; shown: string; where: string }> = [];
      for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]'))
        found.push({ key: node.dataset.i18n!, shown: node.textContent ?? '', where: node.id || node.localName });
      for (const attribute of attributes)
        for (const node of document.querySelectorAll<HTMLElement>(`[data-i18n-${attribute}]`))
          found.push({
            key: node.getAttribute(`data-i18n-${attribute}`)!,
            shown: node.getAttribute(attribute) ?? '',
            where: `${node.id || node.localName} ${attribute}`,
          });
      return found;
    },
    TRANSLATED_ATTRIBUTES as unknown as string[],
  );
}

/**
 * The page's marked elements the rooms fill once mounted (the header badge, the workbook line, the
 * page of organizations): they hold the room's own words, checked by what the room says.
 */
const FILLED_BY_ROOMS = new Set(['connection-badge', 'workbook-project', 'org-page']);

describe.each([
  ['de-DE', 'de'],
  ['ja-JP', 'ja'],
] as Array<[string, Language]>)('Office in %s', (displayLanguage, language) => {
  const say = (key: Parameters<typeof t>[0], values?: Record<string, string | number>): string =>
    t(key, { provider: PROVIDER.name, ...values }, language);

  test('every static text of the page, and every label a screen reader reads, is in that language', async () => {
    const pane = await openPane({ displayLanguage });
    expect(await pane.page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await pane.page.title()).toBe(say('pane.title'));
    const shown = (await marked(pane)).filter(({ where }) => !FILLED_BY_ROOMS.has(where));
    expect(shown.length).toBeGreaterThan(90);
    expect(shown.filter(({ key, shown: text }) => text !== say(key as Parameters<typeof t>[0]))).toEqual([]);
    // What a screen reader announces: names come from the translated texts and attributes.
    await pane.ax.get('heading', say('pane.connection.heading'));
    await pane.ax.get('button', say('pane.connection.test'));
    await pane.ax.get('button', say('connection.showKey'));
    await pane.ax.get('textbox', say('pane.connection.apiKey'));
    await pane.ax.get('group', say('pane.connection.presets'));
    // The pane as the person first sees it, for docs/languages.md.
    await pane.page.screenshot({ path: join(screenshotFolder(), `pane-text-${language}.png`) });
    await openSection(pane, 'section-reference');
    await pane.ax.get('search', say('pane.reference.sbti'));
    await pane.ax.get('image', say('pane.footer.logo'));
    expect(await pane.page.locator('#provider-link').innerText()).toBe(PROVIDER.name);
    await pane.page.context().close();
  }, 60_000);

  test("the rooms' own lines speak it: Test connection's answer, Activity's counters, the projects list", async () => {
    const pane = await openPane({ displayLanguage });
    await (await pane.ax.get('button', say('pane.connection.test'))).locator.click();
    const origin = new URL(suite.sandbox.url).origin;
    await pane.page
      .locator('#connection-status')
      .filter({ hasText: say('connection.test.ok.sandbox', { origin }) })
      .waitFor();
    expect(await pane.page.locator('#connection-badge').innerText()).toBe(
      say('connection.service.sandbox', { origin }),
    );
    await openSection(pane, 'section-activity');
    expect(await pane.page.locator('#activity-counters dt').first().innerText()).toBe(say('activity.counter.requests'));
    expect(await pane.page.locator('#activity-errors dt').innerText()).toBe(say('activity.errors.none'));
    await openSection(pane, 'section-projects');
    expect(await pane.page.locator('#project-list').innerText()).toBe(say('projects.list.empty'));
    expect(await pane.page.locator('#workbook-project').innerText()).toBe(say('projects.workbook.none'));
    await pane.page.context().close();
  }, 60_000);
});

test('a language the add-in does not speak gets English', async () => {
  const pane = await openPane({ displayLanguage: 'pt-BR' });
  expect(await pane.page.evaluate(() => document.documentElement.lang)).toBe('en');
  await pane.ax.get('button', 'Test connection');
  await pane.ax.get('button', 'Show API key');
  await pane.page.context().close();
}, 60_000);

describe("Office's theme", () => {
  const looks = (pane: PanePage) =>
    pane.page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return {
        theme: document.documentElement.dataset.theme,
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: body.backgroundColor,
        text: getComputedStyle(document.querySelector('h1')!).color,
      };
    });

  test('Office dark on a light system: the pane is dark, on Office’s body colour', async () => {
    const pane = await openPane({ officeTheme: BLACK });
    expect(await looks(pane)).toEqual({
      theme: 'dark',
      scheme: 'dark',
      background: 'rgb(38, 38, 38)',
      text: 'rgb(255, 255, 255)', // Fluent's dark foreground
    });
    await pane.page.context().close();
  }, 60_000);

  test('no theme from Office (Excel on the web may leave it undefined): the system’s light, Fluent’s own colours', async () => {
    const pane = await openPane({});
    expect(await looks(pane)).toEqual({
      theme: 'light',
      scheme: 'light',
      background: 'rgb(250, 250, 250)', // Fluent's colorNeutralBackground2
      text: 'rgb(36, 36, 36)',
    });
    await pane.page.context().close();
  }, 60_000);

  test('in a Windows contrast theme the forced colours still rule: borders drawn in the theme’s text colour', async () => {
    const pane = await openPane({ officeTheme: BLACK });
    await pane.page.emulateMedia({ forcedColors: 'active' });
    const border = await pane.page.evaluate(() => getComputedStyle(document.querySelector('.section')!).borderTopStyle);
    expect(border).toBe('solid');
    await pane.page.context().close();
  }, 60_000);
});
