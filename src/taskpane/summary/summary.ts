/**
 * The "Summary" section (and the ribbon's Summary button): build or refresh the "Climate summary"
 * sheet for the scored block, which is the selected block of CLIMATE formulas when the selection holds
 * one, else the block last scored or summarized. The spend column is the analyst's choice, proposed
 * from the headers; the KPI's target is typed here or kept from the sheet. Each build adds today's
 * row to the KPI history (kpiHistory.ts) from the block's cells as they are now (kpiFigures.ts).
 * After building, the pane says how many suppliers' spend cells are not numbers (spendGaps.ts), how
 * many days the history holds, and which history rows it left out. The sheet itself is planned by
 * summaryPlan.ts and written by summarySheet.ts.
 */
import { t } from '../../i18n/translate';
import { addsChartSeries, drawsCharts, supportsDynamicArrays, supportsImages } from '../../office/host';
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
import { kpiFigures, type KpiColumns } from './kpiFigures';
import { historySkipMessage, readHistory, withToday } from './kpiHistory';
import { KPI_READ } from './kpiPlan';
import { parseTarget, readTarget, type KpiTarget, type TargetBasis } from './kpiTarget';
import { spendGapMessage, spendGaps } from './spendGaps';
import { blockFromFormulas } from './summaryBlock';
import { planSummary, SUMMARY_SHEET_NAME } from './summaryPlan';
import { ForeignSheetError, readKept, writeSummarySheet } from './summarySheet';

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
  const flags = block.flags.length ? t('summary.pane.blockFlags', { count: block.flags.length }) : '';
  const spend =
    block.spendColumn === null
      ? t('summary.pane.blockNoSpend')
      : t('summary.pane.blockSpend', { column: columnLetters(block.spendColumn) });
  return t('summary.pane.block', {
    count: block.lastRow - block.firstRow + 1,
    sheet: block.sheet,
    column: columnLetters(block.scoreColumn),
    flags,
    spend,
  });
}

/** The block's names, scores, SBTi flags and spend as they are now (values, one array per column). */
async function readKpiColumns(block: BlockLayout): Promise<KpiColumns> {
  const sbti = block.flags.find((flag) => flag.initiative === 'sbti')?.column ?? null;
  const wanted = [block.nameColumn, block.scoreColumn, sbti, block.spendColumn];
  const read = await readColumns(
    block.sheet,
    block.firstRow,
    block.lastRow,
    wanted.filter((column): column is number => column !== null),
  );
  const next = (column: number | null) => (column === null ? null : read.shift()!);
  const [names, scores] = [next(block.nameColumn)!, next(block.scoreColumn)!];
  return { names, scores, sbti: next(sbti), spend: next(block.spendColumn) };
}

export function mountSummary(context: PaneContext): SummarySection {
  const runButton = byId('summary-run', 'fluent-button');
  const nameInput = byId('summary-sheet-name', 'fluent-text-input');
  const spendPicker = byId('summary-spend', 'select');
  const status = byId('summary-status');
  const targetShare = byId('summary-target-share', 'fluent-text-input');
  const targetBasis = byId('summary-target-basis', 'select');
  const targetYear = byId('summary-target-year', 'fluent-text-input');
  /** The target fields were changed since the last build: they say the target; until then the sheet does. */
  let targetTyped = false;
  for (const field of [targetShare, targetBasis, targetYear]) {
    field.addEventListener('input', () => (targetTyped = true));
    field.addEventListener('change', () => (targetTyped = true));
  }
  const showTarget = (target: KpiTarget | null): void => {
    targetShare.value = target ? String(Math.round(target.share * 1000) / 10) : '';
    targetBasis.value = target?.basis ?? 'spend';
    targetYear.value = target ? String(target.year) : '';
    targetTyped = false;
  };
  let scored: BlockLayout | null = null;
  /** The block the spend picker belongs to: a choice there applies to that block only. */
  let pickerFor: string | null = null;

  const fillSpend = (block: BlockLayout, columns: readonly ColumnOption[]): void => {
    pickerFor = `${block.sheet}!${block.scoreColumn}:${block.firstRow}`;
    replaceChildren(
      spendPicker,
      // The option taskpane.html starts the picker with, under its key.
      el('option', { value: '' }, t('pane.summary.none')),
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
    if (!found) throw new Error(t('summary.pane.noBlock'));
    const block = { ...found, spendColumn: pickedSpend(found) };
    // The summary sheet becomes active: a refresh from the ribbon then finds this block again.
    scored = block;
    const today = calendarDate();
    const thisYear = Number(today.slice(0, 4));
    // A target typed here is checked before anything is read or written.
    const typed = targetTyped
      ? parseTarget(
          fieldText(targetShare),
          targetBasis.value as TargetBasis,
          fieldText(targetYear),
          thisYear,
          block.spendColumn !== null,
        )
      : undefined;
    const logo = supportsImages();
    const charts = drawsCharts();
    const sbti = block.flags.some((flag) => flag.initiative === 'sbti');
    setStatus(status, 'busy', t('summary.pane.building', { block: describeBlock(block) }));
    try {
      const kept = await readKept(name);
      const columns = await readKpiColumns(block);
      const history = readHistory(kept?.history ?? [], KPI_READ.historyFirstRow, today);
      const target = typed !== undefined ? typed : readTarget(kept?.target ?? [], thisYear);
      const rows = withToday(history.rows, { date: today, ...kpiFigures(columns) });
      const plan = planSummary(block, {
        dynamicArrays: supportsDynamicArrays(),
        scoreMax: context.settings.current().scoreScale === '0-1' ? 1 : 100,
        builtOn: today,
        logo,
        charts,
        kpi: { history: rows, target, sbti, chartSeries: addsChartSeries() },
      });
      const { created } = await writeSummarySheet(name, plan, logo ? await logoBase64() : null);
      showTarget(target);
      const replaced = history.rows.some((row) => row.date === today);
      // Not a plain success when a figure leaves suppliers out, a history row was left out or charts are missing.
      const notes = [
        columns.spend && spendGapMessage(spendGaps(columns.names, columns.spend, block.firstRow)),
        historySkipMessage(history.skipped),
        charts ? null : t('summary.pane.noCharts'),
      ].filter((note): note is string => Boolean(note));
      const built = t(created ? 'summary.pane.built' : 'summary.pane.refreshed', { name, block: describeBlock(block) });
      const days = t(replaced ? 'summary.pane.historyReplaced' : 'summary.pane.history', { count: rows.length });
      // Without an SBTi column the build is complete; the pane says what the column would add.
      const advice = sbti ? [] : [t('summary.pane.noSbti')];
      setStatus(status, notes.length ? 'info' : 'success', [built, days, ...notes, ...advice].join(' '));
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
