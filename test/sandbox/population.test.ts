import { validateDuns, validateIsin, validateLei, validateSpGlobal } from '../../src/identifiers';
import { Population } from '../../tools/sandbox/world/population';
import { client, start } from './harness';

const population = new Population({ seed: 1, organizations: 2000 });
const orgs = population.organizations;

describe('the generated population', () => {
  test('has the size asked for, consecutive ids, and valid, unique identifiers', () => {
    expect(orgs).toHaveLength(2000);
    expect(orgs.map((o) => o.id)).toEqual(orgs.map((_, i) => orgs[0].id + i));
    for (const kind of ['duns', 'lei', 'isin', 'spGlobal'] as const) {
      const values = orgs.map((o) => o[kind]).filter((v): v is string => v !== null);
      expect(new Set(values).size).toBe(values.length);
    }
    for (const o of orgs) {
      expect(validateDuns(o.duns)).toEqual({ ok: true, value: o.duns });
      if (o.lei) expect(validateLei(o.lei)).toEqual({ ok: true, value: o.lei });
      if (o.isin) expect(validateIsin(o.isin)).toEqual({ ok: true, value: o.isin });
      if (o.isin) expect(o.isin.slice(0, 2)).toBe(o.hqRegion);
      if (o.spGlobal) expect(validateSpGlobal(o.spGlobal)).toEqual({ ok: true, value: o.spGlobal });
    }
    expect(orgs.filter((o) => o.lei).length).toBeGreaterThan(1500);
    expect(orgs.filter((o) => o.isin).length).toBeGreaterThan(300);
  });

  test('names are fictional, websites are under the reserved .example domain', () => {
    for (const o of orgs) {
      expect(o.name).toMatch(/^[A-Z][a-z]+[a-z]+ [A-Z]/);
      expect(o.website).toMatch(/^https:\/\/(www\.)?[a-z0-9.-]+\.example$/);
      expect(o.hqRegion).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(orgs.map((o) => o.website)).size).toBe(orgs.length);
  });

  test('some organizations are subsidiaries of a parent in another country, without their own profile', () => {
    const subsidiaries = orgs.filter((o) => o.parentId !== null);
    expect(subsidiaries.length).toBeGreaterThan(40);
    for (const s of subsidiaries) {
      const parent = population.organization(s.parentId!)!;
      expect(parent.parentId).toBeNull();
      expect(s.hqRegion).not.toBe(parent.hqRegion);
      expect(s.profile).toBeNull();
      expect(s.industryId).toBe(parent.industryId);
    }
  });

  test('profiles: scores 0..1 with 4 decimals, percentiles, rank words including a few unknown', () => {
    const profiles = orgs.flatMap((o) => (o.profile ? [o.profile] : []));
    const ranks = new Set(profiles.flatMap((p) => [p.rank, p.industryRank, p.regionRank]));
    expect([...ranks].sort()).toEqual(['high', 'low', 'medium', 'unknown', 'very_high', 'very_low']);
    for (const p of profiles) {
      expect(p.score).toBeGreaterThanOrEqual(0);
      expect(p.score).toBeLessThanOrEqual(1);
      expect(Math.round(p.score * 10000) / 10000).toBe(p.score);
      expect(Number.isInteger(p.industryScorePercentile)).toBe(true);
      expect(p.industryScorePercentile).toBeGreaterThanOrEqual(0);
      expect(p.industryScorePercentile).toBeLessThanOrEqual(100);
    }
    const unknown = profiles.filter((p) => p.rank === 'unknown').length;
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThan(profiles.length * 0.05);
    // Every initiative is held by someone and by no one everywhere.
    for (const key of Object.keys(profiles[0].initiatives) as (keyof (typeof profiles)[0]['initiatives'])[]) {
      const holders = profiles.filter((p) => p.initiatives[key]).length;
      expect(holders).toBeGreaterThan(0);
      expect(holders).toBeLessThan(profiles.length);
    }
  });

  test('about forty industries, each with a mean score', () => {
    expect(population.industries.length).toBeGreaterThanOrEqual(38);
    expect(population.industries.length).toBeLessThanOrEqual(45);
    for (const industry of population.industries) {
      const mean = population.landscape.industryMean(industry.id);
      expect(mean).toBeGreaterThan(0);
      expect(mean).toBeLessThan(1);
    }
  });

  test('the science-based-targets dataset shares ISIN and LEI with some organizations, and has a change history', () => {
    const leis = new Set(orgs.map((o) => o.lei));
    const linked = population.sbtiCompanies.filter((c) => leis.has(c.lei as string));
    expect(linked.length).toBeGreaterThan(20);
    expect(linked.length).toBeLessThan(population.sbtiCompanies.length);
    expect(population.sbtiChanges.length).toBeGreaterThan(20);
    for (const change of population.sbtiChanges) expect(change.new_value).not.toBeNull();
  });

  test('is the same for the same seed and different for another', () => {
    const again = new Population({ seed: 1, organizations: 2000 });
    expect(again.organizations).toEqual(orgs);
    expect(again.sbtiCompanies).toEqual(population.sbtiCompanies);
    expect(again.sbtiChanges).toEqual(population.sbtiChanges);
    expect(again.recommendedActions(orgs[3])).toEqual(population.recommendedActions(orgs[3]));
    const other = new Population({ seed: 2, organizations: 2000 });
    expect(other.organizations[0].name).not.toBe(orgs[0].name);
    expect(other.organizations.map((o) => o.duns)).not.toEqual(orgs.map((o) => o.duns));
  });
});

describe('determinism over HTTP', () => {
  test('two sandboxes with the same seed answer the same records, registrations included', async () => {
    const [a, b] = await Promise.all([start({ seed: 9 }), start({ seed: 9 })]);
    try {
      const requests = [
        { name: a.population.organizations[10].name },
        { lei_number: a.population.organizations.find((o) => o.lei)!.lei },
        { name: 'Unseen Example Works Ltd' },
      ];
      for (const request of requests) {
        const [ra, rb] = await Promise.all([
          client(a).post('/organizations', request),
          client(b).post('/organizations', request),
        ]);
        expect(ra.body).toEqual(rb.body);
      }
      a.advanceClock(20);
      b.advanceClock(20);
      const id = (await client(a).post('/organizations', requests[2])).body.id;
      const [synced, twin] = [
        (await client(a).get(`/organizations/${id}`)).body,
        (await client(b).get(`/organizations/${id}`)).body,
      ];
      // Its figures are dated when its profiling ended: in real time, which two sandboxes share to a moment.
      expect({ ...synced, updated_at: null }).toEqual({ ...twin, updated_at: null });
      expect(Math.abs(Date.parse(synced.updated_at) - Date.parse(twin.updated_at))).toBeLessThan(5_000);
      const pages = await Promise.all([
        client(a).get('/sbti_companies?page=2'),
        client(b).get('/sbti_companies?page=2'),
      ]);
      expect(pages[0].body).toEqual(pages[1].body);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('near names (a supplier name close to a registered one)', () => {
  const population = new Population({ seed: 7, organizations: 800 });
  const cases = population.nearNameCases();

  test('one in 8 owners has one, resolving to it as the requested organization', () => {
    expect(cases.length).toBeGreaterThan(60);
    for (const { name, organization } of cases) {
      expect(name).toBe(`${organization.name.split(' ')[0]} Group`);
      const record = population.recordFor({ name })!;
      expect(record).toMatchObject({ id: organization.id, organization_relationship_type: 'requested organization' });
      expect(record.matching_organization?.name).toBe(organization.name);
    }
  });

  test('an exact name, an identifier or another country wins over a near name', () => {
    const { name, organization } = cases[0];
    expect(population.recordFor({ name, hq_region: organization.hqRegion === 'US' ? 'DE' : 'US' })).toBeNull();
    expect(population.recordFor({ name: organization.name })?.id).toBe(organization.id);
    const other = population.organizations.find((o) => o.id !== organization.id && o.parentId === null)!;
    expect(population.recordFor({ name, lei_number: other.lei })?.id).toBe(other.id);
  });
});
