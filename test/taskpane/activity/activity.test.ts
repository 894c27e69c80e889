// The Activity section's lines: the engine's counters and errors, the queries a refresh of rows asks for again, and what a refresh says it did.
import { ENGINE_ERROR_KINDS, type EngineStats, type RefreshFailure, type RefreshReport } from '../../../src/engine';
import { counterRows, errorRows } from '../../../src/taskpane/activity/activity';
import { queriesOf } from '../../../src/taskpane/sheet/climateCells';
import { refreshSummary } from '../../../src/taskpane/activity/refreshSummary';
import { setLanguage } from '../../../src/i18n/translate';

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
      ['Key refused', 2],
      ['Invalid input', 1],
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

describe('what the pane says after a refresh', () => {
  const report = (patch: Partial<RefreshReport> = {}): RefreshReport => ({
    organizations: 120,
    refreshed: 120,
    profiling: 0,
    requests: 2,
    failed: [],
    ...patch,
  });
  const down = (organization: string, keptFrom: number | null): RefreshFailure => ({
    organization,
    message: 'The service failed (HTTP 503): Service Unavailable (tried 4 times). Try Refresh later.',
    keptFrom,
  });

  test('how many organizations, in how many requests, where', () => {
    expect(refreshSummary(report(), { first: 3, last: 122 })).toEqual({
      tone: 'success',
      message: 'Refreshed 120 organizations in rows 3–122 in 2 requests.',
    });
    expect(refreshSummary(report({ organizations: 1, refreshed: 1, requests: 1, profiling: 1 }), null)).toEqual({
      tone: 'success',
      message: 'Refreshed 1 organization in 1 request. 1 is still being profiled: its cells update themselves.',
    });
    expect(refreshSummary(report({ organizations: 0, refreshed: 0, requests: 0 }), null).message).toBe(
      'No organization asked for yet in this session: the recalculated cells ask the service.',
    );
    expect(refreshSummary(report({ organizations: 0, refreshed: 0, requests: 0 }), { first: 3, last: 4 }).message).toBe(
      'No organization to refresh in rows 3–4 (none their formulas name could be read): the rows were recalculated.',
    );
  });

  test('what failed, by name and with the service’s words, and whether the cells kept their values', () => {
    const failed = [down('Acme', 1), down('Beta', 1), down('Gamma', 1), down('Delta', null)];
    expect(refreshSummary(report({ refreshed: 116, failed }), null)).toEqual({
      tone: 'info',
      message:
        'Refreshed 116 of 120 organizations in 2 requests. 4 failed: Acme, Beta, Gamma, and 1 more (The service ' +
        'failed (HTTP 503): Service Unavailable (tried 4 times). Try Refresh later.). 3 of them keep the values ' +
        'fetched before (As of on a card says when); the others show the error.',
    });
    const all = [down('Acme', 1), { ...down('Beta', 1), message: 'The request could not be sent: offline' }];
    expect(refreshSummary(report({ organizations: 2, refreshed: 0, failed: all }), null)).toEqual({
      tone: 'error',
      message:
        'Refreshed 0 of 2 organizations in 2 requests. 2 failed: Acme (The service failed (HTTP 503): Service ' +
        'Unavailable (tried 4 times). Try Refresh later.); Beta (The request could not be sent: offline). Their ' +
        'cells keep the values fetched before (As of on a card says when).',
    });
  });
});

describe('in the pane’s language', () => {
  afterEach(() => setLanguage('en'));
  const failure = (organization: string): RefreshFailure => ({
    organization,
    message: 'Dienst nicht erreichbar',
    keptFrom: 1,
  });

  test('German: plural forms by the count, names listed the German way, numbers grouped the German way', () => {
    setLanguage('de');
    const failed = ['Acme', 'Beta', 'Gamma', 'Delta'].map(failure);
    const report = { organizations: 1200, refreshed: 1196, profiling: 1, requests: 1, failed };
    expect(refreshSummary(report, null).message).toBe(
      '1.196 von 1.200 Organisationen aktualisiert, mit 1 Anfrage. 4 fehlgeschlagen: Acme, Beta, Gamma und 1 weitere ' +
        '(Dienst nicht erreichbar). Die Zellen dieser Organisationen behalten die zuvor abgerufenen Werte (eine Karte ' +
        'zeigt, von wann sie sind). 1 wird noch profiliert: Die Zellen aktualisieren sich selbst.',
    );
  });

  test('Japanese: one form for every count, sentences without a space between them', () => {
    setLanguage('ja');
    const report = { organizations: 2, refreshed: 2, profiling: 2, requests: 3, failed: [] };
    expect(refreshSummary(report, { first: 3, last: 4 }).message).toBe(
      '3～4 行目の 2 件の組織を 3 回のリクエストで更新しました。2 件はまだプロファイル作成中です。そのセルは自動で更新されます。',
    );
  });
});
