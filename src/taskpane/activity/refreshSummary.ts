/**
 * What the Activity section says a refresh did, in figures: organizations refreshed of those asked
 * for, the requests it took, those still being profiled, and what failed, by name with the service's
 * words, and whether their cells kept the values fetched before (the engine keeps a record until a
 * newer one arrives) or show the error.
 */
import type { RefreshFailure, RefreshReport } from '../../engine';
import type { Tone } from '../ui/view';

/** Names listed per error, and errors listed: the rest is counted. */
const NAMES_SHOWN = 3;
const ERRORS_SHOWN = 2;

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The failures by message, in the order first seen: "Acme, Beta and 2 more (The service failed …)". */
function failures(failed: readonly RefreshFailure[]): string {
  const byMessage = new Map<string, string[]>();
  for (const { organization, message } of failed)
    byMessage.set(message, [...(byMessage.get(message) ?? []), organization]);
  const groups = [...byMessage].slice(0, ERRORS_SHOWN).map(([message, names]) => {
    const more = names.length - NAMES_SHOWN;
    const listed = names.slice(0, NAMES_SHOWN).join(', ');
    return `${more > 0 ? `${listed} and ${more} more` : listed} (${message})`;
  });
  const others = [...byMessage].slice(ERRORS_SHOWN).reduce((sum, [, names]) => sum + names.length, 0);
  return groups.join('; ') + (others > 0 ? `; ${others} more with other errors` : '');
}

function kept(failed: readonly RefreshFailure[]): string {
  const keeping = failed.filter((failure) => failure.keptFrom !== null).length;
  const values = 'the values fetched before (As of on a card says when)';
  if (keeping === 0) return failed.length === 1 ? 'Its cells show the error.' : 'Their cells show the error.';
  if (keeping === failed.length) return `${failed.length === 1 ? 'Its cells keep' : 'Their cells keep'} ${values}.`;
  return `${keeping} of them keep ${values}; the others show the error.`;
}

/** `where`: " in rows 3–122", or "" for the whole workbook. */
export function refreshSummary(report: RefreshReport, where: string): { tone: Tone; message: string } {
  const { organizations, refreshed, profiling, requests, failed } = report;
  if (organizations === 0) {
    // Refresh all before anything asked: the recalculated cells ask the service themselves
    const message =
      where === ''
        ? 'No organization asked for yet in this session: the recalculated cells ask the service.'
        : `No organization to refresh${where} (none their formulas name could be read): the rows were recalculated.`;
    return { tone: 'info', message };
  }
  const asked = failed.length === 0 ? '' : ` of ${organizations}`;
  const noun = organizations === 1 ? 'organization' : 'organizations';
  const sent = count(requests, 'request', 'requests');
  let message = `Refreshed ${refreshed}${asked} ${noun}${where} in ${sent}`;
  message += failed.length === 0 ? '.' : `; ${failed.length} failed: ${failures(failed)}. ${kept(failed)}`;
  if (profiling > 0) {
    const cells =
      profiling === 1 ? '1 is still being profiled: its cells' : `${profiling} are still being profiled: their cells`;
    message += ` ${cells} update themselves.`;
  }
  const tone: Tone = failed.length === 0 ? 'success' : refreshed === 0 ? 'error' : 'info';
  return { tone, message };
}
