/**
 * Refresh selected rows says what changed among those rows, in real Chromium: the BUILT pane on the
 * Excel.run shim over a sheet in the card layout (cardRows.ts). 90 days pass on the sandbox's clock;
 * the person selects some rows and refreshes them: only those rows are recalculated (Range.calculate
 * over them), and the pane reads only them before and after, so the report and the Changes sheet's
 * block name exactly the organizations of the selected rows whose values changed, and none outside.
 * First, the stand-in this rests on: the shim's Range.calculate renews the cards of its range, no other.
 */
import type { WorldChange } from '../../../tools/sandbox/server/server';
import { answerOnRecalculation } from '../browser/answerOnRecalculation';
import { cardEntities } from '../browser/cardEntities';
import type { PanePage } from '../browser/panePage';
import { paneSuite } from '../browser/paneSuite';
import { waitForText } from '../browser/waitForText';
import { changesSheetOf, firstColumn, openCardRows } from './cardRows';

const DAY = 86_400;
const SUPPLIERS = 150;

const suite = paneSuite({ organizations: 1500, profilingSeconds: 0 });
let pane: PanePage;
let names: string[];

/** What the cards of `sheet`'s column B show, rows `first`..`last` (1-based), as Excel.CellValues. */
const cardsOf = (sheet: string, first: number, last: number): Promise<unknown[]> =>
  pane.page.evaluate(
    async ({ sheet, first, last }) =>
      Excel.run(async (context) => {
        const cards = context.workbook.worksheets.getItem(sheet).getRange(`B${first}:B${last}`).load('valuesAsJson');
        await context.sync();
        return cards.valuesAsJson.map((row) => row[0]);
      }),
    { sheet, first, last },
  );

beforeAll(async () => {
  ({ pane, names } = await openCardRows(suite, SUPPLIERS));
}, 120_000);
afterAll(() => pane?.page.context().close());

// Range.calculate "Calculates a range of cells on a worksheet" (typings, ExcelApi 1.6): only the cards in
// that range take the service's newer answer; a formula entered is calculated as one typed in
// (Range.formulas, docs/excel.md), so it takes the answer of now. Failed on the shim that renewed every
// card of the workbook at any calculation.
test('the shim renews the cards of the range calculated and of a formula entered, and no other', async () => {
  const four = names.slice(0, 4);
  await pane.page.evaluate(async (rows) => {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add('Scoped');
      sheet.getRange('A1:B4').formulas = rows.map((name, i) => [name, `=CLIMATE.ORG($A${i + 1})`]);
      await context.sync();
    });
  }, four);
  const before = await cardsOf('Scoped', 1, 4);
  expect(before.every((card) => (card as { type?: string }).type === 'Entity')).toBe(true);
  // The service now answers each name with the next one's card.
  await answerOnRecalculation(
    pane.page,
    Object.fromEntries(four.map((name, i) => [name.toLowerCase(), before[(i + 1) % 4]])),
  );
  expect(await cardsOf('Scoped', 1, 4)).toEqual(before); // nothing calculated yet
  await pane.page.evaluate(async () => {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Scoped');
      sheet.getRange('B1:B2').calculate();
      sheet.getRange('B3').formulas = [['=CLIMATE.ORG($A3)']];
      await context.sync();
    });
  });
  expect(await cardsOf('Scoped', 1, 4)).toEqual([before[1], before[2], before[3], before[3]]);
}, 60_000);

test('90 days on, Refresh selected rows names the organizations that changed in those rows, and none outside them', async () => {
  const world: readonly WorldChange[] = suite.sandbox.advanceClock(90 * DAY);
  await answerOnRecalculation(pane.page, cardEntities(suite.sandbox.population, names));
  const changed = new Set(world.map((change) => change.name));
  // Rows (1-based, as Excel numbers them) of the suppliers that joined or left an initiative: always reported.
  const joinedOrLeft = [
    ...new Set(world.filter((c) => c.kind === 'initiative' && names.includes(c.name)).map((c) => c.name)),
  ]
    .map((name) => names.indexOf(name) + 2)
    .sort((a, b) => a - b);
  expect(joinedOrLeft.length).toBeGreaterThanOrEqual(4);
  // From the second supplier that joined or left to the third: one such row above the selection, some below.
  const [first, last] = [joinedOrLeft[1], joinedOrLeft[2]];
  const isSelected = (row: number): boolean => row >= first && row <= last;
  const selected = new Set(names.filter((_, i) => isSelected(i + 2)));
  const outside = names.filter((name) => !selected.has(name) && changed.has(name));
  const cardsBefore = await cardsOf('Suppliers', 2, SUPPLIERS + 1);
  await pane.page.evaluate(
    (box) =>
      (window as unknown as { __workbook: { select(box: object, sheet: string): void } }).__workbook.select(
        box,
        'Suppliers',
      ),
    { rowIndex: first - 1, columnIndex: 0, rowCount: last - first + 1, columnCount: 5 },
  );

  await pane.page.locator('#refresh-selection').click();
  // The refresh's own line comes once the report is out.
  await waitForText(pane.page, '#activity-status', `Refreshed `);
  expect(await pane.page.locator('#activity-status').innerText()).toContain(`in rows ${first}–${last} in `);
  expect(await pane.page.locator('#changes-status').innerText()).toMatch(/^What changed in \d+ organizations?: /);

  // The pane names them, each linking to its profile: organizations of the selected rows that changed.
  const named = await pane.page.locator('#changes-list li a').allInnerTexts();
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect([name, selected.has(name) && changed.has(name)]).toEqual([name, true]);
  // The Changes sheet lists exactly as many, under a title that names the rows.
  const rows = firstColumn(changesSheetOf(await pane.dump()));
  expect(rows[1]).toMatch(new RegExp(`^Refresh of \\d{4}-\\d{2}-\\d{2} of rows ${first}–${last} on “Suppliers”`));
  const listed = rows.slice(4);
  expect(named).toEqual(listed.slice(0, 20));
  for (const name of listed) expect([name, selected.has(name) && changed.has(name)]).toEqual([name, true]);
  for (const row of joinedOrLeft.filter(isSelected)) expect(listed).toContain(names[row - 2]);
  // Rows outside the selection that changed in the world were neither refreshed nor reported.
  expect(outside.length).toBeGreaterThan(2);
  for (const name of outside) expect(listed).not.toContain(name);
  const cardsAfter = await cardsOf('Suppliers', 2, SUPPLIERS + 1);
  const outsideRows = (cards: unknown[]) => cards.filter((_, i) => !isSelected(i + 2));
  expect(outsideRows(cardsAfter)).toEqual(outsideRows(cardsBefore));
  expect(cardsAfter[first - 2]).not.toEqual(cardsBefore[first - 2]);
}, 180_000);
