/**
 * The "Score a column" section: take the selected supplier names (and the website and country
 * columns beside them), choose outputs and the layout (organization cards where Excel renders them,
 * else one formula per value), write the CLIMATE formulas into new columns with headers and
 * the attribution (logo + source line above them on every host; a profile link per row, which a host
 * whose cells carry data types, or the card layout, lets the analyst leave out). With the Match column (on by
 * default), a conditional format marks the rows the match review lists. Then follow the engine until
 * every row has settled and show how they ended. The plan is scoringPlan.ts, the writes scoreWriter.ts.
 */
import { supportsDataTypes, supportsEntities, supportsImages } from '../../office/host';
import { sentences } from '../../i18n/sentences';
import { formatNumber, t } from '../../i18n/translate';
import type { BlockScored, ProfilingEntry } from '../common/blockScored';
import { ROW_COUNT_LABELS } from '../common/outcome';
import { columnLetters, describeRange } from '../sheet/a1';
import type { SheetRange } from '../sheet/grid';
import { readSelection } from '../sheet/read';
import { columnSelection, describeSelection, type SelectionModel } from '../sheet/selectionModel';
import { logoBase64 } from '../ui/logo';
import { byId, el, replaceChildren, setStatus, withBusy } from '../ui/view';
import type { PaneContext } from '../common/paneContext';
import type { Layout } from './cardLayout';
import { mountOutputPicker } from './outputPicker';
import { planColumnScoring } from './scoringPlan';
import { emptySummary, followScoring, type ScoringSummary } from './scoringProgress';
import { blockScoredOf, progressText, rowQueries } from './scoringRun';
import { markRowsToReview, writeScoringPlan } from './scoreWriter';

export interface ScoreColumnSection {
  /**
   * The ribbon's "Score selection": the current selection with the outputs ticked in the pane;
   * `afterWrite` runs once the formulas are written, before the rows are followed to the end.
   */
  scoreCurrentSelection(afterWrite?: () => Promise<void>): Promise<void>;
}

export interface ScoreColumnHooks {
  /** A block was scored: its formulas are written. */
  blockScored(event: BlockScored): void;
  /** Every row settled; these organizations are still profiling. */
  stillProfiling(profiles: ProfilingEntry[]): void;
}

/** Fills a column picker ("None", then the sheet's other columns), the guess selected. */
function fillColumnPicker(select: HTMLSelectElement, model: SelectionModel, guess: number | null): void {
  replaceChildren(
    select,
    el('option', { value: '' }, t('score.noColumn')),
    ...model.columns.map((column) =>
      el('option', { value: String(column.index), selected: column.index === guess }, column.label),
    ),
  );
}

const pickedColumn = (select: HTMLSelectElement): number | null => (select.value === '' ? null : Number(select.value));

/** "Names: Suppliers!A2:A40 (39 rows)." */
function describeRows(model: SelectionModel, firstRowIsHeader: boolean): string {
  const first = firstRowIsHeader ? model.top + 1 : model.top;
  const rows = model.bottom - first + 1;
  const range = describeRange(model.sheet, {
    rowIndex: first,
    columnIndex: model.nameColumn,
    rowCount: rows,
    columnCount: 1,
  });
  return t('score.names', { range, count: rows });
}

/** The counts of a finished run, as a definition list. */
function showSummary(list: HTMLElement, summary: ScoringSummary): void {
  const rows: Array<[string, number]> = [
    [ROW_COUNT_LABELS.scored, summary.scored],
    [ROW_COUNT_LABELS.profiling, summary.pending],
    [ROW_COUNT_LABELS['no value'], summary.notFound],
    [ROW_COUNT_LABELS.error, summary.errors],
  ];
  replaceChildren(list, ...rows.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, formatNumber(value))]));
  list.hidden = false;
}

export function mountScoreColumn(context: PaneContext, hooks: ScoreColumnHooks): ScoreColumnSection {
  const useButton = byId('score-use-selection', 'fluent-button');
  const selectionLine = byId('score-selection');
  const header = byId('score-header', 'fluent-checkbox');
  const [website, country, spend] = ['score-website', 'score-country', 'score-spend'].map((id) => byId(id, 'select'));
  const runButton = byId('score-run', 'fluent-button');
  const bar = byId('score-progress-bar', 'fluent-progress-bar');
  const progressLine = byId('score-progress-text');
  const summaryList = byId('score-summary');
  const layoutField = byId('score-layout-field');
  const layoutPicker = byId('score-layout', 'select');
  // Only a host that renders entities is offered cards; elsewhere the formula layout is the only one.
  layoutField.hidden = !supportsEntities();
  const layout = (): Layout => (layoutField.hidden ? 'formulas' : (layoutPicker.value as Layout));
  // Cells without a card of their own (plain values, formula layout) need the profile link column.
  const linkRequired = (): boolean => layout() === 'formulas' && !supportsDataTypes();
  const outputs = mountOutputPicker(linkRequired());
  layoutPicker.addEventListener('change', () => outputs.requireLink(linkRequired()));

  /** The names chosen with Use selection: read again when writing. */
  let chosen: { target: SheetRange; model: SelectionModel } | null = null;

  const useSelection = async (): Promise<void> => {
    const snapshot = await readSelection();
    const model = describeSelection(snapshot);
    chosen = { target: { sheet: snapshot.sheet, box: snapshot.selection }, model };
    header.checked = model.firstRowIsHeader;
    fillColumnPicker(website, model, model.websiteGuess);
    fillColumnPicker(country, model, model.countryGuess);
    fillColumnPicker(spend, model, model.spendGuess);
    byId('score-options').hidden = false;
    setStatus(selectionLine, 'info', describeRows(model, header.checked));
  };
  header.addEventListener(
    'change',
    () => chosen && setStatus(selectionLine, 'info', describeRows(chosen.model, header.checked)),
  );

  /** Follows the rows to the end: the bar with every row, the live status line at most once a second. */
  const follow = async (run: Parameters<typeof followScoring>[1], total: number): Promise<ScoringSummary> => {
    summaryList.hidden = true;
    byId('score-progress').hidden = false;
    let announced = 0;
    const show = (summary: ScoringSummary): void => {
      bar.max = Math.max(1, summary.total);
      bar.value = summary.settled;
      const done = summary.settled >= summary.total;
      if (!done && Date.now() - announced < 1000) return; // a screen reader is not read a number per supplier
      announced = Date.now();
      setStatus(progressLine, done ? 'success' : 'busy', progressText(summary));
    };
    show(emptySummary(total));
    return followScoring(context.engine, run, show);
  };

  const write = async (afterWrite?: () => Promise<void>): Promise<void> => {
    if (!chosen) throw new Error(t('score.useSelectionFirst'));
    // Read again: the sheet may have changed since the names were chosen.
    const snapshot = await readSelection({ target: chosen.target });
    const model = describeSelection(snapshot);
    const selection = columnSelection(snapshot, model, {
      firstRowIsHeader: header.checked,
      websiteColumn: pickedColumn(website),
      countryColumn: pickedColumn(country),
    });
    const plan = planColumnScoring(selection, {
      outputs: outputs.chosen(),
      layout: layout(),
      linkRequired: linkRequired(),
      logo: supportsImages(),
    });
    const logo = plan.attribution !== null && plan.attribution.logoColumn !== null;
    await writeScoringPlan(snapshot.sheet, plan, logo ? await logoBase64() : null);
    const event = blockScoredOf(snapshot.sheet, selection, plan, pickedColumn(spend), model.columns);
    const marked = await markRowsToReview(event.range, plan);
    hooks.blockScored(event);
    // Rows inserted at the top moved the names down: a second run must find them where they are now.
    chosen.target.box.rowIndex += plan.insertRowsAtTop;
    const { columnIndex, columnCount } = event.range.box;
    const range = `${model.sheet}!${columnLetters(columnIndex)}:${columnLetters(columnIndex + columnCount - 1)}`;
    const count = plan.scoredRows.length * plan.headers.length;
    const wrote = count === 0 ? t('score.nothingWritten', { range }) : t('score.wrote', { count, range });
    setStatus(selectionLine, 'success', marked ? wrote : sentences(wrote, t('score.unmarked')));
    await afterWrite?.();
    const summary = await follow(rowQueries(snapshot, selection, plan), plan.scoredRows.length);
    showSummary(summaryList, summary);
    hooks.stillProfiling(summary.profiling);
  };

  useButton.addEventListener('click', () => void withBusy(useButton, selectionLine, useSelection));
  runButton.addEventListener('click', () => void withBusy(runButton, selectionLine, () => write()));

  return {
    scoreCurrentSelection: (afterWrite) =>
      withBusy(runButton, selectionLine, async () => {
        await useSelection();
        await write(afterWrite);
      }),
  };
}
