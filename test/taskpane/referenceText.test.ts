import { ENGINE_ERROR_KINDS, type EngineStats } from '../../src/engine';
import { counterRows, errorRows, queriesOf } from '../../src/taskpane/activity/activity';
import { changeMeta, organizationMeta, sbtiMeta, sinceDate } from '../../src/taskpane/reference/reference';
import type { OrganizationRecord, SbtiChange, SbtiCompany } from '../../src/service/types';

describe('reference data lines', () => {
  test("an organization shows its score on the cells' scale, or says it has none yet", () => {
    const record = { id: 1, name: 'Acme', status: 'synced', score: 0.7155 } as OrganizationRecord;
    expect(organizationMeta(record, '0-100')).toBe('score 71.6 · synced');
    expect(organizationMeta(record, '0-1')).toBe('score 0.7155 · synced');
    expect(organizationMeta({ ...record, score: null, status: 'researching' }, '0-100')).toBe(
      'no score yet · researching',
    );
  });

  test('SBTi companies and changes', () => {
    const company = {
      company_name: 'ACME',
      near_term_target_status: 'Targets set',
      net_zero_committed: 'Yes',
      net_zero_year: 2045,
      sector: 'Steel',
    } as unknown as SbtiCompany;
    expect(sbtiMeta(company)).toBe('near-term: Targets set · net zero by 2045 · Steel');
    const change = {
      id: 1,
      company_name: 'ACME',
      isin: null,
      field: 'net_zero_committed',
      old_value: 'No',
      new_value: 'Yes',
      changed_at: '2025-12-08T00:00:00.000Z',
    } as SbtiChange;
    expect(changeMeta(change)).toBe('net_zero_committed: No → Yes · 2025-12-08');
    expect(sinceDate(new Date('2026-11-22T10:00:00Z'))).toBe('2025-11-22');
  });
});

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
