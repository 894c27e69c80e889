/**
 * "Refresh values older than N days", pure: which of a sheet's organizations hold values the service
 * produced more than N days ago (a record's `updated_at`, which a cached copy keeps), and about how
 * many requests asking for them again takes (the batch limit of the contract). An organization not
 * read in this session has no known age: it is counted, not refreshed (its cells ask the service
 * themselves when they recalculate).
 */
import type { OrganizationOutcome, OrganizationQuery } from '../../engine';
import { MAX_BATCH_ITEMS } from '../../service/contract';

const DAY_MS = 86_400_000;
/** The longest age the pane takes: ten years. */
export const MAX_AGE_DAYS = 3650;

export interface OlderValues {
  /** The organizations to refresh, as their cells ask for them. */
  older: OrganizationQuery[];
  /** Organizations whose age is not known (no record in this session's cache, or one the service left undated). */
  unknown: number;
  /** About how many requests a refresh of `older` takes: full batches of the contract's limit. */
  requests: number;
}

/** The days typed, as a whole number from 1 to MAX_AGE_DAYS; null for anything else. */
export function readDays(text: string): number | null {
  const typed = text.trim();
  if (!/^\d{1,4}$/.test(typed)) return null;
  const days = Number(typed);
  return days >= 1 && days <= MAX_AGE_DAYS ? days : null;
}

/** Of `queries` (distinct), those whose cached record was produced more than `days` days before `now`. */
export function olderValues(
  queries: readonly OrganizationQuery[],
  cached: (query: OrganizationQuery) => OrganizationOutcome | null,
  days: number,
  now: number,
): OlderValues {
  const older: OrganizationQuery[] = [];
  let unknown = 0;
  for (const query of queries) {
    const produced = Date.parse(cached(query)?.record.updated_at ?? '');
    if (!Number.isFinite(produced)) unknown++;
    else if (now - produced > days * DAY_MS) older.push(query);
  }
  return { older, unknown, requests: Math.ceil(older.length / MAX_BATCH_ITEMS) };
}
