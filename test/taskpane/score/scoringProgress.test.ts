import { ENGINE_ERROR_KINDS, EngineError, type EngineErrorKind, type OrganizationQuery } from '../../../src/engine';
import { failureFrom } from '../../../src/functions/results/errors';
import { followScoring, type ScoringSummary } from '../../../src/taskpane/score/scoringProgress';
import type { OrganizationRecord } from '../../../src/service/types';

function record(id: number, name: string, score: number | null, status = 'synced'): OrganizationRecord {
  return { id, name, status, score } as OrganizationRecord;
}

describe('following a scoring run', () => {
  test('rows end as scored, still profiling, not found (no value, a service that did not answer too) or errors; one engine call per distinct organization', async () => {
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
          case 'Locked':
            throw new EngineError('auth', 'The key was refused.');
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
        { query: { name: 'Locked' } },
        { invalid: 'Not a valid LEI: check digits fail.' },
      ],
      (s: ScoringSummary) => seen.push(s.settled),
    );
    expect(asked).toHaveLength(5);
    expect(summary).toEqual({
      total: 7,
      settled: 7,
      scored: 2,
      pending: 1,
      notFound: 2,
      errors: 2,
      profiling: [{ id: 2, name: 'Newco', status: 'researching' }],
    });
    expect(seen[0]).toBe(1); // the invalid row is settled before anything is asked
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[seen.length - 1]).toBe(7);
  });

  // The summary sheet counts the same rows by the cell's code: #N/A "not found (no value)", #VALUE! "errors".
  test.each(
    ENGINE_ERROR_KINDS.map((kind): [EngineErrorKind, string] => [
      kind,
      kind === 'auth' || kind === 'invalid' ? '#VALUE!' : '#N/A',
    ]),
  )('a row failing with %s counts as its cells show it (%s)', async (kind, code) => {
    const error = new EngineError(kind, 'No value now.');
    expect(failureFrom(error).code).toBe(code);
    const engine = {
      organization: async (): Promise<never> => {
        throw error;
      },
    };
    const summary = await followScoring(engine, [{ query: { name: 'Acme Corp' } }], () => undefined);
    expect([summary.notFound, summary.errors]).toEqual(code === '#N/A' ? [1, 0] : [0, 1]);
  });
});
