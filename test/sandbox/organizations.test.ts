import { INITIATIVE_KEYS } from '../../src/service/types';
import { RunningSandbox, SANDBOX_TEAM_KEY } from '../../tools/sandbox/server/server';
import { nameKey } from '../../tools/sandbox/world/matching';
import { SandboxOrganization } from '../../tools/sandbox/world/population';
import { Client, client, legalFormTwins, links, start } from './harness';

let sandbox: RunningSandbox;
let api: Client;
let orgs: readonly SandboxOrganization[];
/** A profile owner with every identifier, to look up in every way. */
let org: SandboxOrganization;

beforeAll(async () => {
  sandbox = await start();
  api = client(sandbox);
  orgs = sandbox.population.organizations;
  // Three words: stem, sector word, one-word legal form ("Brightwater Logistics Ltd").
  // Its name without the legal form is its own (no namesake), so that form alone finds it.
  const owners = (o: SandboxOrganization) =>
    orgs.filter((other) => nameKey(other.name) === nameKey(o.name)).length === 1;
  org = orgs.find(
    (o) => o.parentId === null && o.lei && o.isin && o.spGlobal && o.name.split(' ').length === 3 && owners(o),
  )!;
});
afterAll(() => sandbox.close());

describe('POST /organizations for an organization the service knows', () => {
  test('answers its synced record at once, with every field of the contract', async () => {
    const { status, body } = await api.post('/organizations', { name: org.name });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: org.id,
      name: org.name,
      website: org.website,
      hq_region: org.hqRegion,
      external_id: null,
      status: 'synced',
      organization_relationship_type: 'requested organization',
      matching_organization: { id: org.id, name: org.name, industry: { id: org.industryId } },
      score: org.profile!.score,
      industry_score_percentile: org.profile!.industryScorePercentile,
      rank: org.profile!.rank,
      industry_rank: org.profile!.industryRank,
      region_rank: org.profile!.regionRank,
      reduction_action_present: org.profile!.reductionActionPresent,
    });
    expect(body.matching_organization.link).toMatch(/^https:\/\/profiles\.sandbox\.example\/organizations\/\d+/);
    expect(body.score).toBeGreaterThanOrEqual(0);
    expect(body.score).toBeLessThanOrEqual(1);
    expect(body.industry.mean_score).toBeGreaterThan(0);
    expect(Object.keys(body.initiatives)).toEqual([...INITIATIVE_KEYS]);
    expect(Object.values(body.initiatives).every((v) => typeof v === 'boolean')).toBe(true);
    expect(body).toEqual(sandbox.population.recordFor({ name: org.name }));
    expect(sandbox.stats().registrations).toBe(0);
  });

  test('matches names regardless of case, spacing, punctuation and legal form', async () => {
    const base = org.name.split(' ').slice(0, 2).join(' ');
    for (const name of [org.name.toUpperCase(), `  ${org.name.replace(' ', '   ')} `, `${base}, Inc.`, base]) {
      const { body } = await api.post('/organizations', { name });
      expect(body.id).toBe(org.id);
    }
  });

  test('matches websites regardless of scheme, www, path and case', async () => {
    const host = new URL(org.website).host.replace(/^www\./, '');
    for (const website of [host, `HTTP://WWW.${host.toUpperCase()}/about?x=1`, `https://${host}/`, `www.${host}`]) {
      const { body } = await api.post('/organizations', { website });
      expect(body.id).toBe(org.id);
    }
  });

  test('matches every identifier kind, written the ways people write them', async () => {
    const duns = `${org.duns.slice(0, 2)}-${org.duns.slice(2, 5)}-${org.duns.slice(5)}`;
    for (const request of [
      { duns_number: duns },
      { lei_number: org.lei!.toLowerCase() },
      { isin_number: org.isin! },
      { sp_global_number: `IQ${org.spGlobal}` },
      { lei_number: org.lei!, name: 'A name that matches nobody' },
    ]) {
      const { status, body } = await api.post('/organizations', request);
      expect(status).toBe(200);
      expect(body.id).toBe(org.id);
    }
  });

  test('names that differ only in the legal form resolve each to its own record', async () => {
    for (const twin of legalFormTwins(orgs)) {
      for (const name of [twin.name, twin.name.toUpperCase()]) {
        const { body } = await api.post('/organizations', { name });
        expect([name, body.id, body.organization_relationship_type]).toEqual([name, twin.id, 'requested organization']);
      }
    }
  });

  test('the name without its legal form names no one when two share it: 422 naming both', async () => {
    const [first, second] = legalFormTwins(orgs);
    const name = first.name.split(' ').slice(0, 2).join(' '); // the generated names' two words before the legal form
    expect(nameKey(name)).toBe(nameKey(first.name));
    const { status, body } = await api.post('/organizations', { name });
    expect(status).toBe(422);
    expect(body.error.message).toBe(
      `"${name}" fits 2 organizations: ${first.name} (${first.hqRegion}), ${second.name} (${second.hqRegion}); ` +
        'add the legal form, country or an identifier',
    );
    expect(sandbox.stats().registrations).toBe(0);
  });

  test('a head-office region tells apart companies with the same name', async () => {
    const [first, second] = legalFormTwins(orgs);
    expect(first.hqRegion).not.toBe(second.hqRegion);
    const name = nameKey(first.name);
    expect((await api.post('/organizations', { name, hq_region: second.hqRegion })).body.id).toBe(second.id);
    expect((await api.post('/organizations', { name, hq_region: first.hqRegion.toLowerCase() })).body.id).toBe(
      first.id,
    );
  });

  test('a legal form no one has registered answers with the only namesake, and says so', async () => {
    const base = org.name.split(' ').slice(0, 2).join(' ');
    const { body } = await api.post('/organizations', { name: `${base} Oy` });
    expect(org.name.endsWith(' Oy')).toBe(false);
    expect(body).toMatchObject({
      id: org.id,
      organization_relationship_type: 'namesake',
      matching_organization: { id: org.id },
    });
  });

  test('a subsidiary resolves to its ultimate parent, and the record says so', async () => {
    const subsidiary = orgs.find((o) => o.parentId !== null)!;
    const parent = sandbox.population.organization(subsidiary.parentId!)!;
    const { body } = await api.post('/organizations', { name: subsidiary.name, external_id: 'row-12' });
    expect(body).toMatchObject({
      id: subsidiary.id,
      name: subsidiary.name,
      external_id: 'row-12',
      organization_relationship_type: 'ultimate parent',
      matching_organization: { id: parent.id, name: parent.name },
      score: parent.profile!.score,
    });
    expect(body.matching_organization.link).toContain(`/${parent.id}-`);
  });

  test('echoes external_id', async () => {
    expect((await api.post('/organizations', { name: org.name, external_id: 'CRM-0042' })).body.external_id).toBe(
      'CRM-0042',
    );
  });

  test.each([
    [{}, 'Give at least one of name, website'],
    [{ hq_region: 'GB', external_id: 'x' }, 'Give at least one of name, website'],
    [{ name: '   ' }, 'Give at least one of name, website'],
    [{ name: '!!!' }, 'name "!!!" has no letter or digit to match on'],
    [{ lei_number: '529900T8BM49AURSDO56' }, 'lei_number: check digits fail'],
    [{ isin_number: 'US037833100' }, 'isin_number: must be 12 characters, got 11'],
    [{ duns_number: '12345' }, 'duns_number: must be 9 characters, got 5'],
    [{ name: ['a'] }, 'name must be a string'],
    [{ name: 'x', industry_id: 'mining' }, 'industry_id must be an integer'],
    [{ name: 'x', industry_id: 999 }, 'industry_id 999 is not in the industry list'],
    [[{ name: 'x' }], 'The body must be a JSON object'],
  ])('refuses %j with 422 and the validation envelope', async (request, message) => {
    const { status, body } = await api.post('/organizations', request);
    expect(status).toBe(422);
    expect(body.error.type).toBe('validation_error');
    expect(body.error.message).toContain(message);
  });

  test('refuses a body that is not JSON with 422', async () => {
    const { status, body } = await api.raw('/organizations', {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox-project-key', 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(status).toBe(422);
    expect(body.error.type).toBe('validation_error');
  });
});

describe('GET /organizations', () => {
  test('lists 5 records per page, in id order, with Link next and last', async () => {
    const first = await api.get('/organizations');
    expect(first.status).toBe(200);
    expect(first.body.map((r: { id: number }) => r.id)).toEqual(orgs.slice(0, 5).map((o) => o.id));
    const second = await api.get('/organizations?page=2');
    expect(second.body.map((r: { id: number }) => r.id)).toEqual(orgs.slice(5, 10).map((o) => o.id));
    const rel = links(second.headers.get('link'));
    expect(rel.next).toBe(`${sandbox.url}/organizations?page=3`);
    expect(rel.prev).toBe(`${sandbox.url}/organizations?page=1`);
    expect(Number(new URL(rel.last).searchParams.get('page'))).toBeGreaterThanOrEqual(orgs.length / 5);
  });

  test('answers [] past the end and 422 for a page that is not a positive integer', async () => {
    const past = await api.get('/organizations?page=100000');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(links(past.headers.get('link')).next).toBeUndefined();
    for (const page of ['0', '-1', 'two', '1.5']) {
      const { status, body } = await api.get(`/organizations?page=${page}`);
      expect(status).toBe(422);
      expect(body.error.message).toContain('page must be a positive integer');
    }
  });
});

describe('GET /organizations/{id}, /private and /recommended_actions', () => {
  test('retrieves the record by id, as registration answered it', async () => {
    const { status, body } = await api.get(`/organizations/${org.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(sandbox.population.recordFor({ duns_number: org.duns }));
  });

  test.each(['999999999', '1', 'abc'])('answers the documented 404 for unknown id %s', async (id) => {
    for (const path of [
      `/organizations/${id}`,
      `/organizations/${id}/private`,
      `/organizations/${id}/recommended_actions`,
    ]) {
      const { status, body } = await api.get(path);
      expect(status).toBe(404);
      expect(body).toEqual({
        status: 404,
        title: 'Organization Not found',
        detail: `No organization with id ${id}`,
        id,
      });
    }
  });

  test("the private record carries the project's private performances where it has them", async () => {
    const privateScores = sandbox.population.privateScores(1);
    expect(privateScores.size).toBeGreaterThanOrEqual(3);
    const [withPrivate, privateScore] = [...privateScores][0];
    const pub = await api.get(`/organizations/${withPrivate}`);
    const priv = await api.get(`/organizations/${withPrivate}/private`);
    expect(priv.status).toBe(200);
    expect(priv.body.score).toBe(privateScore);
    expect(priv.body.score).not.toBe(pub.body.score);
    expect({ ...priv.body, score: 0, industry_score_percentile: 0, rank: 0, industry_rank: 0, region_rank: 0 }).toEqual(
      {
        ...pub.body,
        score: 0,
        industry_score_percentile: 0,
        rank: 0,
        industry_rank: 0,
        region_rank: 0,
      },
    );
    const without = orgs.find((o) => o.profile && !privateScores.has(o.id))!;
    expect((await api.get(`/organizations/${without.id}/private`)).body).toEqual(
      (await api.get(`/organizations/${without.id}`)).body,
    );
  });

  test('another project sees its own private performances', async () => {
    const created = await client(sandbox, SANDBOX_TEAM_KEY).post('/projects', { name: 'Private test' });
    const other = client(sandbox, created.body.api_key);
    const [id, score] = [...sandbox.population.privateScores(created.body.id)].find(
      ([orgId]) => !sandbox.population.privateScores(1).has(orgId),
    )!;
    expect((await other.get(`/organizations/${id}/private`)).body.score).toBe(score);
    expect((await api.get(`/organizations/${id}/private`)).body.score).toBe(
      sandbox.population.organization(id)!.profile!.score,
    );
  });

  test('recommended actions have the documented fields', async () => {
    let found = false;
    for (const o of orgs.slice(0, 20)) {
      const { status, body } = await api.get(`/organizations/${o.id}/recommended_actions`);
      expect(status).toBe(200);
      expect(Array.isArray(body.recommended_actions)).toBe(true);
      for (const action of body.recommended_actions) {
        found = true;
        expect(Object.keys(action).sort()).toEqual([
          'approximate_savings',
          'case_study',
          'case_study_source_url',
          'emission_category',
          'id',
          'question_to_ask_at_qbr',
          'recommended_actions',
          'suggested_contract_term',
          'updated_at',
        ]);
        expect(typeof action.id).toBe('number');
      }
    }
    expect(found).toBe(true);
  });
});
