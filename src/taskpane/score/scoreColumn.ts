/**
 * The "Score a column" section: take the selected supplier names (and the website and country
 * columns beside them), choose outputs, write the CLIMATE formulas into new columns with headers and
 * the attribution (logo + source line above them on every host; a profile link per row, which only a
 * host whose cells carry data types lets the analyst leave out). With the Match column (on by
 * default), a conditional format marks the rows the match review lists.
 * Then follow the engine until every row has settled and show how they ended.
 */
import { parseOrganization } from '../../functions/organizationArgument';
import { supportsDataTypes, supportsImages } from '../../office/host';
import { addReviewFormat } from '../review/reviewWorkbook';
import { readSelection, writeScoringPlan, type RangeTarget } from '../sheet/workbook';
import { columnLetters } from '../sheet/a1';
import { logoBase64 } from '../ui/logo';
import { OUTPUTS, type OutputDefinition, type OutputKey } from '../sheet/outputs';
import type { ReviewBlock } from '../review/matchReview';
import type { PaneContext } from '../common/paneContext';
import { reviewRuleFormula } from '../review/reviewModel';
import { planColumnScoring, type ColumnSelection, type ScoringPlan } from './scoringPlan';
import { emptySummary, followScoring, type RowQuery, type ScoringSummary } from './scoringProgress';
import {
  columnSelection,
  describeSelection,
  rowValue,
  type ColumnOption,
  type SelectionModel,
  type SelectionSnapshot,
} from '../sheet/selectionModel';
import { blockFromPlan } from '../summary/summaryBlock';
import type { SummaryBlock } from '../summary/summaryPlan';
import { byId, el, messageOf, replaceChildren, setStatus, withBusy } from '../ui/view';

const UNMARKED = ' This Excel cannot add conditional formats (ExcelApi 1.6): Review matches lists the rows to check.';

export const DEFAULT_OUTPUTS: readonly OutputKey[] = ['score', 'match', 'link'];

/** The query each scored row's cells send, read exactly as the functions read their arguments. */
export function rowQueries(snapshot: SelectionSnapshot, selection: ColumnSelection, plan: ScoringPlan): RowQuery[] {
  return plan.scoredRows.map((index) => {
    const row = selection.firstDataRow + index;
    try {
      const parsed = parseOrganization(
        selection.names[index],
        rowValue(snapshot, row, selection.websiteColumn),
        rowValue(snapshot, row, selection.countryColumn),
      );
      return { query: parsed.query };
    } catch (error) {
      return { invalid: messageOf(error) };
    }
  });
}

export function progressText(summary: ScoringSummary): string {
  return `${summary.settled} of ${summary.total} rows settled`;
}

export interface ScoreColumnSection {
  /**
   * The ribbon's "Score selection": the current selection with the outputs ticked in the pane;
   * `afterWrite` runs once the formulas are written, before the rows are followed to the end.
   */
  scoreCurrentSelection(afterWrite?: () => Promise<void>): Promise<void>;
}

export interface ScoreColumnHooks {
  onSummary(summary: ScoringSummary): void;
  /** The block just written (data rows, new columns): what the match review reads. */
  onScored(block: ReviewBlock): void;
  /** The block just written (when it has a score column), for the Summary section. */
  onScoredBlock?(block: SummaryBlock, columns: ColumnOption[]): void;
}

/** The written block of a plan, and the review's conditional format when it has a Match column. */
export function scoredBlock(sheet: string, plan: ScoringPlan): { block: ReviewBlock; reviewRule: string | null } {
  const box = {
    rowIndex: plan.firstDataRow,
    columnIndex: plan.firstColumn,
    rowCount: plan.formulas.length,
    columnCount: plan.headers.length,
  };
  const matchAt = plan.outputs.indexOf('match');
  const reviewRule = matchAt < 0 ? null : reviewRuleFormula(plan.firstColumn + matchAt, plan.firstDataRow);
  return { block: { sheet, box }, reviewRule };
}

export function mountScoreColumn(context: PaneContext, hooks: ScoreColumnHooks): ScoreColumnSection {
  const useButton = byId('score-use-selection', 'fluent-button');
  const selectionLine = byId('score-selection');
  const options = byId('score-options');
  const header = byId('score-header', 'fluent-checkbox');
  const website = byId('score-website', 'select');
  const country = byId('score-country', 'select');
  const spend = byId('score-spend', 'select');
  const runButton = byId('score-run', 'fluent-button');
  const progress = byId('score-progress');
  const bar = byId('score-progress-bar', 'fluent-progress-bar');
  const progressLine = byId('score-progress-text');
  const summaryList = byId('score-summary');
  const flagCount = byId('score-flag-count');
  const linkRequired = !supportsDataTypes();

  const checkboxes = new Map<OutputKey, HTMLElementTagNameMap['fluent-checkbox']>();
  const addOutput = (container: HTMLElement, output: OutputDefinition): void => {
    const id = `output-${output.key.replace(/[^a-z0-9]+/gi, '-')}`;
    const forced = linkRequired && output.key === 'link';
    const box = el('fluent-checkbox', {
      slot: 'input',
      id,
      value: output.key,
      checked: forced || DEFAULT_OUTPUTS.includes(output.key),
      disabled: forced,
    });
    const label = el(
      'label',
      { slot: 'label', for: id },
      output.header,
      forced ? el('span', { class: 'meta' }, ' (always, with each score)') : null,
    );
    checkboxes.set(output.key, box);
    container.append(el('fluent-field', { 'label-position': 'after' }, label, box));
  };
  for (const output of OUTPUTS) {
    const group =
      output.formula.fn === 'FLAG'
        ? 'score-outputs-flags'
        : output.formula.fn === 'PROFILE'
          ? 'score-outputs-ranks'
          : 'score-outputs-main';
    addOutput(byId(group), output);
  }
  const countFlags = (): void => {
    flagCount.textContent = String(
      OUTPUTS.filter((o) => o.formula.fn === 'FLAG' && checkboxes.get(o.key)?.checked).length,
    );
  };
  byId('score-outputs-flags').addEventListener('change', countFlags);
  countFlags();

  let current: { target: RangeTarget; model: SelectionModel } | null = null;

  const fillColumnPicker = (select: HTMLSelectElement, model: SelectionModel, guess: number | null): void => {
    replaceChildren(
      select,
      el('option', { value: '' }, 'None'),
      ...model.columns.map((column) =>
        el('option', { value: String(column.index), selected: column.index === guess }, column.label),
      ),
    );
  };

  const describeRows = (model: SelectionModel): string => {
    const first = header.checked ? model.top + 1 : model.top;
    const rows = model.bottom - first + 1;
    const letter = columnLetters(model.nameColumn);
    const range = `${model.sheet}!${letter}${first + 1}:${letter}${model.bottom + 1}`;
    return `Names: ${range} (${rows} ${rows === 1 ? 'row' : 'rows'}).`;
  };

  const useSelection = async (): Promise<void> => {
    const snapshot = await readSelection();
    const model = describeSelection(snapshot);
    current = { target: { sheet: snapshot.sheet, box: snapshot.selection }, model };
    header.checked = model.firstRowIsHeader;
    fillColumnPicker(website, model, model.websiteGuess);
    fillColumnPicker(country, model, model.countryGuess);
    fillColumnPicker(spend, model, model.spendGuess);
    options.hidden = false;
    setStatus(selectionLine, 'info', describeRows(model));
  };
  header.addEventListener('change', () => current && setStatus(selectionLine, 'info', describeRows(current.model)));

  const chosenOutputs = (): OutputKey[] => [...checkboxes].filter(([, box]) => box.checked).map(([key]) => key);
  const pickedColumn = (select: HTMLSelectElement): number | null =>
    select.value === '' ? null : Number(select.value);

  const showSummary = (summary: ScoringSummary): void => {
    const rows: Array<[string, number]> = [
      ['Scored', summary.scored],
      ['Still profiling', summary.pending],
      ['Not found', summary.notFound],
      ['Errors', summary.errors],
    ];
    replaceChildren(
      summaryList,
      ...rows.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, String(value))]),
    );
    summaryList.hidden = false;
  };

  const write = async (afterWrite?: () => Promise<void>): Promise<void> => {
    if (!current) throw new Error('Select the supplier names and choose Use selection first.');
    // Read again: the sheet may have changed since the names were chosen.
    const snapshot = await readSelection(current.target);
    const model = describeSelection(snapshot);
    const selection = columnSelection(snapshot, model, {
      firstRowIsHeader: header.checked,
      websiteColumn: pickedColumn(website),
      countryColumn: pickedColumn(country),
    });
    const plan = planColumnScoring(selection, { outputs: chosenOutputs(), linkRequired, logo: supportsImages() });
    const logo = plan.attribution.logoColumn !== null ? await logoBase64() : null;
    await writeScoringPlan(snapshot.sheet, plan, logo);
    const written = scoredBlock(snapshot.sheet, plan);
    const marked =
      written.reviewRule === null || (await addReviewFormat(snapshot.sheet, written.block.box, written.reviewRule));
    hooks.onScored(written.block);
    if (plan.outputs.includes('score')) {
      hooks.onScoredBlock?.(
        blockFromPlan(model.sheet, selection, plan, plan.outputs, pickedColumn(spend)),
        model.columns,
      );
    }
    // Rows inserted at the top moved the names down: a second run must find them where they are now.
    current.target.box.rowIndex += plan.insertRowsAtTop;
    const last = plan.firstColumn + plan.headers.length - 1;
    setStatus(
      selectionLine,
      'success',
      `Wrote ${plan.scoredRows.length * plan.headers.length} formulas into ` +
        `${model.sheet}!${columnLetters(plan.firstColumn)}:${columnLetters(last)}.` +
        (marked ? '' : UNMARKED),
    );
    await afterWrite?.();
    summaryList.hidden = true;
    progress.hidden = false;
    // The bar moves with every row; the status line (a live region) at most once a second and at the
    // end, so that a screen reader is not read a number per supplier.
    let announced = 0;
    const follow = (summary: ScoringSummary): void => {
      bar.max = Math.max(1, summary.total);
      bar.value = summary.settled;
      const done = summary.settled >= summary.total;
      if (!done && Date.now() - announced < 1000) return;
      announced = Date.now();
      setStatus(progressLine, done ? 'success' : 'busy', progressText(summary));
    };
    follow(emptySummary(plan.scoredRows.length));
    const summary = await followScoring(context.engine, rowQueries(snapshot, selection, plan), follow);
    showSummary(summary);
    hooks.onSummary(summary);
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
