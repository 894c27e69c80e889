/**
 * The Activity section: the engine's counters, live (requests, batches, cache hits, profiles still
 * being researched, errors by kind), and the two refreshes: everything, or the organizations of the
 * selected rows, each saying what it did in figures (refreshSummary.ts). The counters are not a live
 * region: they change many times a second and would drown a screen reader; the refresh results are
 * announced instead.
 */
import type { EngineErrorKind, EngineStats, OrganizationQuery, RefreshReport } from '../../engine';
import { currentLanguage, t } from '../../i18n/translate';
import { sentences } from '../../i18n/sentences';
import { rememberCellsUpdatedAt } from '../../office/documentSettings';
import { recalculateClimateCells } from '../../office/excelCalculate';
import type { ProfilingEntry } from '../common/blockScored';
import type { PaneContext } from '../common/paneContext';
import { organizationsInRows, queriesOf } from '../sheet/climateCells';
import type { CellGrid, RangeBox, SelectionSnapshot, SheetRange } from '../sheet/grid';
import { readSelection } from '../sheet/read';
import { recalculateRows } from '../sheet/write';
import { byId, el, replaceChildren, setStatus, withBusy } from '../ui/view';
import { refreshSummary, rowValues, type RefreshedRows } from './refreshSummary';

export function counterRows(stats: EngineStats): Array<[string, number]> {
  return [
    [t('activity.counter.requests'), stats.requests],
    [t('activity.counter.batches'), stats.batches],
    [t('activity.counter.items'), stats.items],
    [t('activity.counter.calls'), stats.calls],
    [t('activity.counter.cacheHits'), stats.cacheHits],
    [t('activity.counter.retries'), stats.retries],
    [t('activity.counter.rateLimitWaits'), stats.rateLimitWaits],
    [t('activity.counter.inFlight'), stats.inFlight],
    [t('activity.counter.queued'), stats.queued],
    [t('activity.counter.pendingProfiles'), stats.pendingProfiles],
  ];
}

/** The error kinds that happened, each named in the pane's language. */
export function errorRows(stats: EngineStats): Array<[string, number]> {
  return (Object.entries(stats.errors) as Array<[EngineErrorKind, number]>)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => [t(`activity.errorKind.${kind}`), count]);
}

/** What Refresh selected rows does: ask again for these organizations, then recalculate these rows. */
export interface RowsRefresh {
  sheet: string;
  queries: OrganizationQuery[];
  /** Every selected row the sheet uses, 0-based. */
  rows: number[];
  /**
   * The sheet's used columns: a row's card (`CLIMATE.ORG`) is recalculated with its fields (`=E3.Score`)
   * whichever of its cells are selected, and Excel recalculates the fields from the card, with no call.
   */
  columns: RangeBox;
  /** Calls whose organization could not be read: recalculated only. */
  unresolved: number;
}

/** The refresh of the selected rows, or why there is nothing to refresh. */
export function rowsToRefresh({
  grid,
  selection,
  used,
}: SelectionSnapshot & { grid: CellGrid }): RowsRefresh | { nothing: string } {
  const top = Math.max(used?.rowIndex ?? 0, selection.rowIndex);
  const bottom = Math.min(grid.rowIndex + grid.formulas.length - 1, selection.rowIndex + selection.rowCount - 1);
  if (!used || bottom < top) return { nothing: t('activity.rows.selectFirst') };
  const found = organizationsInRows(grid, top, bottom);
  if (found.calls === 0)
    return { nothing: t('activity.rows.noFormulas', rowValues({ first: top + 1, last: bottom + 1 })) };
  const rows = Array.from({ length: bottom - top + 1 }, (_, i) => top + i);
  return {
    sheet: grid.sheet,
    queries: queriesOf(found.organizations),
    rows,
    columns: used,
    unresolved: found.unresolved,
  };
}

export interface ActivitySection {
  refreshAll(): Promise<void>;
  /** Organizations still profiling after a scoring run, with their status (until the engine says they are done). */
  showProfiling(profiles: ProfilingEntry[]): void;
}

/**
 * What runs around both refreshes: the Changes section's two readings (app.ts wires it), of every
 * sheet for Refresh all, of the selected rows alone (`rows`) for Refresh selected rows.
 */
export interface ActivityHooks {
  around?: <T>(refresh: () => Promise<T>, rows?: SheetRange) => Promise<T>;
}

export function mountActivity(context: PaneContext, hooks: ActivityHooks = {}): ActivitySection {
  const counters = byId('activity-counters');
  const errors = byId('activity-errors');
  const pending = byId('activity-pending', 'ul');
  const status = byId('activity-status');
  const notes = byId('activity-notes', 'ul');
  context.runtimeNotes?.((line) => void notes.append(el('li', {}, line)));
  const allButton = byId('refresh-all', 'fluent-button');
  const rowsButton = byId('refresh-selection', 'fluent-button');

  let profiling: ProfilingEntry[] = [];
  const renderProfiling = (): void => {
    replaceChildren(
      pending,
      ...profiling.map((profile) =>
        el('li', {}, el('span', {}, profile.name), el('span', { class: 'meta' }, profile.status)),
      ),
    );
    if (profiling.length === 0) pending.append(el('li', { class: 'meta' }, t('activity.pending.none')));
  };

  const pairs = (rows: Array<[string, number]>): Node[] =>
    rows.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value.toLocaleString(currentLanguage()))]);
  let scheduled = false;
  const render = (): void => {
    scheduled = false;
    const stats = context.engine.stats();
    replaceChildren(counters, ...pairs(counterRows(stats)));
    const failed = errorRows(stats);
    replaceChildren(
      errors,
      ...(failed.length ? pairs(failed) : [el('dt', {}, t('activity.errors.none')), el('dd', {}, '')]),
    );
  };
  // Events can come thousands at a time during a big recalculation: draw at most once a frame.
  context.engine.subscribe((event) => {
    if (event.type === 'profiled') {
      profiling = profiling.filter((profile) => !event.ids.includes(profile.id));
      renderProfiling();
    }
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(render);
  });
  render();
  renderProfiling();

  const say = (report: RefreshReport, rows: RefreshedRows, note?: string): void => {
    const { tone, message } = refreshSummary(report, rows);
    setStatus(status, tone, sentences(message, note));
  };

  // The engine asks the service first and keeps each record until a newer one arrives; the cells are
  // recalculated once every answer is in, so they read the new records (or keep theirs) from the cache.
  const refreshAll = async (): Promise<void> => {
    setStatus(status, 'busy', t('activity.refreshing.all'));
    const refresh = async (): Promise<RefreshReport> => {
      const answered = await context.engine.refresh();
      await recalculateClimateCells('all');
      return answered;
    };
    const report = await (hooks.around ? hooks.around(refresh) : refresh());
    // The workbook's record of its last refresh: SBTi changes are listed since it, a reopened workbook judged by it.
    await rememberCellsUpdatedAt(Date.now()).catch(() => undefined);
    say(report, null);
  };

  const refreshRows = async (): Promise<void> => {
    const plan = rowsToRefresh(await readSelection({ layout: false })); // it writes nothing
    if ('nothing' in plan) {
      setStatus(status, 'info', plan.nothing);
      return;
    }
    const { queries, rows, unresolved } = plan;
    const where = { first: rows[0] + 1, last: rows[rows.length - 1] + 1 };
    setStatus(status, 'busy', t('activity.refreshing.rows', { ...rowValues(where), count: queries.length }));
    const refresh = async (): Promise<RefreshReport> => {
      const answered = await context.engine.refresh({ queries });
      await recalculateRows(plan.sheet, rows, plan.columns);
      return answered;
    };
    // Only these rows are recalculated, so only they are read before and after.
    const box = { ...plan.columns, rowIndex: rows[0], rowCount: rows.length };
    const report = await (hooks.around ? hooks.around(refresh, { sheet: plan.sheet, box }) : refresh());
    say(report, where, unresolved > 0 ? t('activity.rows.unread', { count: unresolved }) : undefined);
  };

  allButton.addEventListener('click', () => void withBusy(allButton, status, refreshAll));
  rowsButton.addEventListener('click', () => void withBusy(rowsButton, status, refreshRows));

  return {
    refreshAll,
    showProfiling(profiles): void {
      const known = new Set(profiles.map((profile) => profile.id));
      profiling = [...profiling.filter((profile) => !known.has(profile.id)), ...profiles];
      renderProfiling();
    },
  };
}
