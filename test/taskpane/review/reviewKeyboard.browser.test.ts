/**
 * The match review by keyboard alone, in real Chromium (the BUILT pane, the sandbox over HTTP, the
 * Excel.run shim): after each action the focus lands where the next key press is meant to go, never on
 * the page's body (from where Tab starts again at the top of the pane). A busy button keeps the focus;
 * Refine puts it in its form's first field and Cancel back on that row's Refine; Go to row stays on its
 * button; Accept and Apply go on to the same row's control or the next row's, and to the list's heading
 * when no row is left; a pager button that turns disabled hands it to the other one.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

/** Four near names (verdict check, to review) among 22 exact ones: two pages of all rows. */
const NEAR = 4;
const EXACT = 22;

const suite = paneSuite({ organizations: 300, profilingSeconds: 3600 });
let page: Page;

/** The focused element as a person hears it: its accessible label, else its id. */
const focused = (): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? (element?.id || element?.localName || 'nothing');
  });
/** The rows the list shows now (1-based sheet rows). */
const listedRows = (): Promise<number[]> =>
  page.locator('#review-list > li[data-row]').evaluateAll((items) => items.map((li) => Number(li.dataset.row)));
/** A row's control, by its accessible label's start (`Accept Row 5`). */
const control = (label: string) => page.locator(`#review-list fluent-button[aria-label^="${label} ("]`);
/** The label of a listed row's control: `Accept Row 5 (Name)`. */
const labelOf = async (label: string): Promise<string> => (await control(label).getAttribute('aria-label'))!;

beforeAll(async () => {
  const population = suite.sandbox.population;
  const near = population.nearNameCases().slice(0, NEAR);
  const exact = population.organizations
    .filter((o) => o.parentId === null && o.profile !== null && !near.some((n) => n.organization.id === o.id))
    .slice(0, EXACT);
  const names = [
    ...exact.slice(0, 2).map((o) => o.name),
    ...near.map((n) => n.name),
    ...exact.slice(2).map((o) => o.name),
  ];
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  ({ page } = await openPanePage(
    suite.browser,
    suite.site.url,
    {
      name: 'Suppliers',
      rows: [['Supplier'], ...names.map((name) => [name])],
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
      requirements: PLAIN_HOST.requirements,
    },
    storage,
  ));
  await page.evaluate(() => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details.section'))
      details.open = details.id === 'section-score' || details.id === 'section-review';
  });
}, 120_000);

test('a button pressed with the keyboard still has the focus once its work is done', async () => {
  await page.locator('#score-use-selection').focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#score-selection', `(${NEAR + EXACT} rows)`);
  expect(await focused()).toBe('score-use-selection');
  await page.locator('#score-run').focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#score-progress-text', `${NEAR + EXACT} of ${NEAR + EXACT} rows settled`, 60_000);
  await page.waitForFunction(() => !document.querySelector('#score-run[aria-busy="true"]'));
  expect(await focused()).toBe('score-run');
  await page.locator('#review-scored').focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-status', `${NEAR} of ${NEAR + EXACT} rows to review.`);
  expect(await focused()).toBe('review-scored');
  expect(await listedRows()).toEqual([5, 6, 7, 8]);
});

test("Refine puts the focus in its form's first field, Cancel back on the row's Refine", async () => {
  const refine = await labelOf('Refine Row 5');
  await control('Refine Row 5').focus();
  await page.keyboard.press('Enter');
  await page.locator('#refine-website').waitFor();
  expect(await focused()).toBe('refine-website');
  for (const next of ['refine-country', 'refine-identifier']) {
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(next);
  }
  await page.locator('form[aria-label="Refine Row 5"] fluent-button', { hasText: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('#refine-website').waitFor({ state: 'detached' });
  expect(await focused()).toBe(refine);
});

test('Go to row keeps the focus on its button', async () => {
  const goTo = await labelOf('Go to row Row 6');
  await control('Go to row Row 6').focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-status', 'Row 6 selected.');
  expect(await focused()).toBe(goTo);
});

test("Apply leaves the focus on the row's Refine, or on the next row's when the row left the list", async () => {
  await control('Refine Row 5').focus();
  await page.keyboard.press('Enter');
  await page.locator('#refine-country').locator('input').fill('U$A');
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-status', 'Not a country');
  expect(await focused()).toBe('refine-country'); // refused: the form stays, and so does the focus
  await page.locator('#refine-country').locator('input').fill('');
  await page.locator('#refine-website').locator('input').fill('example.com');
  await page.locator('form[aria-label="Refine Row 5"] fluent-button', { hasText: 'Apply' }).focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-status', 'Row 5: 3 formulas refined.');
  // Row 5 was the first listed: it is still, or row 6 took its place.
  const [first] = await listedRows();
  expect([5, 6]).toContain(first);
  expect(await focused()).toBe(await labelOf(`Refine Row ${first}`));
});

test("Accept goes on to the next row's Accept, and to the list's heading once no row is left", async () => {
  await control(`Accept Row ${(await listedRows())[0]}`).focus();
  for (let rows = await listedRows(); rows.length > 0;) {
    expect(await focused()).toBe(await labelOf(`Accept Row ${rows[0]}`));
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (count) => document.querySelectorAll('#review-list > li[data-row]').length === count,
      rows.length - 1,
    );
    rows = await listedRows();
  }
  expect(await focused()).toBe('review-list-heading');
  expect(await page.locator('#review-list').innerText()).toBe('No rows with this verdict.');
});

test('a pager button that turns disabled hands the focus to the other one', async () => {
  await page.locator('#review-filter').selectOption('all');
  await page.locator('#review-filter').dispatchEvent('change');
  await page.locator('#review-next').focus();
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-page', 'Page 2 of 2');
  expect(await focused()).toBe('review-prev');
  await page.keyboard.press('Enter');
  await waitForText(page, '#review-page', 'Page 1 of 2');
  expect(await focused()).toBe('review-next');
});
