/**
 * The card-layout sheet the Changes tests refresh, and readers of what the pane leaves on the Changes
 * sheet: the pane opened on the sandbox's first owners as suppliers, their CLIMATE.ORG cards and three
 * dot fields written as Score a column leaves them, its Activity section open.
 */
import type { Page } from 'playwright-core';
import { SANDBOX_PROJECT_KEY, type RunningSandbox } from '../../../tools/sandbox/server/server';
import { hostProfile } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';
import { cardEntities } from '../browser/cardEntities';
import type { ShimSheet, SheetDump, WorkbookDump } from '../browser/excelShim';
import { openPanePage, openSection, type PanePage } from '../browser/panePage';
import type { PaneSuite } from '../browser/paneSuite';

const ENTITY_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');

/** The names of the sandbox's first `count` organizations that own a profile. */
const supplierNames = (sandbox: RunningSandbox, count: number): string[] =>
  sandbox.population.organizations
    .filter((org) => org.parentId === null && org.profile !== null)
    .slice(0, count)
    .map((org) => org.name);

/** The sheet "Suppliers" in the card layout: name, card, and three of its fields, cards as the sandbox has them now. */
function cardSheet(sandbox: RunningSandbox, names: readonly string[]): ShimSheet {
  return {
    name: 'Suppliers',
    rows: [['Supplier', 'Organization', 'Climate score', 'SBTi', 'Industry rank'], ...names.map((name) => [name])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
    requirements: ENTITY_HOST.requirements,
    entities: cardEntities(sandbox.population, names),
  };
}

/** Writes the card layout's formulas into the shim's sheet, as Score a column leaves them. */
const writeCardFormulas = (page: Page, count: number): Promise<void> =>
  page.evaluate(async (rows) => {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Suppliers');
      const formulas = Array.from({ length: rows }, (_, i) => {
        const r = i + 2;
        return [`=CLIMATE.ORG($A${r})`, `=B${r}.Score`, `=B${r}.SBTi`, `=B${r}.[Industry rank]`];
      });
      sheet.getRangeByIndexes(1, 1, rows, 4).formulas = formulas;
      await context.sync();
    });
  }, count);

/** The pane on `count` suppliers in the card layout, their cards as the sandbox has them now, Activity open. */
export async function openCardRows(suite: PaneSuite, count: number): Promise<{ pane: PanePage; names: string[] }> {
  const names = supplierNames(suite.sandbox, count);
  const storage = await seededSettings({ baseUrl: suite.sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const pane = await openPanePage(suite.browser, suite.site.url, cardSheet(suite.sandbox, names), storage);
  await writeCardFormulas(pane.page, count);
  await openSection(pane, 'section-activity');
  return { pane, names };
}

/** The Changes sheet of a dump. */
export const changesSheetOf = (book: WorkbookDump): SheetDump => book.sheets.find((s) => s.name === 'Climate changes')!;

/** The first column's texts on the Changes sheet, as the shim shows them (a `="…"` formula is its text). */
export const firstColumn = (sheet: SheetDump): string[] =>
  sheet.cells
    .filter((cell) => cell.column === 0)
    .map((cell) => (cell.formula ? JSON.parse(cell.formula.slice(1)) : cell.value));
