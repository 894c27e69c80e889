/**
 * "Refresh values older than N days", in the Activity section: Find them reads the active sheet's
 * CLIMATE rows and says which organizations hold values older than N days (olderValues.ts) and about
 * how many requests asking for them again takes; Refresh these then asks the service for only those and
 * recalculates only their rows, inside the Changes section's two readings (changesSection.ts), so the
 * same report of what changed follows.
 */
import type { OrganizationQuery, RefreshReport } from '../../engine';
import { sentences } from '../../i18n/sentences';
import { t } from '../../i18n/translate';
import type { PaneContext } from '../common/paneContext';
import { organizationQuery, organizationsInRows, queriesOf, rowOrganization } from '../sheet/climateCells';
import type { RangeBox } from '../sheet/grid';
import { readRows } from '../sheet/read';
import { recalculateRows } from '../sheet/write';
import { byId, fieldText, markInvalid, setStatus, withBusy, type Tone } from '../ui/view';
import type { ChangesSection } from './changesSection';
import { readDays, olderValues } from './olderValues';

/** What the pane says a refresh of the workbook did (the Activity section's words, handed over by app.ts). */
export type RefreshWords = (report: RefreshReport) => { tone: Tone; message: string };

export function mountOlderValues(context: PaneContext, changes: ChangesSection, refreshWords: RefreshWords): void {
  const daysInput = byId('older-days', 'fluent-text-input');
  const checkButton = byId('older-check', 'fluent-button');
  const runButton = byId('older-run', 'fluent-button');
  const olderStatus = byId('older-status');

  /** The last check's plan: the rows to recalculate and the organizations to ask for again. */
  let plan: { sheet: string; rows: number[]; columns: RangeBox; queries: OrganizationQuery[] } | null = null;

  const check = async (): Promise<void> => {
    plan = null;
    runButton.hidden = true;
    const days = readDays(fieldText(daysInput));
    markInvalid(daysInput, days === null);
    if (days === null) throw new Error(t('changes.older.badDays'));
    const grid = await readRows(null);
    const sheet = grid?.sheet ?? '';
    const lastRow = grid ? grid.rowIndex + grid.formulas.length - 1 : -1;
    const queries = grid ? queriesOf(organizationsInRows(grid, grid.rowIndex, lastRow).organizations) : [];
    const found = olderValues(queries, (query) => context.engine.cached(query), days, Date.now());
    const unknown = found.unknown > 0 && t('changes.older.unknown', { count: found.unknown });
    if (!grid || found.older.length === 0) {
      setStatus(olderStatus, 'info', sentences(t('changes.older.none', { sheet, days }), unknown));
      return;
    }
    const wanted = new Set(found.older.map((query) => JSON.stringify(query)));
    const rows: number[] = [];
    for (let row = grid.rowIndex; row <= lastRow; row++) {
      const args = rowOrganization(grid, row);
      const query = args && organizationQuery(args);
      if (query && wanted.has(JSON.stringify(query))) rows.push(row);
    }
    const width = Math.max(0, ...grid.formulas.map((cells) => cells.length));
    const columns = { rowIndex: grid.rowIndex, columnIndex: grid.columnIndex, rowCount: 1, columnCount: width };
    plan = { sheet, rows, columns, queries: found.older };
    const said = sentences(
      t('changes.older.found', { count: found.older.length, sheet, days }),
      t('changes.older.requests', { count: found.requests }),
      unknown,
    );
    setStatus(olderStatus, 'info', said);
    runButton.hidden = false;
  };

  const refreshOlder = async (): Promise<void> => {
    const chosen = plan;
    if (chosen === null) return;
    plan = null;
    runButton.hidden = true;
    const report: RefreshReport = await changes.around(async () => {
      const answered = await context.engine.refresh({ queries: chosen.queries });
      await recalculateRows(chosen.sheet, chosen.rows, chosen.columns);
      return answered;
    });
    const { tone, message } = refreshWords(report);
    setStatus(olderStatus, tone, message);
  };

  checkButton.addEventListener('click', () => void withBusy(checkButton, olderStatus, check));
  runButton.addEventListener('click', () => void withBusy(runButton, olderStatus, refreshOlder));
}
