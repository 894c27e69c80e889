/**
 * The pane, assembled: each section mounts itself on the static page, the header badge follows the
 * connection, and a change of connection settings is carried into the workbook (a recalculation,
 * see connection/connectionEffects.ts). Returns the actions the ribbon calls.
 */
import { hasExcelApi, showPane } from '../office/host';
import { recalculateClimateCells } from '../office/excelCalculate';
import type { Settings } from '../settings/settings';
import { mountActivity } from './activity/activity';
import { refreshSummary } from './activity/refreshSummary';
import { mountAttributionCheck } from './attribution/attributionSection';
import { mountChanges } from './changes/changesSection';
import { mountOlderValues } from './changes/olderSection';
import { mountMatchReview } from './review/matchReview';
import { mountConnection } from './connection/connection';
import { mountShareCopy } from './copy/shareCopy';
import { mountFirstRun } from './firstRun/firstRun';
import { connectionSummary } from './connection/connectionModel';
import { needsRecalculation } from './connection/connectionEffects';
import type { PaneActions } from './paneActions';
import type { PaneContext } from './common/paneContext';
import { enteredFor } from '../settings/keyOrigin';
import { mountProjects } from './projects/projects';
import { mountReference } from './reference/reference';
import { mountScoreColumn } from './score/scoreColumn';
import { mountSummary } from './summary/summary';
import { t } from '../i18n/translate';
import { byId, messageOf, setBadge, setStatus } from './ui/view';

export async function startPane(context: PaneContext): Promise<PaneActions> {
  await context.settings.loaded();
  const badge = byId('connection-badge');
  const connectionStatus = byId('connection-status');
  /** The service refused the key in use (the engine said so), until the connection settings change. */
  let refused = false;
  const renderBadge = (settings: Settings): void =>
    setBadge(
      badge,
      settings.apiKey && !refused ? 'success' : 'error',
      connectionSummary(settings, {
        keyProblem: context.settings.keyProblem(),
        held: context.settings.heldKey() !== null,
        refused,
      }),
    );

  mountConnection(context);
  const projects = mountProjects(context);
  const review = mountMatchReview(context);
  const changes = mountChanges(context, (rows) => review.checkRows(rows));
  // The older values' refresh covers organizations across the sheet, not a block of rows: its line names no rows.
  mountOlderValues(context, changes, (report) => refreshSummary(report, null));
  const activity = mountActivity(context, { around: (refresh, rows) => changes.around(refresh, rows) });
  const summarySection = mountSummary(context);
  const score = mountScoreColumn(context, {
    blockScored: (event) => {
      review.blockScored(event);
      summarySection.blockScored(event);
    },
    stillProfiling: (profiles) => activity.showProfiling(profiles),
  });
  mountReference(context);
  mountShareCopy(context);
  const attribution = mountAttributionCheck();
  const scoreSelection = (): Promise<void> => score.scoreCurrentSelection(() => attribution.check());
  await mountFirstRun(context, { scoreSelection });

  let before = context.settings.current();
  renderBadge(before);
  const keyProblem = context.settings.keyProblem();
  if (keyProblem !== null) {
    // A key held back at a new address is confirmed in the form (savedKey.ts), not typed again.
    const held = context.settings.heldKey();
    setStatus(
      connectionStatus,
      'error',
      held !== null
        ? t('connection.heldAtStart', { enteredFor: enteredFor(held.savedFor), service: held.service })
        : t('connection.enterAgain', { problem: keyProblem }),
    );
  }
  // The badge says when the service refused the key in use; a refresh tries it again (engine.refresh).
  context.engine.subscribe((event) => {
    if (event.type !== 'auth-failed' && event.type !== 'auth-retried') return;
    refused = event.type === 'auth-failed';
    renderBadge(context.settings.current());
    if (event.type === 'auth-failed') {
      setStatus(connectionStatus, 'error', t('connection.refused', { message: event.message }));
    }
  });
  context.settings.subscribe((after) => {
    const recalculate = needsRecalculation(before, after) && hasExcelApi();
    if (after.apiKey !== before.apiKey || after.baseUrl !== before.baseUrl) refused = false;
    before = after;
    renderBadge(after);
    if (recalculate) {
      recalculateClimateCells('all').catch((error: unknown) =>
        setStatus(connectionStatus, 'error', t('connection.recalculateFailed', { message: messageOf(error) })),
      );
    }
  });

  await projects.showWorkbookProject();

  return {
    async scoreSelection(): Promise<void> {
      await showPane();
      byId('section-score', 'details').open = true;
      // Once written, every other block of scores and flags on the sheet (e.g. typed by hand) gets its attribution.
      await scoreSelection();
    },
    async refreshAll(): Promise<void> {
      await activity.refreshAll();
    },
    async buildSummary(): Promise<void> {
      await showPane();
      byId('section-summary', 'details').open = true;
      await summarySection.buildSummary();
    },
  };
}
