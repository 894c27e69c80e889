/**
 * The "Summary" section (and the ribbon's Summary button): build or refresh the "Climate summary"
 * sheet for the scored block, which is the selected block of CLIMATE formulas when the selection holds
 * one, else the block last scored or summarized. The spend column is the analyst's choice, proposed
 * from the headers; after building, the pane says how many suppliers' spend cells are not numbers
 * (spendGaps.ts). The sheet itself is planned by summaryPlan.ts and written by summarySheet.ts.
 */
import { supportsDynamicArrays, supportsImages } from '../../office/host';
import { sheetNameProblem } from '../../office/sheetName';
import type { BlockLayout, BlockScored } from '../common/blockScored';
import { calendarDate } from '../common/calendarDate';
import type { PaneContext } from '../common/paneContext';
import { columnLetters } from '../sheet/a1';
import { gridRows, lastRow } from '../sheet/grid';
import { readColumns, readSelection } from '../sheet/read';
import { describeSelection, type ColumnOption } from '../sheet/selectionModel';
import { logoBase64 } from '../ui/logo';
import { byId, el, fieldText, replaceChildren, setStatus, withBusy } from '../ui/view';
import { spendGapMessage, spendGaps } from './spendGaps';
import { blockFromFormulas } from './summaryBlock';
import { planSummary, SUMMARY_SHEET_NAME } from './summaryPlan';
import { ForeignSheetError, writeSummarySheet } from './summarySheet';

export interface SummarySection {
  /** A block was scored: the summary reads it next, with the spend column the analyst chose there. */
  blockScored(event: BlockScored): void;
  /** The ribbon's Summary: the same as the section's button. */
  buildSummary(): Promise<void>;
}

/** The summary sheet's name as typed: the default when blank; one Excel would refuse is refused here. */
function checkSheetName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return SUMMARY_SHEET_NAME;
  const problem = sheetNameProblem(trimmed);
  if (problem !== null) throw new Error(problem);
  return trimmed;
}

function describeBlock(block: BlockLayout): string {
  const flags = block.flags.length
    ? `, ${block.flags.length} initiative ${block.flags.length === 1 ? 'flag' : 'flags'}`
    : '';
  const spend =
    block.spendColumn === null ? ', no spend column' : `, spend in column ${columnLetters(block.spendColumn)}`;
  const rows = block.lastRow - block.firstRow + 1;
  return `${rows} rows of ${block.sheet} (scores in column ${columnLetters(block.scoreColumn)}${flags}${spend})`;
}

/** What the pane says of the block's spend cells that are not numbers; null without spend or when all are. */
async function spendNote(block: BlockLayout): Promise<string | null> {
  if (block.spendColumn === null) return null;
  const [names, spend] = await readColumns(block.sheet, block.firstRow, block.lastRow, [
    block.nameColumn,
    block.spendColumn,
  ]);
  return spendGapMessage(spendGaps(names, spend, block.firstRow));
}

export function mountSummary(context: PaneContext): SummarySection {
  const runButton = byId('summary-run', 'fluent-button');
  const nameInput = byId('summary-sheet-name', 'fluent-text-input');
  const spendPicker = byId('summary-spend', 'select');
  const status = byId('summary-status');
  let scored: BlockLayout | null = null;
  /** The block the spend picker belongs to: a choice there applies to that block only. */
  let pickerFor: string | null = null;

  const fillSpend = (block: BlockLayout, columns: readonly ColumnOption[]): void => {
    pickerFor = `${block.sheet}!${block.scoreColumn}:${block.firstRow}`;
    replaceChildren(
      spendPicker,
      el('option', { value: '' }, 'None'),
      ...columns.map((column) =>
        el('option', { value: String(column.index), selected: column.index === block.spendColumn }, column.label),
      ),
    );
  };
  const pickedSpend = (block: BlockLayout): number | null => {
    if (pickerFor !== `${block.sheet}!${block.scoreColumn}:${block.firstRow}`) return block.spendColumn;
    return spendPicker.value === '' ? null : Number(spendPicker.value);
  };

  /** The selected block of CLIMATE formulas, or null when the selection holds none. */
  const selectedBlock = async (): Promise<BlockLayout | null> => {
    const snapshot = await readSelection();
    let block: BlockLayout;
    try {
      // The selected rows only: the rows read above them (headers) are not the block's.
      block = blockFromFormulas(
        gridRows(snapshot.grid, snapshot.selection.rowIndex, lastRow(snapshot.selection)),
        null,
      );
    } catch {
      return null;
    }
    // The spend column is proposed exactly as Score a column proposes it, from the names' column.
    const model = describeSelection({
      ...snapshot,
      // The selection's first column is not the names' column: its first cell and table are not theirs.
      // Only the spend guess is read: the block is written already, so merged names are no refusal here.
      firstFilledRow: null,
      table: null,
      merged: [],
      selection: {
        rowIndex: block.firstRow,
        columnIndex: block.nameColumn,
        rowCount: block.lastRow - block.firstRow + 1,
        columnCount: 1,
      },
    });
    const known = pickerFor === `${block.sheet}!${block.scoreColumn}:${block.firstRow}`;
    const withSpend = { ...block, spendColumn: known ? pickedSpend(block) : model.spendGuess };
    if (!known) fillSpend(withSpend, model.columns);
    return withSpend;
  };

  const build = async (): Promise<void> => {
    const name = checkSheetName(fieldText(nameInput));
    const found = (await selectedBlock()) ?? scored;
    if (!found)
      throw new Error('Select the block of CLIMATE formulas (or score a column first), then build the summary.');
    const block = { ...found, spendColumn: pickedSpend(found) };
    // The summary sheet becomes active: a refresh from the ribbon then finds this block again.
    scored = block;
    const logo = supportsImages();
    const settings = context.settings.current();
    const plan = planSummary(block, {
      dynamicArrays: supportsDynamicArrays(),
      scoreMax: settings.scoreScale === '0-1' ? 1 : 100,
      builtOn: calendarDate(),
      logo,
    });
    setStatus(status, 'busy', `Building the summary of ${describeBlock(block)}…`);
    try {
      const note = await spendNote(block);
      const { created } = await writeSummarySheet(name, plan, logo ? await logoBase64() : null);
      const built = `${created ? 'Built' : 'Refreshed'} "${name}" from ${describeBlock(block)}.`;
      // Not a plain success when the spend figures leave suppliers out: the note says which and why.
      if (note) setStatus(status, 'info', `${built} ${note}`);
      else setStatus(status, 'success', built);
    } catch (error) {
      if (error instanceof ForeignSheetError) nameInput.focus();
      throw error;
    }
  };

  runButton.addEventListener('click', () => void withBusy(runButton, status, build));

  return {
    blockScored({ layout, columns }) {
      if (layout === null) return;
      scored = layout;
      fillSpend(layout, columns);
    },
    buildSummary: () => withBusy(runButton, status, build),
  };
}
