/**
 * A refresh, in figures: every organization in its scope is asked for again (organizations.ts
 * `refetch`), and the run says how many answered, how many requests went out meanwhile and which
 * failed, with the time of the record their cells still show. The pane says it after the refresh.
 */
import type { OrganizationRequest } from '../../service/types';
import { engineErrorFrom } from '../errors';
import type { Identity } from './identity';
import type { OrganizationOutcome } from '../types';

export interface RefreshFailure {
  /** What was asked for: the name sent, else the website or identifier. */
  organization: string;
  message: string;
  /** When the record its cells still show was fetched (ms since 1970); null when they show the error. */
  keptFrom: number | null;
}

export interface RefreshReport {
  /** Distinct organizations asked for again. */
  organizations: number;
  /** Of those, the ones the service answered (final, or still being profiled). */
  refreshed: number;
  /** Of the refreshed, those still being profiled: their cells update themselves. */
  profiling: number;
  /** HTTP requests sent while the refresh ran (cells asking meanwhile included). */
  requests: number;
  failed: RefreshFailure[];
}

export interface RefreshParts {
  /** Requests sent so far. */
  requests(): number;
  refetch(identity: Identity): Promise<OrganizationOutcome>;
  /** When the final record the cache still holds for `key` was fetched; null when it holds none. */
  keptFrom(key: string): number | null;
}

function label(request: OrganizationRequest): string {
  return request.name ?? request.website ?? Object.values(request).find((value) => typeof value === 'string') ?? '?';
}

export async function runRefresh(identities: readonly Identity[], parts: RefreshParts): Promise<RefreshReport> {
  const distinct = [...new Map(identities.map((identity) => [identity.key, identity])).values()];
  const before = parts.requests();
  const outcomes = await Promise.allSettled(distinct.map((identity) => parts.refetch(identity)));
  const report: RefreshReport = { organizations: distinct.length, refreshed: 0, profiling: 0, requests: 0, failed: [] };
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') {
      report.refreshed += 1;
      if (outcome.value.state === 'pending') report.profiling += 1;
      return;
    }
    const { key, request } = distinct[i];
    report.failed.push({
      organization: label(request),
      message: engineErrorFrom(outcome.reason, 1).message,
      keptFrom: parts.keptFrom(key),
    });
  });
  report.requests = parts.requests() - before;
  return report;
}
