/**
 * SBTi changes for the sheet's suppliers in real Chromium: the BUILT pane over the Excel.run shim, the
 * sandbox over HTTP. A sheet scored in the card layout (CLIMATE.ORG cards with their SBTi dot field; one
 * supplier named by ISIN with CLIMATE.FLAG(…, "sbti"), one with only a score) and refreshed today (the
 * workbook's record of its last refresh), then 90 days pass on the sandbox's clock (POST /__sandbox/clock):
 * the list names exactly the sheet's suppliers whose commitment the sandbox removed in that time, found
 * by name (the dataset writes some names its own way) or by the ISIN the sheet names one by, as
 * "Commitment removed", tells the targets set apart, and leaves out every company not on the sheet.
 * After it, the suppliers without a change: how many the cards show with an SBTi commitment or targets,
 * how many not in the list (a few by name), and the one the sheet shows no flag for as unknown.
 * Its picture (docs/pane.md) is taken here: UPDATE_SCREENSHOTS=1 rewrites docs/screenshots/sbti-sheet-changes.png.
 */
import { join } from 'path';
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import { CELLS_UPDATED_SETTING } from '../../../src/office/documentSettings';
import { startSandbox } from '../../../tools/sandbox/server/server';
import type { WorldChange } from '../../../tools/sandbox/world/world';
import { screenshotFolder } from '../../browsers/screenshots';
import { hostProfile } from '../../harness/hostProfiles';
import { cardEntities } from '../browser/cardEntities';
import type { ShimSheet } from '../browser/excelShim';
import { PANE_WIDTH, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';

const DAY_SECONDS = 86_400;
type SbtiChange = Extract<WorldChange, { kind: 'sbti' }>;
const sbti = (changes: readonly WorldChange[]): SbtiChange[] =>
  changes.filter((c): c is SbtiChange => c.kind === 'sbti');
const suite = paneSuite({ organizations: 2_000, profilingSeconds: 0, seed: 1 });

let pane: PanePage;
/** The world's SBTi outcomes in the 90 days, by organization. */
let removed: SbtiChange[] = [];
let targetsSet: SbtiChange[] = [];
/** On the sheet: by name, by ISIN; and the removals left off it. */
let byName: SbtiChange[] = [];
let byIsin: SbtiChange;
let offSheet: SbtiChange[] = [];
/** Suppliers the 90 days leave alone: some in the SBTi list with a commitment or targets, more not in it. */
let quietIn: string[] = [];
let quietOut: string[] = [];
/** A supplier the 90 days leave alone whose row shows only a score: no SBTi flag to read. */
let flagless: string;

beforeAll(async () => {
  // What the 90 days will change, read from a twin of the sandbox (same seed and size): the sheet is
  // written before the days pass, as an analyst's is.
  const twin = await startSandbox({ port: 0, quiet: true, organizations: 2_000, seed: 1 });
  const foreseen = twin.advanceClock(90 * DAY_SECONDS);
  await twin.close();
  removed = sbti(foreseen).filter((c) => c.after === 'Commitment removed');
  targetsSet = sbti(foreseen).filter((c) => c.after === 'Targets set');
  expect(removed.length).toBeGreaterThanOrEqual(4);
  expect(targetsSet.length).toBeGreaterThanOrEqual(1);
  [byIsin, ...byName] = removed.slice(0, -2);
  offSheet = removed.slice(-2);
  const population = suite.sandbox.population;
  const changed = new Set(foreseen.map((c) => c.organizationId));
  const quiet = population.organizations.filter((o) => o.profile !== null && !changed.has(o.id));
  quietIn = quiet
    .filter((o) => o.profile!.initiatives.sbti)
    .slice(0, 3)
    .map((o) => o.name);
  quietOut = quiet
    .filter((o) => !o.profile!.initiatives.sbti)
    .slice(0, 27)
    .map((o) => o.name);
  flagless = quiet.filter((o) => !o.profile!.initiatives.sbti)[27].name;
  expect([quietIn.length, quietOut.length]).toEqual([3, 27]);
  const isin = population.organization(byIsin.organizationId)!.isin!;
  const carded = [...byName.map((c) => c.name), targetsSet[0].name, ...quietIn, ...quietOut];
  const names = [...carded, `isin:${isin}`, flagless];
  // What each row's formulas are (column B, C): written as Score a column leaves them, once the sheet is open.
  const formulas = [
    ...carded.map((_, i) => [`=CLIMATE.ORG(A${i + 2})`, `=B${i + 2}.SBTi`]),
    [`=CLIMATE.FLAG(A${carded.length + 2},"sbti")`, ''],
    [`=CLIMATE.SCORE(A${carded.length + 3})`, ''],
  ];
  const sheet: ShimSheet = {
    name: 'Suppliers',
    rows: [['Supplier', 'Organization', 'SBTi'], ...names.map((name) => [name])],
    selection: { rowIndex: 1, columnIndex: 0, rowCount: names.length, columnCount: 3 },
    // Cards as CLIMATE.ORG shows them on a host with entity values (ExcelApi 1.16: valuesAsJson).
    requirements: hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16').requirements,
    entities: cardEntities(population, carded),
    // Scored and refreshed today: the workbook's record of its last refresh.
    documentSettings: { [CELLS_UPDATED_SETTING]: Date.now() },
  };
  pane = await suite.openSheet(sheet);
  await pane.page.evaluate(async (rows) => {
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Suppliers').getRangeByIndexes(1, 1, rows.length, 2).formulas = rows;
      await context.sync();
    });
  }, formulas);
  const clock = await fetch(`${suite.sandbox.url}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: 90 * DAY_SECONDS }),
  });
  expect(clock.status).toBe(200);
  // The sandbox moved as its twin foresaw.
  expect(sbti(suite.sandbox.worldChanges())).toEqual(
    expect.arrayContaining(
      [...removed, ...targetsSet].map((c) =>
        expect.objectContaining({ organizationId: c.organizationId, after: c.after }),
      ),
    ),
  );
}, 180_000);

test('90 days on: the list names exactly the removed commitments of the sheet’s suppliers, and the targets set apart', async () => {
  await pane.page.locator('#section-reference summary').click();
  await (await pane.ax.get('button', 'Show changes')).locator.click();
  await waitForText(pane.page, '#reference-status', "of this sheet's", 60_000);
  const items = await pane.page.locator('#sbti-changes > li').allInnerTexts();
  const headline = (item: string) => item.split('\n')[0];
  const isinSupplier = `isin:${suite.sandbox.population.organization(byIsin.organizationId)!.isin}`.toUpperCase();
  const removedShown = items.map(headline).filter((line) => line.endsWith(': Commitment removed'));
  expect(removedShown.map((line) => line.replace(/: Commitment removed$/, '').toUpperCase()).sort()).toEqual(
    [...byName.map((c) => c.name.toUpperCase()), isinSupplier.replace(/^ISIN:/, '')].sort(),
  );
  // The one the sheet names by ISIN was matched by it.
  expect(items.find((item) => item.toUpperCase().includes(isinSupplier.replace(/^ISIN:/, '')))).toContain('(by ISIN)');
  // Targets set is its own outcome; no removal is read as "no data" or left without its status.
  expect(items.map(headline)).toContain(`${targetsSet[0].name}: Targets set`);
  expect(items.join('\n')).not.toMatch(/no data|—/i);
  // Nothing of a company the sheet does not name.
  for (const c of offSheet) expect(items.join('\n').toUpperCase()).not.toContain(c.name.toUpperCase());
  const status = await pane.page.locator('#reference-status').innerText();
  expect(status).toContain(`${byName.length + 1} commitment`);
  const suppliers = byName.length + 2 + quietIn.length + quietOut.length + 1;
  expect(status).toContain(`of this sheet's ${suppliers} suppliers`);
  // Those without a change: the cards' SBTi flag tells the ones in the list from the ones not in it,
  // a few of those by name as the sheet names them; the row with no flag is unknown, never guessed.
  const list = (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items);
  const label = (name: string) => parseOrganization(name).text;
  expect(await pane.page.locator('#sbti-unchanged').innerText()).toBe(
    `No change for ${quietIn.length + quietOut.length + 1} suppliers: ` +
      `${quietIn.length} with an SBTi commitment or targets; ` +
      `${quietOut.length} not in the SBTi list with a commitment or targets ` +
      `(${list([...quietOut.slice(0, 5).map(label), `${quietOut.length - 5} more`])}); ` +
      `1 unknown, without an SBTi flag or a match on the sheet (${label(flagless)}).`,
  );
  // Since the workbook's last refresh: today.
  expect(status).toContain(`since ${new Date().toISOString().slice(0, 10)}`);
  // The whole section in view, so the pane's sticky footer sits below it, not over it.
  const height = await pane.page.evaluate(() => document.documentElement.scrollHeight);
  await pane.page.setViewportSize({ width: PANE_WIDTH, height });
  await pane.page
    .locator('#section-reference')
    .screenshot({ path: join(screenshotFolder(), 'sbti-sheet-changes.png'), animations: 'disabled', caret: 'hide' });
});
