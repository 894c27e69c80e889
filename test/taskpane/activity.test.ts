// The Activity section's lines: the engine's counters and errors, and the queries a refresh of rows drops.
import { ENGINE_ERROR_KINDS, type EngineStats } from '../../src/engine';
import { counterRows, errorRows, queriesOf } from '../../src/taskpane/activity/activity';

describe('activity lines', () => {
  test('counters in reading order; only the error kinds that happened', () => {
    const errors = Object.fromEntries(ENGINE_ERROR_KINDS.map((kind) => [kind, 0])) as EngineStats['errors'];
    const stats = {
      calls: 9,
      cacheHits: 4,
      joined: 1,
      requests: 2,
      batches: 2,
      items: 5,
      retries: 1,
      rateLimitWaits: 0,
      pendingProfiles: 1,
      inFlight: 0,
      queued: 0,
      cached: 4,
      errors: { ...errors, auth: 2, invalid: 1 },
      concurrency: 4,
    } as EngineStats;
    expect(counterRows(stats).map(([label]) => label)).toEqual([
      'Requests',
      'Batches',
      'Batch items',
      'Cell calls',
      'Cache hits',
      'Retries',
      'Rate-limit waits',
      'In flight',
      'Queued',
      'Pending profiles',
    ]);
    expect(counterRows(stats)[0]).toEqual(['Requests', 2]);
    expect(errorRows(stats)).toEqual([
      ['auth', 2],
      ['invalid', 1],
    ]);
  });

  test('refresh queries are read as the functions read them; inputs they refuse are left out', () => {
    expect(
      queriesOf([
        { organization: 'Acme Corp', website: 'https://www.acme.com/', country: 'us' },
        { organization: 'lei:12345', website: null, country: null },
        { organization: 123456789, website: null, country: null },
      ]),
    ).toEqual([{ name: 'Acme Corp', website: 'acme.com', hq_region: 'US' }, { duns_number: '123456789' }]);
  });
});
