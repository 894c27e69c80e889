/**
 * Issue 53's scenario as a new user would try it, in real Chromium (the BUILT pane, the Excel.run shim,
 * the sandbox over HTTP): score 500 suppliers with spend (Score a column, SBTi flag), build the
 * summary, let 90 days pass on the sandbox's clock (POST /__sandbox/clock), ask for the SBTi changes
 * of the sheet's suppliers (exactly the commitments the sandbox removed among them, and none of the
 * companies off the sheet), then Refresh all (every organization asked again, the workbook's record of
 * its refresh written). What issue 53 adds later (the Changes sheet, the summary's history) is asserted
 * by the tests of those parts; this one holds the parts that have landed.
 */
import { CELLS_UPDATED_SETTING, SUMMARY_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { startSandbox } from '../../../tools/sandbox/server/server';
import type { WorldChange } from '../../../tools/sandbox/world/world';
import { activateSheet, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const ROWS = 500;
const DAY_SECONDS = 86_400;
const SANDBOX = { organizations: 2_000, seed: 1 } as const;
type SbtiWorldChange = Extract<WorldChange, { kind: 'sbti' }>;
const sbti = (changes: readonly WorldChange[]): SbtiWorldChange[] =>
  changes.filter((c): c is SbtiWorldChange => c.kind === 'sbti');

const suite = paneSuite({ ...SANDBOX, profilingSeconds: 0 });
let pane: PanePage;
/** The commitments the 90 days remove among the sheet's suppliers, and among the companies off it. */
let removedOnSheet: SbtiWorldChange[] = [];
let removedOffSheet: SbtiWorldChange[] = [];

beforeAll(async () => {
  // A twin of the sandbox (same seed and size) foresees the 90 days, so that the sheet holds some of
  // the suppliers they change and leaves others off.
  const twin = await startSandbox({ port: 0, quiet: true, ...SANDBOX });
  const removed = sbti(twin.advanceClock(90 * DAY_SECONDS)).filter((c) => c.after === 'Commitment removed');
  await twin.close();
  expect(removed.length).toBeGreaterThanOrEqual(4);
  removedOffSheet = removed.filter((_, i) => i % 3 === 2);
  removedOnSheet = removed.filter((_, i) => i % 3 !== 2);
  const off = new Set(removedOffSheet.map((c) => c.organizationId));
  const on = new Set(removedOnSheet.map((c) => c.organizationId));
  const owners = suite.sandbox.population.organizations.filter((o) => o.profile !== null && !off.has(o.id));
  const sheetOrgs = [
    ...owners.filter((o) => on.has(o.id)),
    ...owners.filter((o) => !on.has(o.id)).slice(0, ROWS - on.size),
  ];
  pane = await suite.openSheet({
    name: 'Suppliers',
    rows: [['Supplier', 'Annual spend'], ...sheetOrgs.map((o, i) => [o.name, 1_000 * ((i % 37) + 1)])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
  });
}, 180_000);

test('500 suppliers scored with spend, summarised; 90 days on the SBTi list names exactly the removed commitments; Refresh all', async () => {
  const button = async (name: string) => (await pane.ax.get('button', name)).locator;
  await (await button('Use selection')).click();
  await waitForText(pane.page, '#score-selection', `(${ROWS} rows)`);
  expect(await pane.page.locator('#score-spend').inputValue()).toBe('1');
  await pane.page.evaluate(() => ((document.getElementById('output-flag-sbti') as HTMLInputElement).checked = true));
  await (await button('Write formulas')).click();
  await waitForText(pane.page, '#score-progress-text', `${ROWS} of ${ROWS} rows settled`, 120_000);

  await openSection(pane, 'section-summary');
  await (await button('Build summary')).click();
  await waitForText(pane.page, '#summary-status', `Built "Climate summary" from ${ROWS} rows of Suppliers`, 60_000);
  const summarised = await pane.dump();
  expect(summarised.sheets.map((sheet) => sheet.name)).toEqual(['Suppliers', 'Climate summary']);
  expect(summarised.documentSettings[SUMMARY_SHEETS_SETTING]).toHaveLength(1);

  // 90 days pass at the service.
  const clock = await fetch(`${suite.sandbox.url}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: 90 * DAY_SECONDS }),
  });
  expect(clock.status).toBe(200);

  // The sheet is the summary's now: back to the suppliers, as the analyst clicks their tab.
  await activateSheet(pane.page, 'Suppliers');
  await openSection(pane, 'section-reference');
  await (await button('Show changes')).click();
  await waitForText(pane.page, '#reference-status', "of this sheet's", 120_000);
  const removedShown = (await pane.page.locator('#sbti-changes > li').allInnerTexts())
    .map((item) => item.split('\n')[0])
    .filter((line) => line.endsWith(': Commitment removed'))
    .map((line) => line.replace(/: Commitment removed$/, ''));
  expect(removedShown.sort()).toEqual(removedOnSheet.map((c) => c.name).sort());
  const status = await pane.page.locator('#reference-status').innerText();
  expect(status).toContain(`of this sheet's ${ROWS} suppliers`);
  expect(status).toContain(`${removedOnSheet.length} commitment`);

  await openSection(pane, 'section-activity');
  await (await button('Refresh all')).click();
  await waitForText(pane.page, '#activity-status', 'Refreshed', 120_000);
  expect((await pane.dump()).documentSettings[CELLS_UPDATED_SETTING]).toEqual(expect.any(Number));
}, 600_000);
