/**
 * Accepted matches that came with the workbook (real Chromium, the built pane, the sandbox over HTTP,
 * the Excel.run shim). A workbook's `climate.acceptedMatches` setting is text anyone can write into a
 * file: a pair this person did not accept in this runtime is evidence, not proof. The review lists such
 * a row as "accepted with the file" among the rows to review, and Clear removes the pair from the
 * workbook, after which the row is judged by its names again. A pair accepted here stays `accepted`.
 */
import { ACCEPTED_MATCHES_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import type { ShimSheet } from '../browser/excelShim';
import { openPanePage, openSection } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 200, profilingSeconds: 3600 });

test('a pair that came with the file is listed to review, marked so, and Clear takes it out of the workbook', async () => {
  const [near] = suite.sandbox.population.nearNameCases();
  const exact = suite.sandbox.population.organizations.find(
    (o) => o.parentId === null && o.profile !== null && o.id !== near.organization.id,
  )!;
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [
      ['Supplier', 'Score'],
      [near.name, '=CLIMATE.SCORE(A2)'],
      [exact.name, '=CLIMATE.SCORE(A3)'],
    ],
    selection: { rowIndex: 1, columnIndex: 1, rowCount: 2, columnCount: 1 },
    requirements: PLAIN_HOST.requirements,
    // As a sent workbook carries it: the near name "accepted" as the organization it answers with.
    documentSettings: { [ACCEPTED_MATCHES_SETTING]: [{ input: near.name, organization: near.organization.id }] },
  };
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const pane = await openPanePage(suite.browser, suite.site.url, sheet, storage);
  const { page, ax } = pane;
  await openSection(pane, 'section-review');
  await (await ax.get('button', 'Review selection')).locator.click();
  await waitForText(page, '#review-status', 'Suppliers!B2:B3: 1 of 2 rows to review.');
  const listed = page.locator('#review-list > li[data-row]');
  expect(await listed.evaluateAll((items) => items.map((li) => li.getAttribute('data-row')))).toEqual(['2']);
  expect(await listed.first().innerText()).toContain('accepted with the file');

  await (await ax.get('button', `Clear Row 2 (${near.name})`)).locator.click();
  await waitForText(
    page,
    '#review-status',
    `Cleared: ${near.name} is no longer accepted as ${near.organization.name} in this workbook.`,
  );
  expect((await pane.dump()).documentSettings[ACCEPTED_MATCHES_SETTING]).toEqual([]);
  expect(await listed.first().getAttribute('data-verdict')).toBe('check');

  // Accepted here, by this person: settled, and no longer listed.
  await (await ax.get('button', `Accept Row 2 (${near.name})`)).locator.click();
  await waitForText(page, '#review-status', `Accepted: ${near.name} is ${near.organization.name} in this workbook.`);
  expect(await page.locator('#review-list > li[data-row]').count()).toBe(0);
  await page.context().close();
}, 90_000);
