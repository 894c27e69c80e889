/**
 * The pane in German by keyboard alone, in real Chromium (the BUILT pane, the sandbox over HTTP, the
 * Excel.run shim): Tab reaches each control of the first run, Score a column, the match review and the
 * summary in the page's order; Enter and Space press them; Escape closes the welcome and a row's
 * Refine form, the focus going back to the row's Refine. What the pane says on the way is in German,
 * the formulas it writes are CLIMATE.* as in English, nothing scrolls sideways at 320 pixels (German
 * has the longest words), and the pane in German and Japanese is photographed for docs/languages.md.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SANDBOX_BASE_URL } from '../../../src/service/contract';
import { t } from '../../../src/i18n/translate';
import SAMPLE_SUPPLIERS from '../../../src/taskpane/firstRun/sampleSuppliers.json';
import { screenshotFolder } from '../../browsers/screenshots';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import type { WorkbookDump } from '../browser/excelShim';
import { openPanePage, type PanePage } from '../browser/panePage';
import { focused, tabTo } from '../browser/keyboard';
import { paneSuite } from '../browser/paneSuite';
import { messagePattern } from './messageText';

const SUPPLIERS = SAMPLE_SUPPLIERS.length;
const suite = paneSuite({ organizations: SUPPLIERS });

/**
 * A fresh install in Office's display language `tag`: nothing stored, so the pane talks to the sandbox's
 * default address with its demo key, as on a new user's machine; that address is routed to the test's
 * sandbox (tests never bind the default port).
 */
async function openFresh(tag: string): Promise<PanePage> {
  const sandbox = suite.sandbox.url;
  const prepare = async (page: Page): Promise<void> => {
    await page.route(`${SANDBOX_BASE_URL}/**`, async (route) => {
      const url = route.request().url().replace(SANDBOX_BASE_URL, sandbox);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
  };
  return openPanePage(
    suite.browser,
    suite.site.url,
    {
      name: 'Suppliers',
      rows: [['Supplier']],
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
      requirements: PLAIN_HOST.requirements,
      displayLanguage: tag,
    },
    {},
    { prepare },
  );
}

/** Waits until the element's text matches `expected`; a timeout says what it shows instead. */
async function waitForMatch(page: Page, selector: string, expected: RegExp): Promise<void> {
  try {
    await page.locator(selector).filter({ hasText: expected }).waitFor({ timeout: 30_000 });
  } catch {
    throw new Error(`${selector} never matched ${expected}; it shows "${await page.locator(selector).innerText()}"`);
  }
}

/** Waits until a status line has settled (not busy) and returns its tone. */
async function settledTone(page: Page, selector: string): Promise<string> {
  await page.locator(`${selector}:is([data-tone="success"], [data-tone="info"], [data-tone="error"])`).waitFor();
  return (await page.locator(selector).getAttribute('data-tone')) ?? '';
}

const sheetCells = (dump: WorkbookDump, name: string) => dump.sheets.find((sheet) => sheet.name === name)?.cells ?? [];

test('in German, the first run, Score a column, the match review and the summary by keyboard alone', async () => {
  const { page, dump } = await openFresh('de-DE');
  const de = (key: Parameters<typeof t>[0], values?: Parameters<typeof t>[1]) => t(key, values, 'de');

  // The first run: Tab from the top of the page reaches "Try it"; Enter writes and scores the sample.
  await tabTo(page, 'welcome-try', 20);
  await page.keyboard.press('Enter');
  await waitForMatch(
    page,
    '#score-progress-text',
    messagePattern('score.progress', 'de', { settled: SUPPLIERS, count: SUPPLIERS }),
  );
  await page.locator('#welcome-try:not([aria-busy])').waitFor();
  expect(await focused(page)).toBe('welcome-try'); // a pressed button keeps the focus
  // Every sample supplier scored: the run's counts, labelled in German.
  const counts = await page.locator('#score-summary').innerText();
  expect(counts).toContain(`${de('common.outcome.scored')}\n${SUPPLIERS}`);
  const sampleSheet = (await dump()).sheets.at(-1)!.name;

  // Score a column: Use selection (Enter), tick Rank (Space), Write formulas (Enter): one more column, in German.
  await tabTo(page, 'score-use-selection');
  await page.keyboard.press('Enter');
  await waitForMatch(page, '#score-selection', messagePattern('score.names', 'de'));
  await tabTo(page, 'score-outputs-ranks summary');
  await page.keyboard.press('Enter');
  await tabTo(page, 'output-profile-rank');
  await page.keyboard.press('Space');
  expect(await page.locator('#output-profile-rank').evaluate((box) => (box as HTMLInputElement).checked)).toBe(true);
  await tabTo(page, 'score-run');
  await page.keyboard.press('Enter');
  await waitForMatch(page, '#score-selection', messagePattern('score.wrote', 'de'));
  const cells = sheetCells(await dump(), sampleSheet);
  expect(cells.some((cell) => cell.value === de('sheet.header.rank'))).toBe(true);
  const ranks = cells.filter((cell) => cell.formula?.startsWith('=CLIMATE.PROFILE('));
  expect(ranks.length).toBeGreaterThan(0);
  for (const rank of ranks) expect(rank.formula).toMatch(/^=CLIMATE\.PROFILE\(\$A\d+,"rank"\)$/);

  // The match review: Enter opens its section, Space reads the scored block; End picks "All rows".
  await tabTo(page, 'section-review summary');
  await page.keyboard.press('Enter');
  await tabTo(page, 'review-scored');
  await page.keyboard.press('Space');
  await waitForMatch(page, '#review-status', messagePattern('review.toReview', 'de'));
  await tabTo(page, 'review-filter');
  await page.keyboard.press('End');
  await waitForMatch(page, '#review-filter', messagePattern('review.filter.all', 'de'));
  expect(await page.locator('#review-list > li[data-row]').count()).toBeGreaterThan(0);
  // A row's Refine: Enter opens its form with the focus in its first field, Escape closes it and
  // gives the focus back to that Refine, which a screen reader names in German.
  await tabTo(page, 'Refine');
  const refine = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  expect(refine.startsWith(`${de('review.control.refine')}: ${de('review.row', { row: '3' })}`)).toBe(true);
  await page.keyboard.press('Enter');
  await page.locator('#refine-website').waitFor();
  expect(await focused(page)).toBe('refine-website');
  await page.keyboard.press('Escape');
  await page.locator('#refine-website').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(refine);

  // The summary: Enter opens its section and builds it over the scored block.
  await tabTo(page, 'section-summary summary', 200);
  await page.keyboard.press('Enter');
  await tabTo(page, 'summary-run');
  await page.keyboard.press('Enter');
  expect(await settledTone(page, '#summary-status')).not.toBe('error');
  const book = await dump();
  expect(book.sheets).toHaveLength(3);
  // Whatever the language, the only custom functions the workbook calls are CLIMATE.*.
  const namespaces = book.sheets.flatMap((sheet) =>
    sheet.cells.flatMap((cell) =>
      [...(cell.formula ?? '').matchAll(/\b([A-Za-z_]\w*)\.[A-Za-z_]\w*\s*\(/g)].map((m) => m[1]),
    ),
  );
  expect(new Set(namespaces)).toEqual(new Set(['CLIMATE']));
  await page.context().close();
}, 180_000);

test('Escape on the welcome, in German, dismisses it and leaves the focus in the pane', async () => {
  const { page } = await openFresh('de-DE');
  await tabTo(page, 'welcome-key', 20);
  await page.keyboard.press('Escape');
  expect(await page.locator('#section-welcome').isVisible()).toBe(false);
  expect(await focused(page)).not.toBe('body');
  await page.context().close();
}, 60_000);

test.each([
  ['de-DE', 'pane-de.png'],
  ['ja-JP', 'pane-ja.png'],
])(
  'in %s after the sample run: every section open, nothing scrolls sideways at 320 px; photographed',
  async (tag, file) => {
    const { page } = await openFresh(tag);
    await page.locator('#welcome-try').click();
    await page.locator('#score-summary:not([hidden])').waitFor({ timeout: 30_000 });
    await page.locator('#welcome-try:not([aria-busy])').waitFor();
    await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
    await page.setViewportSize({ width: 320, height: 900 });
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .map((element) => `${element.localName}#${element.id} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      return { scroll: root.scrollWidth - root.clientWidth, wide: wide.slice(0, 5) };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });
    // Tall enough that the pane's footer (the provider's line, held at the bottom) is below the section.
    await page.setViewportSize({ width: 360, height: 2000 });
    await page.locator('#section-score').screenshot({ path: join(screenshotFolder(), file) });
    await page.context().close();
  },
  90_000,
);
