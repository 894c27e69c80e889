/**
 * Follows a "Score a column" run through the engine until every supplier row has settled. The pane asks
 * the engine for the same organizations the new cells ask for: the engine de-duplicates them, so this
 * costs no extra request, and its answers tell how each row ends (scored, still profiling, not found or
 * no value now, error: as the cells show #N/A or #VALUE!) without reading the cells back from Excel.
 */
import type { Engine, OrganizationQuery } from '../../engine';
import type { ProfilingEntry } from '../common/blockScored';
import { failedRow } from '../common/outcome';

export interface ScoringSummary {
  total: number;
  settled: number;
  scored: number;
  pending: number;
  notFound: number;
  errors: number;
  /** Organizations still profiling, with their status, for the Activity list. */
  profiling: ProfilingEntry[];
}

type Outcome = 'scored' | 'pending' | 'notFound' | 'errors';

/** One supplier row: the query its cells send, or the reason it could not be read (a bad identifier). */
export type RowQuery = { query: OrganizationQuery } | { invalid: string };

export function emptySummary(total: number): ScoringSummary {
  return { total, settled: 0, scored: 0, pending: 0, notFound: 0, errors: 0, profiling: [] };
}

export async function followScoring(
  engine: Pick<Engine, 'organization'>,
  rows: RowQuery[],
  onProgress: (summary: ScoringSummary) => void,
): Promise<ScoringSummary> {
  const summary = emptySummary(rows.length);
  const byQuery = new Map<string, { query: OrganizationQuery; rows: number }>();
  for (const row of rows) {
    if ('invalid' in row) {
      summary.errors++;
      summary.settled++;
      continue;
    }
    const key = JSON.stringify(row.query);
    const entry = byQuery.get(key) ?? { query: row.query, rows: 0 };
    entry.rows++;
    byQuery.set(key, entry);
  }
  onProgress(summary);

  await Promise.all(
    [...byQuery.values()].map(async ({ query, rows: count }) => {
      let outcome: Outcome;
      try {
        const result = await engine.organization(query);
        if (result.state === 'pending') {
          outcome = 'pending';
          summary.profiling.push({
            id: result.record.id,
            name: result.record.name ?? query.name ?? `#${result.record.id}`,
            status: result.record.status ?? 'pending',
          });
        } else {
          outcome = result.record.score === null ? 'notFound' : 'scored';
        }
      } catch (error) {
        outcome = failedRow(error) === 'no value' ? 'notFound' : 'errors';
      }
      summary[outcome] += count;
      summary.settled += count;
      onProgress(summary);
    }),
  );
  return summary;
}
