/**
 * Issue 53's "done means", tried as a new user would, in real Chromium (the BUILT pane, the Excel.run
 * shim on a host that renders cards, the sandbox over HTTP): score 500 suppliers with spend (Score a
 * column, SBTi flag), build the summary, let 90 days pass on the sandbox's clock (POST
 * /__sandbox/clock) and the page's, then: the SBTi changes of the sheet's suppliers name exactly the
 * commitments the sandbox removed among them; Refresh all recalculates the cards (which then show the
 * service's records as they are now) and the Changes sheet and the pane name exactly the organizations
 * the sandbox changed as the sheet shows them (GET /__sandbox/world), no other; the summary rebuilt has
 * two history rows and a chart of two points; Share a copy writes a file that, opened where no CLIMATE
 * function exists, shows every value, the logo line and a profile link per row, and no formula that
 * needs the add-in.
 */
import { CELLS_UPDATED_SETTING, SUMMARY_SHEETS_SETTING } from '../../../src/office/documentSettings';
import { INITIATIVE_KEYS } from '../../../src/service/types';
import { SANDBOX_PROJECT_KEY, startSandbox } from '../../../tools/sandbox/server/server';
import type { WorldChange } from '../../../tools/sandbox/world/world';
import { hostProfile } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { answerOnRecalculation } from '../browser/answerOnRecalculation';
import { cardEntities } from '../browser/cardEntities';
import type { SheetDump, WorkbookDump } from '../browser/excelShim';
import { activateSheet, openPanePage, openSection, type PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { calculatedWithoutAddin, readXlsx } from '../copy/xlsxReading';

const ROWS = 500;
const DAY_SECONDS = 86_400;
const SANDBOX = { organizations: 2_000, seed: 1 } as const;
const ENTITY_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');
/** A score moved by more than the Changes section's default threshold (5 points), with room for rounding. */
const MOVED_POINTS = 5.1;
type SbtiWorldChange = Extract<WorldChange, { kind: 'sbti' }>;
const sbti = (changes: readonly WorldChange[]): SbtiWorldChange[] =>
  changes.filter((c): c is SbtiWorldChange => c.kind === 'sbti');

const suite = paneSuite({ ...SANDBOX, profilingSeconds: 0 });
let pane: PanePage;
let names: string[] = [];
/** The commitments the 90 days remove among the sheet's suppliers, and among the companies off it. */
let removedOnSheet: SbtiWorldChange[] = [];
let removedOffSheet: SbtiWorldChange[] = [];

const sheetNamed = (book: WorkbookDump, name: string): SheetDump => book.sheets.find((sheet) => sheet.name === name)!;
const valueAt = (sheet: SheetDump, row: number, column: number): unknown =>
  sheet.cells.find((cell) => cell.row === row && cell.column === column)?.value;
const button = async (name: string) => (await pane.ax.get('button', name)).locator;
const postJson = (path: string, body: unknown) =>
  fetch(`${suite.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
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
  names = [...owners.filter((o) => on.has(o.id)), ...owners.filter((o) => !on.has(o.id)).slice(0, ROWS - on.size)].map(
    (o) => o.name,
  );
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  pane = await openPanePage(
    suite.browser,
    suite.site.url,
    {
      name: 'Suppliers',
      rows: [['Supplier', 'Annual spend'], ...names.map((name, i) => [name, 1_000 * ((i % 37) + 1)])],
      selection: { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 },
      requirements: ENTITY_HOST.requirements,
      entities: cardEntities(suite.sandbox.population, names),
    },
    storage,
    // The page's days: the summary's history keeps one row per day.
    { prepare: (page) => page.clock.setSystemTime(new Date('2026-09-07T10:00:00')) },
  );
}, 180_000);
afterAll(() => pane?.page.context().close());

test('500 suppliers scored with spend and summarised; 90 days on: SBTi list, Changes, history, a copy for others', async () => {
  await (await button('Use selection')).click();
  await waitForText(pane.page, '#score-selection', `(${ROWS} rows)`);
  expect(await pane.page.locator('#score-spend').inputValue()).toBe('1');
  await pane.page.evaluate(() => ((document.getElementById('output-flag-sbti') as HTMLInputElement).checked = true));
  await (await button('Write formulas')).click();
  await waitForText(pane.page, '#score-selection', 'Wrote', 120_000);

  await openSection(pane, 'section-summary');
  await (await button('Build summary')).click();
  await waitForText(pane.page, '#summary-status', 'The KPI history has 1 day.', 60_000);
  const summarised = await pane.dump();
  expect(summarised.sheets.map((sheet) => sheet.name)).toEqual(['Suppliers', 'Climate summary']);
  expect(summarised.documentSettings[SUMMARY_SHEETS_SETTING]).toHaveLength(1);

  // 90 days pass at the service and on the analyst's calendar; what the service's world changed.
  expect((await postJson('/__sandbox/clock', { advanceSeconds: 90 * DAY_SECONDS })).status).toBe(200);
  const world = (await (await fetch(`${suite.sandbox.url}/__sandbox/world`)).json()) as { changes: WorldChange[] };
  await pane.page.clock.setSystemTime(new Date('2026-12-06T10:00:00'));

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

  // Refresh all: Excel calls CLIMATE.ORG again, which answers with the records as they are now.
  await answerOnRecalculation(pane.page, cardEntities(suite.sandbox.population, names));
  await openSection(pane, 'section-activity');
  await (await button('Refresh all')).click();
  await waitForText(pane.page, '#changes-status', 'What changed in', 120_000);
  const refreshed = await pane.dump();
  expect(refreshed.documentSettings[CELLS_UPDATED_SETTING]).toEqual(expect.any(Number));
  const changesSheet = sheetNamed(refreshed, 'Climate changes');
  const listed = changesSheet.cells
    .filter((cell) => cell.column === 0)
    .map((cell) => (cell.formula ? (JSON.parse(cell.formula.slice(1)) as string) : String(cell.value)))
    .slice(4);
  // Exactly the organizations the world changed as the cards show it: each one listed was changed, and
  // each initiative gained or lost (a card shows them all) and each score moved past the threshold is.
  const onSheet = new Set(names);
  const changed = world.changes.filter((change) => onSheet.has(change.name));
  const mustList = new Set(
    changed.filter((c) => c.kind === 'initiative' && INITIATIVE_KEYS.includes(c.initiative)).map((c) => c.name),
  );
  const scores = new Map<string, { first: number; last: number }>();
  for (const change of changed)
    if (change.kind === 'score')
      scores.set(change.name, { first: scores.get(change.name)?.first ?? change.before, last: change.after });
  for (const [name, { first, last }] of scores) if (Math.abs(last - first) * 100 > MOVED_POINTS) mustList.add(name);
  expect(mustList.size).toBeGreaterThan(0);
  const changedNames = new Set(changed.map((change) => change.name));
  expect(listed.filter((name) => !changedNames.has(name))).toEqual([]);
  expect([...mustList].filter((name) => !listed.includes(name))).toEqual([]);
  expect(await pane.page.locator('#changes-status').innerText()).toContain(
    `What changed in ${new Set(listed).size} organizations`,
  );
  // The pane names them too (its first 20), each linking to its profile.
  const named = await pane.page.locator('#changes-list li a').allInnerTexts();
  expect(named).toHaveLength(Math.min(listed.length, 20)); // a line per change, as on the sheet
  expect(named.filter((name) => !listed.includes(name))).toEqual([]);

  // The summary rebuilt on the later day: two rows of history, two points in each series of its chart.
  await activateSheet(pane.page, 'Suppliers');
  await openSection(pane, 'section-summary');
  await (await button('Build summary')).click();
  await waitForText(pane.page, '#summary-status', 'The KPI history has 2 days.', 60_000);
  const summary = sheetNamed(await pane.dump(), 'Climate summary');
  const historyDates = summary.cells
    .filter((cell) => cell.column === 15 && cell.row >= 27 && /^\d{4}-\d{2}-\d{2}$/.test(String(cell.value)))
    .map((cell) => cell.value);
  expect(historyDates).toEqual(['2026-09-07', '2026-12-06']);
  const trend = summary.charts.find((chart) => chart.name === 'Climate summary: KPI history');
  expect(trend?.series.map((series) => [series.name, series.points])).toEqual(
    expect.arrayContaining([
      ['Share by count', 2],
      ['Share by spend', 2],
    ]),
  );
  expect(trend!.series.filter((series) => series.points !== 2)).toEqual([]);

  // Share a copy: opened where no CLIMATE function exists, every value, the logo line, a link per row.
  await activateSheet(pane.page, 'Suppliers');
  const original = sheetNamed(await pane.dump(), 'Suppliers');
  await openSection(pane, 'section-copy');
  await (await button('Write a copy for others')).click();
  await waitForText(pane.page, '#copy-status', 'The copy opened as a new workbook', 60_000);
  const [file] = (await pane.dump()).createdWorkbooks;
  const book = readXlsx(Buffer.from(file, 'base64'));
  expect(book.sheets.map((sheet) => sheet.name)).toContain('Suppliers');
  const shown = calculatedWithoutAddin(book);
  for (const sheet of book.sheets)
    for (const cell of sheet.cells) {
      expect(cell.formula ?? '').not.toMatch(/CLIMATE\.|_xldudf_|\b[A-Z]+\d+\.[[A-Za-z]/i);
      expect([sheet.name, cell.ref, shown.get(sheet.name)!.get(cell.ref)]).not.toContainEqual('#NAME?');
    }
  const copied = book.sheets.find((sheet) => sheet.name === 'Suppliers')!;
  const header = original.cells.find((cell) => cell.value === 'Climate score')!;
  const copiedAt = (row: number, column: number) =>
    shown.get('Suppliers')!.get(copied.cells.find((c) => c.row === row && c.column === column)?.ref ?? '');
  names.forEach((_, i) => {
    const row = header.row + 1 + i;
    expect([row, copiedAt(row, header.column)]).toEqual([row, valueAt(original, row, header.column)]);
  });
  const links = copied.cells.filter((cell) => /^=HYPERLINK\("https:\/\//.test(cell.formula ?? ''));
  const sourceLine = links.filter((cell) => cell.formula!.includes('"Climate data by DitchCarbon"'));
  expect(sourceLine).toHaveLength(1);
  expect(copied.pictures).toContainEqual({
    row: sourceLine[0].row,
    column: sourceLine[0].column - 1,
    name: 'DitchCarbon logo',
  });
  const linkedRows = new Set(links.filter((cell) => cell !== sourceLine[0]).map((cell) => cell.row));
  expect([...linkedRows].sort((a, b) => a - b)).toEqual(names.map((_, i) => header.row + 1 + i));
}, 600_000);
