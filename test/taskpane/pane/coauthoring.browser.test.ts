/**
 * Two analysts in one workbook (real Chromium, the built pane twice, the sandbox over HTTP): each pane
 * has its own in-memory copy of the document settings and saveAsync writes the whole copy, as
 * Office.Settings does; both open the workbook before either accepts a match, then each accepts a
 * different one in Review matches. The document keeps both pairs: the second save does not overwrite
 * the first (the pane refreshes the settings before adding its pair).
 */
import { ACCEPTED_MATCHES_SETTING } from '../../../src/office/documentSettings';
import { MODERN_HOST } from '../../harness/hostProfiles';
import type { ShimSheet } from '../browser/excelShim';
import { openPanePage, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { sharedSettings } from '../browser/sharedSettings';
import { waitForText } from '../browser/waitForText';
import { seededSettings } from '../../harness/settingsSeed';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';

const suite = paneSuite({ organizations: 400, profilingSeconds: 3600 });

test('two panes over one workbook accept different matches, and the document keeps both', async () => {
  const near = suite.sandbox.population.nearNameCases().slice(0, 2);
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [['Supplier', 'Match'], ...near.map(({ name }, i) => [name, `=CLIMATE.MATCH($A${i + 2})`])],
    selection: { rowIndex: 1, columnIndex: 1, rowCount: near.length, columnCount: 1 },
    requirements: MODERN_HOST.requirements,
  };
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const document = sharedSettings();
  const open = () => openPanePage(suite.browser, suite.site.url, sheet, storage, { prepare: document.share });
  const [ana, ben] = [await open(), await open()];

  /** Reviews the selected MATCH cells and accepts the match of sheet row `row`. */
  const accept = async (pane: PanePage, row: number, name: string): Promise<void> => {
    await openSection(pane, 'section-review');
    await (await pane.ax.get('button', 'Review selection')).locator.click();
    await waitForText(pane.page, '#review-status', 'rows to review', 60_000);
    await pane.page.locator(`#review-list > li[data-row="${row}"] fluent-button[data-control="Accept"]`).click();
    await waitForText(pane.page, '#review-status', `Accepted: ${name} is`, 60_000);
  };
  await accept(ana, 2, near[0].name);
  await accept(ben, 3, near[1].name);

  expect(document.saved()[ACCEPTED_MATCHES_SETTING]).toEqual([
    { input: near[0].name, organization: near[0].organization.id },
    { input: near[1].name, organization: near[1].organization.id },
  ]);
  await ana.page.context().close();
  await ben.page.context().close();
}, 240_000);
