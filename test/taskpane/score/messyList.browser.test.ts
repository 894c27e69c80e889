/**
 * A supplier list as it really arrives (real Chromium, the built pane, the sandbox over HTTP): names in
 * a CSV's quotes, in full-width letters, with a zero-width space from a web page; `N/A` and `TBD` where
 * a name is missing; a contact column mixing the suppliers' own addresses with Gmail addresses and a
 * LinkedIn page; countries written as lists write them. Score a column proposes the contact and
 * country columns, writes formulas only for the rows that name a supplier, and every one of those is
 * scored: none is an error or left profiling, and nothing is registered (an organization the sandbox
 * does not know, such as `N/A` sent as a name, would have been). That each is found as its own
 * organization, not the host of its contact's address, is pastedInputs.test.ts's.
 */
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import type { SandboxOrganization } from '../../../tools/sandbox/world/population';
import { REGION_SPECS } from '../../../tools/sandbox/world/vocabulary';
import { seededSettings } from '../../harness/settingsSeed';
import { openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 300, profilingSeconds: 3600, erroredShare: 0 });

/** `Acme 2` -> `Ａｃｍｅ ２`: as an East Asian input method types it. */
const fullWidth = (text: string): string =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const hostOf = (org: SandboxOrganization): string => new URL(org.website!).host.replace(/^www\./, '');
const countryOf = (org: SandboxOrganization): string =>
  REGION_SPECS.find((region) => region.code === org.hqRegion)!.country;

test('Score a column on a messy list: formulas for the rows that name a supplier, each found, nothing registered', async () => {
  const { sandbox } = suite;
  // Suppliers the sandbox scores, each the only organization of its name.
  const known = sandbox.population.organizations
    .filter((org) => org.parentId === null && org.website !== null && org.hqRegion !== null)
    .filter((org) => sandbox.population.record(org).score !== null)
    .filter((org) => sandbox.recordFor({ name: org.name })?.id === sandbox.population.record(org).id)
    .slice(0, 4);
  expect(known).toHaveLength(4);
  const [a, b, c, d] = known;
  const rows: Array<Array<string | number>> = [
    ['Supplier', 'Contact e-mail', 'Country', 'Spend'],
    [`"${a.name}"`, `buyer@${hostOf(a)}`, countryOf(a), 100],
    [fullWidth(b.name), 'b.orders@gmail.com', b.hqRegion!, 200],
    ['N/A', '', '', 300],
    [c.name, `https://www.${hostOf(c)}/about`, `${countryOf(c)} (${c.hqRegion})`, 400],
    ['TBD', 'https://www.linkedin.com/company/supplier-e/', 'US', 500],
    [`\u200b${d.name}`, `info@${hostOf(d)}`, '', 600],
  ];
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const pane = await openPanePage(
    suite.browser,
    suite.site.url,
    { name: 'Suppliers', rows, selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 } },
    storage,
  );
  const registrationsBefore = sandbox.stats().registrations;
  await pane.page.evaluate(() => ((document.getElementById('section-score') as HTMLDetailsElement).open = true));
  await (await pane.ax.get('button', 'Use selection')).locator.click();
  await waitForText(pane.page, '#score-selection', 'Names: Suppliers!A2:A7 (6 rows).');
  expect(await pane.page.getByLabel('Website column (optional)').inputValue()).toBe('1');
  expect(await pane.page.getByLabel('Country column (optional)').inputValue()).toBe('2');
  await (await pane.ax.get('button', 'Write formulas')).locator.click();
  await waitForText(pane.page, '#score-progress-text', '4 of 4 rows settled', 30_000);

  const book = await pane.dump();
  // A row was inserted above the header for the attribution: the suppliers are rows 3 to 8.
  const score = (row: number) => book.cells.find((cell) => cell.row === row && cell.column === 4)?.formula;
  expect([2, 3, 4, 5, 6, 7].map(score)).toEqual([
    '=CLIMATE.SCORE($A3,$B3,$C3)',
    '=CLIMATE.SCORE($A4,$B4,$C4)',
    undefined, // N/A
    '=CLIMATE.SCORE($A6,$B6,$C6)',
    undefined, // TBD
    '=CLIMATE.SCORE($A8,$B8,$C8)',
  ]);
  const summary = (await pane.page.locator('#score-summary').innerText()).replace(/\s+/g, ' ');
  expect(summary).toBe('Scored 4 Still profiling 0 Not found (no value) 0 Errors 0');
  expect(sandbox.stats().registrations).toBe(registrationsBefore);
  await pane.page.context().close();
}, 120_000);
