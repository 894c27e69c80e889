/**
 * The Changes sheet's writer, thin on purpose: a refresh's block (changesPlan.ts) goes below the
 * blocks already there, or replaces them, as the person chose. The sheet is the add-in's own: created
 * here and listed in the workbook's settings by id, and trusted only while its A1 still holds its fixed
 * title (a sent workbook could list any sheet); a sheet of that name made by someone else is never
 * touched.
 */
import { CHANGES_SHEETS_SETTING, readOwnSheetIds, rememberOwnSheet } from '../../office/documentSettings';
import { t } from '../../i18n/translate';
import { run } from '../sheet/excel';
import { refuseProtectedSheet, refuseProtectedStructure } from '../sheet/sheetState';
import { addLogo, LOGO_NAME } from '../sheet/sourceLine';
import { writePlannedCells } from '../sheet/write';
import { CHANGES_SHEET_NAME, FIRST_BLOCK_ROW, planChangesBlock, planSheetTop, type ChangesBlock } from './changesPlan';

export type ChangesMode = 'add' | 'replace';

/** Rows left empty between two blocks. */
const BLOCK_GAP = 1;

/**
 * Writes the block on the Changes sheet, creating the sheet when the workbook has none, except for a
 * block without changes (a refresh that changed nothing adds no sheet to a workbook: it resolves with
 * null); `replace` clears the blocks before it (their logos too). Resolves with the sheet's name.
 */
export function writeChanges(
  block: ChangesBlock,
  mode: ChangesMode,
  logoBase64: string | null,
): Promise<string | null> {
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    let sheet = sheets.getItemOrNullObject(CHANGES_SHEET_NAME);
    sheet.load(['id', 'name']);
    await context.sync();
    const again = t('changes.pane.again');
    let top = FIRST_BLOCK_ROW;
    if (sheet.isNullObject) {
      if (block.report.changes.length === 0) return null;
      await refuseProtectedStructure(context, t('changes.pane.noSheet', { sheet: CHANGES_SHEET_NAME }), again);
      sheet = sheets.add(CHANGES_SHEET_NAME);
      sheet.load(['id', 'name']);
      await context.sync();
      await rememberOwnSheet(CHANGES_SHEETS_SETTING, sheet.id);
      writePlannedCells(sheet, planSheetTop());
    } else {
      const title = sheet.getRange('A1').load('values');
      await context.sync();
      const ours =
        readOwnSheetIds(CHANGES_SHEETS_SETTING).includes(sheet.id) && title.values[0][0] === CHANGES_SHEET_NAME;
      if (!ours) throw new Error(t('changes.pane.foreignSheet', { sheet: CHANGES_SHEET_NAME }));
      await refuseProtectedSheet(context, sheet, again);
      if (mode === 'replace') {
        // Shapes need ExcelApi 1.9: only a host that places the logo looks for the old ones.
        if (logoBase64) {
          sheet.shapes.load('items/name');
          await context.sync();
          for (const shape of sheet.shapes.items) if (shape.name === LOGO_NAME) shape.delete();
        }
        sheet.getRange().clear('All');
        writePlannedCells(sheet, planSheetTop());
      } else {
        const used = sheet.getUsedRangeOrNullObject(true).load(['isNullObject', 'rowIndex', 'rowCount']);
        await context.sync();
        if (!used.isNullObject) top = Math.max(FIRST_BLOCK_ROW, used.rowIndex + used.rowCount + BLOCK_GAP);
      }
    }
    const plan = planChangesBlock(block, top, logoBase64 !== null);
    writePlannedCells(sheet, plan.cells);
    if (plan.logo && logoBase64) await addLogo(context, sheet, plan.logo, logoBase64);
    // Not activated: the pane names the sheet, and the person stays on the sheet they refreshed from
    // (where "Refresh values older than N days" reads next).
    await context.sync();
    return sheet.name;
  });
}
