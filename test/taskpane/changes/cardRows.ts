/**
 * The card-layout sheet the Changes tests refresh, and readers of what the pane leaves on the Changes
 * sheet: the sandbox's first owners as suppliers, their CLIMATE.ORG cards and three dot fields written as
 * Score a column leaves them.
 */
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../../tools/sandbox/server/server';
import { hostProfile } from '../../harness/hostProfiles';
import { cardEntities } from '../browser/cardEntities';
import type { ShimSheet, SheetDump, WorkbookDump } from '../browser/excelShim';

const ENTITY_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.16');

/** The names of the sandbox's first `count` organizations that own a profile. */
export const supplierNames = (sandbox: RunningSandbox, count: number): string[] =>
  sandbox.population.organizations
    .filter((org) => org.parentId === null && org.profile !== null)
    .slice(0, count)
    .map((org) => org.name);

/** The sheet "Suppliers" in the card layout: name, card, and three of its fields, cards as the sandbox has them now. */
export function cardSheet(sandbox: RunningSandbox, names: readonly string[]): ShimSheet {
  return {
    name: 'Suppliers',
    rows: [['Supplier', 'Organization', 'Climate score', 'SBTi', 'Industry rank'], ...names.map((name) => [name])],
    selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
    requirements: ENTITY_HOST.requirements,
    entities: cardEntities(sandbox.population, names),
  };
}

/** Writes the card layout's formulas into the shim's sheet, as Score a column leaves them. */
export const writeCardFormulas = (page: Page, count: number): Promise<void> =>
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

/** The Changes sheet of a dump. */
export const changesSheetOf = (book: WorkbookDump): SheetDump => book.sheets.find((s) => s.name === 'Climate changes')!;

/** The first column's texts on the Changes sheet, as the shim shows them (a `="…"` formula is its text). */
export const firstColumn = (sheet: SheetDump): string[] =>
  sheet.cells
    .filter((cell) => cell.column === 0)
    .map((cell) => (cell.formula ? JSON.parse(cell.formula.slice(1)) : cell.value));
