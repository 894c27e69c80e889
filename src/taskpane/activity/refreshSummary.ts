/**
 * What the Activity section says a refresh did, in figures: organizations refreshed of those asked
 * for, the requests it took, those still being profiled, and what failed, by name with the service's
 * words, and whether their cells kept the values fetched before (the engine keeps a record until a
 * newer one arrives) or show the error. In the pane's language: counts choose their plural form, the
 * names are listed the language's way (shortList).
 */
import type { RefreshFailure, RefreshReport } from '../../engine';
import { t } from '../../i18n/translate';
import { sentences } from '../../i18n/sentences';
import { shortList } from '../../i18n/shortList';
import type { Tone } from '../ui/view';

/** Names listed per error, and errors listed: the rest is counted. */
const NAMES_SHOWN = 3;
const ERRORS_SHOWN = 2;

/** The rows a refresh of selected rows covered, 1-based as Excel numbers them; null: the whole workbook. */
export type RefreshedRows = { first: number; last: number } | null;

/** Row numbers as Excel shows them: digits only, no grouping. */
export const rowValues = (rows: NonNullable<RefreshedRows>): Record<string, string> => ({
  first: String(rows.first),
  last: String(rows.last),
});

/** The failures by message, in the order first seen: "Acme, Beta and 2 more (The service failed …)". */
function failures(failed: readonly RefreshFailure[]): string {
  const byMessage = new Map<string, string[]>();
  for (const { organization, message } of failed)
    byMessage.set(message, [...(byMessage.get(message) ?? []), organization]);
  const groups = [...byMessage]
    .slice(0, ERRORS_SHOWN)
    .map(([message, names]) => `${shortList(names, NAMES_SHOWN)} (${message})`);
  const others = [...byMessage].slice(ERRORS_SHOWN).reduce((sum, [, names]) => sum + names.length, 0);
  if (others > 0) groups.push(t('activity.refresh.otherErrors', { count: others }));
  return groups.join('; ');
}

function kept(failed: readonly RefreshFailure[]): string {
  const keeping = failed.filter((failure) => failure.keptFrom !== null).length;
  if (keeping === 0) return t('activity.refresh.showError', { count: failed.length });
  if (keeping === failed.length) return t('activity.refresh.keep', { count: failed.length });
  return t('activity.refresh.keepSome', { count: keeping });
}

export function refreshSummary(report: RefreshReport, rows: RefreshedRows): { tone: Tone; message: string } {
  const { organizations, refreshed, profiling, requests, failed } = report;
  if (organizations === 0) {
    // Refresh all before anything asked: the recalculated cells ask the service themselves
    const message = rows ? t('activity.refresh.noneInRows', rowValues(rows)) : t('activity.refresh.noneAsked');
    return { tone: 'info', message };
  }
  const values = {
    ...(rows ? rowValues(rows) : {}),
    count: organizations,
    refreshed,
    requests: t('activity.refresh.requests', { count: requests }),
  };
  const whole = failed.length === 0;
  const message = sentences(
    rows
      ? t(whole ? 'activity.refresh.doneRows' : 'activity.refresh.partialRows', values)
      : t(whole ? 'activity.refresh.done' : 'activity.refresh.partial', values),
    !whole && t('activity.refresh.failed', { count: failed.length, list: failures(failed) }),
    !whole && kept(failed),
    profiling > 0 && t('activity.refresh.profiling', { count: profiling }),
  );
  const tone: Tone = whole ? 'success' : refreshed === 0 ? 'error' : 'info';
  return { tone, message };
}
