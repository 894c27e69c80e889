/**
 * Score a column's run, pure parts: the query each scored row's cells send (read exactly as the
 * functions read their arguments), what "a block was scored" carries to the other sections, and the
 * progress line.
 */
import { parseOrganization } from '../../functions/arguments/organizationArgument';
import { t } from '../../i18n/translate';
import type { BlockScored } from '../common/blockScored';
import type { SelectionSnapshot } from '../sheet/grid';
import type { ColumnOption, ColumnSelection } from '../sheet/selectionModel';
import { rowValue } from '../sheet/selectionModel';
import { messageOf } from '../ui/view';
import { blockFromPlan, writtenRange, type ScoringPlan } from './scoringPlan';
import type { RowQuery, ScoringSummary } from './scoringProgress';

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

/** The event of a written plan: its block's range, and its layout when the block has a score column. */
export function blockScoredOf(
  sheet: string,
  selection: ColumnSelection,
  plan: ScoringPlan,
  spendColumn: number | null,
  columns: readonly ColumnOption[],
): BlockScored {
  const layout = plan.block.outputs.has('score') ? blockFromPlan(sheet, selection, plan, spendColumn) : null;
  return { range: writtenRange(sheet, plan), layout, columns };
}

export function progressText(summary: ScoringSummary): string {
  return t('score.progress', { settled: summary.settled, count: summary.total });
}
