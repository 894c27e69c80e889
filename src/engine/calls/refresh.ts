/**
 * A refresh, in figures: every organization in its scope is asked for again (organizationPath.ts
 * `refetch`), and the run says how many answered, how many requests went out meanwhile and which
 * failed, with the time of the record their cells still show. The pane says it after the refresh.
 */
import type { OrganizationRequest } from '../../service/types';
import { engineErrorFrom } from '../errors';
import type { Identity } from './identity';
import type { OrganizationOutcome, RefreshReport } from '../types';

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
