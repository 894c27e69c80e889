import { EngineError, type OrganizationQuery } from '../../src/engine';
import { followScoring, type ScoringSummary } from '../../src/taskpane/score/scoringProgress';
import type { OrganizationRecord } from '../../src/service/types';

function record(id: number, name: string, score: number | null, status = 'synced'): OrganizationRecord {
  return { id, name, status, score } as OrganizationRecord;
}

describe('following a scoring run', () => {
  test('rows end as scored, still profiling, not found or errors; one engine call per distinct organization', async () => {
    const asked: OrganizationQuery[] = [];
    const engine = {
      async organization(query: OrganizationQuery) {
        asked.push(query);
        await new Promise((resolve) => setTimeout(resolve, asked.length));
        switch (query.name) {
          case 'Acme Corp':
            return { state: 'ready' as const, record: record(1, 'Acme Corp', 0.71), receivedAt: 0 };
          case 'Newco':
            return { state: 'pending' as const, record: record(2, 'Newco', null, 'researching'), receivedAt: 0 };
          case 'Nobody':
            throw new EngineError('not-found', 'No such organization.');
          default:
            throw new EngineError('network', 'The service did not answer.');
        }
      },
    };
    const seen: number[] = [];
    const summary = await followScoring(
      engine,
      [
        { query: { name: 'Acme Corp' } },
        { query: { name: 'Acme Corp' } },
        { query: { name: 'Newco' } },
        { query: { name: 'Nobody' } },
        { query: { name: 'Flaky' } },
        { invalid: 'Not a valid LEI: check digits fail.' },
      ],
      (s: ScoringSummary) => seen.push(s.settled),
    );
    expect(asked).toHaveLength(4);
    expect(summary).toEqual({
      total: 6,
      settled: 6,
      scored: 2,
      pending: 1,
      notFound: 1,
      errors: 2,
      profiling: [{ id: 2, name: 'Newco', status: 'researching' }],
    });
    expect(seen[0]).toBe(1); // the invalid row is settled before anything is asked
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[seen.length - 1]).toBe(6);
  });
});
