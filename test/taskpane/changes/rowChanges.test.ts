/**
 * What changed between two readings of a sheet's CLIMATE rows: the comparison alone (pure), then over
 * the sandbox's world moved 90 days on, where it must name exactly the organizations the sandbox
 * changed in a way the cells show, and no other.
 */
import { compareRows, DEFAULT_SCORE_THRESHOLD, type ShownRow } from '../../../src/taskpane/changes/rowChanges';
import { INITIATIVE_KEYS, type OrganizationRecord } from '../../../src/service/types';
import type { RunningSandbox } from '../../../tools/sandbox/server/server';
import { client, start } from '../../sandbox/harness';

const row = (organization: string, overrides: Partial<ShownRow> = {}): ShownRow => ({
  organization,
  row: 2,
  matchedId: 7,
  matchedName: `${organization} Ltd`,
  link: `https://profiles.example/organizations/7`,
  score: 61.2,
  ranks: { rank: 'high', industry_rank: 'medium' },
  profiled: true,
  initiatives: { sbti: true, cdp: false },
  ...overrides,
});

describe('compareRows', () => {
  test('names each initiative gained or lost, with before and after, and counts them', () => {
    const report = compareRows([row('Acme')], [row('Acme', { initiatives: { sbti: false, cdp: true } })]);
    expect(report.changes).toEqual([
      expect.objectContaining({
        organization: 'Acme',
        kind: 'initiative lost',
        what: 'SBTi',
        before: true,
        after: false,
      }),
      expect.objectContaining({
        organization: 'Acme',
        kind: 'initiative gained',
        what: 'CDP',
        before: false,
        after: true,
      }),
    ]);
    expect(report.counts).toMatchObject({ 'initiative lost': 1, 'initiative gained': 1, 'score moved': 0 });
    expect(report).toMatchObject({ organizations: 1, compared: 1 });
  });

  test('a score moves when it moves by more than the threshold (5 points unless set), to the tenth shown', () => {
    const moved = (before: number, after: number, threshold?: number) =>
      compareRows([row('Acme', { score: before })], [row('Acme', { score: after })], threshold).counts['score moved'];
    expect(DEFAULT_SCORE_THRESHOLD).toBe(5);
    expect(moved(61.2, 66.2)).toBe(0); // exactly 5: not more
    expect(moved(61.2, 66.3)).toBe(1);
    expect(moved(61.2, 56.1)).toBe(1);
    expect(moved(0.1 + 0.2, 5.3)).toBe(0); // float noise does not pass it
    expect(moved(61.2, 63.3, 2)).toBe(1);
    expect(moved(61.2, 61.2, 0)).toBe(0);
    expect(() => compareRows([], [], -1)).toThrow('The score threshold is points >= 0');
  });

  test('ranks changed, each by its name', () => {
    const { changes } = compareRows(
      [row('Acme')],
      [row('Acme', { ranks: { rank: 'very_high', industry_rank: 'medium' } })],
    );
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'rank changed', what: 'Rank', before: 'high', after: 'very_high' }),
    ]);
  });

  test('a row matched to another organization is flagged for review, and its other figures are not changes', () => {
    const { changes } = compareRows(
      [row('Elmport Group')],
      [row('Elmport Group', { matchedId: 9, matchedName: 'Elmport Timber Ltd', score: 20, initiatives: {} })],
    );
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'matched another organization',
        before: 'Elmport Group Ltd',
        after: 'Elmport Timber Ltd',
        review: true,
      }),
    ]);
  });

  test('a profile that finished is one change; one still being built says nothing yet', () => {
    const building = row('Acme', { profiled: false, score: null, initiatives: {} });
    expect(compareRows([building], [row('Acme')]).changes).toEqual([
      expect.objectContaining({ kind: 'profile finished', before: null, after: 61.2, review: false }),
    ]);
    expect(compareRows([row('Acme')], [building]).changes).toEqual([]);
  });

  test('an initiative one reading did not show (left out, no column) is no change; rows in one reading only are none', () => {
    const report = compareRows(
      [row('Acme', { initiatives: { sbti: true } }), row('Gone')],
      [row('Acme', { initiatives: { cdp: true } }), row('New', { score: 10 })],
    );
    expect(report).toMatchObject({ changes: [], organizations: 0, compared: 1 });
  });

  test('rows pair by the organization as written, ignoring case and spaces; a name twice is reported once', () => {
    const after = row('ACME ', { score: 80 });
    const report = compareRows([row('Acme'), row('acme')], [after, after]);
    expect(report.changes).toHaveLength(1);
    expect(report.changes[0]).toMatchObject({ organization: 'ACME ', link: after.link });
  });

  test('what needs a person comes first: a new match, then initiatives lost, gained, scores, ranks, finished', () => {
    const report = compareRows(
      [row('A'), row('B'), row('C', { profiled: false, score: null })],
      [row('A', { score: 90, initiatives: { sbti: false, cdp: false } }), row('B', { matchedId: 8 }), row('C')],
    );
    expect(report.changes.map((c) => [c.organization, c.kind])).toEqual([
      ['B', 'matched another organization'],
      ['A', 'initiative lost'],
      ['A', 'score moved'],
      ['C', 'profile finished'],
    ]);
  });
});

describe('over the sandbox, 90 days on', () => {
  const DAY = 24 * 3600;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await start({ organizations: 2000 });
  });
  afterAll(() => sandbox.close());

  /** A sheet's 500 suppliers as their cells show them (score on 0-100 to the tenth, every flag, ranks). */
  async function sheet(): Promise<ShownRow[]> {
    const suppliers = sandbox.population.organizations.slice(0, 500);
    const rows: ShownRow[] = [];
    for (let i = 0; i < suppliers.length; i += 100) {
      const chunk = suppliers.slice(i, i + 100);
      const items = chunk.map((o) => ({ url: '/organizations', method: 'POST', body: { name: o.name } }));
      const { body } = await client(sandbox).batch(items);
      chunk.forEach((o, k) => rows.push(shown(o.name, i + k + 1, JSON.parse(body[k].body))));
    }
    return rows;
  }

  const shown = (organization: string, row: number, record: OrganizationRecord): ShownRow => ({
    organization,
    row,
    matchedId: record.matching_organization?.id ?? null,
    matchedName: record.matching_organization?.name ?? null,
    link: record.matching_organization?.link ?? null,
    score: record.score === null ? null : Math.round(record.score * 1000) / 10,
    ranks: { rank: record.rank!, industry_rank: record.industry_rank!, region_rank: record.region_rank! },
    profiled: record.status === 'synced',
    initiatives: Object.fromEntries(INITIATIVE_KEYS.map((key) => [key, record.initiatives[key]])),
  });

  test('names exactly the organizations whose cells the sandbox changed, and no other', async () => {
    const before = await sheet();
    const world = sandbox.advanceClock(90 * DAY);
    const after = await sheet();
    const report = compareRows(before, after);

    const changedOwners = new Set(world.map((c) => c.organizationId));
    const ownerOf = new Map(after.map((r) => [r.organization, r.matchedId]));
    const named = new Set(report.changes.map((c) => c.organization));
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(changedOwners.has(ownerOf.get(name)!)).toBe(true);
    // Every row the days changed in a way its cells show is named: a flag flipped or a score moved past 5 points.
    const visible = after.filter((now, i) => {
      const was = before[i];
      const flags = INITIATIVE_KEYS.some((key) => was.initiatives[key] !== now.initiatives[key]);
      return flags || Math.abs(now.score! - was.score!) > 5 || JSON.stringify(was.ranks) !== JSON.stringify(now.ranks);
    });
    expect([...named].sort()).toEqual(visible.map((r) => r.organization).sort());
    const lost = world.filter((c) => c.kind === 'sbti' && c.after === 'Commitment removed');
    for (const change of lost) {
      const name = after.find((r) => r.matchedId === change.organizationId)?.organization;
      if (name)
        expect(report.changes).toContainEqual(
          expect.objectContaining({ organization: name, kind: 'initiative lost', what: 'SBTi' }),
        );
    }
  });
});

test('where the cells show no matched id or name, another profile link is another organization', () => {
  const was = row('Acme', { matchedId: null, matchedName: null, link: 'https://profiles.example/organizations/7' });
  const now = { ...was, link: 'https://profiles.example/organizations/9', score: 20 };
  expect(compareRows([was], [now]).changes).toEqual([
    expect.objectContaining({
      kind: 'matched another organization',
      field: 'match',
      before: was.link,
      after: now.link,
      review: true,
    }),
  ]);
  expect(compareRows([was], [{ ...was, link: null, score: 20 }]).counts['matched another organization']).toBe(0);
});
