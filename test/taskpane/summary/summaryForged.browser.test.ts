/**
 * A workbook's record of the sheets the Climate summary created (`climate.summarySheets`) is only a
 * claim: whoever sent the file can list any sheet's id in it. Build summary refreshes a listed sheet only
 * when the sheet still looks like the summary's own (its top: title, block line, source line, "Built");
 * a sheet of the person's own of that name, even titled "Climate summary", is left untouched and the
 * pane asks for another name (real Chromium, the built pane, the sandbox over HTTP); a name Excel would
 * refuse (History) is refused before anything is written.
 */
import { SUMMARY_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { SANDBOX_PROJECT_KEY } from '../../../tools/sandbox/server/server';
import { seededSettings } from '../../harness/settingsSeed';
import { openPanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const suite = paneSuite({ organizations: 50, profilingSeconds: 3600 });
/** The notes the person keeps on a sheet of their own named like the summary's. */
const NOTES = [['Climate summary'], ['Suppliers to call back'], ['keep me']];

test('a forged climate.summarySheets does not make Build summary clear a sheet it did not create', async () => {
  const names = suite.sandbox.population.organizations.slice(0, 5).map((o) => o.name);
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const pane = await openPanePage(
    suite.browser,
    suite.site.url,
    {
      name: 'Vendors',
      rows: [['Vendor', 'Climate score'], ...names.map((n, i) => [n, `=CLIMATE.SCORE($A${i + 2})`])],
      selection: { rowIndex: 1, columnIndex: 1, rowCount: 5, columnCount: 1 },
      requirements: { SharedRuntime: '1.1', CustomFunctionsRuntime: '1.1', ExcelApi: '1.8' },
      otherSheets: [{ name: 'Climate summary', rows: NOTES }],
    },
    storage,
  );
  // The file claims the notes sheet, by the id Excel gave it, as the summary's.
  const notesId = (await pane.dump()).sheets.find((sheet) => sheet.name === 'Climate summary')!.id;
  await pane.page.evaluate(([key, id]) => Office.context.document.settings.set(key, [id]), [
    SUMMARY_SHEETS_SETTING,
    notesId,
  ] as const);

  await pane.page.evaluate(() => ((document.getElementById('section-summary') as HTMLDetailsElement).open = true));
  await (await pane.ax.get('button', 'Build summary')).locator.click();
  await waitForText(
    pane.page,
    '#summary-status',
    'A sheet called "Climate summary" already exists and was not made by the Climate summary: choose another name.',
  );
  const notes = (await pane.dump()).sheets.find((sheet) => sheet.name === 'Climate summary')!;
  expect(notes.cells.map((cell) => cell.value)).toEqual(NOTES.flat());
  expect(notes.charts).toEqual([]);

  // Another name, as asked: one Excel keeps for itself is refused before anything is written.
  await pane.page.locator('#summary-sheet-name').evaluate((element) => {
    (element as HTMLInputElement).value = 'history';
  });
  await (await pane.ax.get('button', 'Build summary')).locator.click();
  await waitForText(pane.page, '#summary-status', '"history" cannot name a sheet: Excel keeps History for itself.');
  expect((await pane.dump()).sheets.map((sheet) => sheet.name)).toEqual(['Vendors', 'Climate summary']);
  await pane.page.context().close();
}, 60_000);
