import { SBTI_FIELDS } from '../../src/service/types';
import { SANDBOX_TEAM_KEY } from '../../tools/sandbox/server/server';
import { client, links, sandboxSuite } from './harness';

const suite = sandboxSuite();

describe('GET /industries', () => {
  test('pages 20 industries at a time with RFC 5988 next and last links, [] past the end', async () => {
    const total = suite.sandbox.population.industries.length;
    expect(total).toBeGreaterThanOrEqual(40);
    const lastPage = Math.ceil(total / 20);
    const seen: { id: number; name: string }[] = [];
    let url: string | undefined = `${suite.sandbox.url}/industries`;
    while (url) {
      const page = await suite.api.get(url.slice(suite.sandbox.url.length));
      expect(page.status).toBe(200);
      seen.push(...page.body);
      const rel = links(page.headers.get('link'));
      expect(rel.last).toBe(`${suite.sandbox.url}/industries?page=${lastPage}`);
      url = rel.next;
    }
    expect(seen).toEqual(suite.sandbox.population.industries);
    expect(seen.slice(0, 20).every((i) => Number.isInteger(i.id) && typeof i.name === 'string')).toBe(true);
    const past = await suite.api.get(`/industries?page=${lastPage + 1}`);
    expect(past.body).toEqual([]);
    expect(links(past.headers.get('link')).next).toBeUndefined();
  });

  test('search filters names, ignoring case, and keeps q in its links', async () => {
    const { status, body, headers } = await suite.api.get('/industries/search?q=ENERGY');
    expect(status).toBe(200);
    expect(body.map((i: { name: string }) => i.name)).toEqual(['Renewable Energy']);
    expect(links(headers.get('link')).last).toBe(`${suite.sandbox.url}/industries/search?q=ENERGY&page=1`);
    expect((await suite.api.get('/industries/search?q=zzz')).body).toEqual([]);
    const broad = await suite.api.get('/industries/search?q=s');
    expect(broad.body).toHaveLength(20);
    expect(links(broad.headers.get('link')).next).toBe(`${suite.sandbox.url}/industries/search?q=s&page=2`);
  });

  test('search without q is a 422', async () => {
    const { status, body } = await suite.api.get('/industries/search');
    expect(status).toBe(422);
    expect(body.error).toEqual({ type: 'validation_error', message: expect.stringContaining('q is required') });
  });
});

describe('GET /sbti_companies', () => {
  test('lists companies with every documented field, 20 per page, with links', async () => {
    const { status, body, headers } = await suite.api.get('/sbti_companies');
    expect(status).toBe(200);
    expect(body).toHaveLength(20);
    for (const company of body) for (const field of SBTI_FIELDS) expect(company).toHaveProperty(field);
    expect(links(headers.get('link')).next).toBe(`${suite.sandbox.url}/sbti_companies?page=2`);
  });

  test('filters are case-insensitive substring matches, combined', async () => {
    const companies = suite.sandbox.population.sbtiCompanies;
    const withIsin = companies.find((c) => c.isin)!;
    const byIsin = await suite.api.get(`/sbti_companies?isin=${(withIsin.isin as string).slice(2, 9).toLowerCase()}`);
    expect(byIsin.body.map((c: { id: number }) => c.id)).toContain(withIsin.id);
    for (const c of byIsin.body) expect(c.isin).toContain((withIsin.isin as string).slice(2, 9));

    const combined = await suite.api.get('/sbti_companies?near_term_target_classification=1.5&region=EUROPE');
    const expected = companies.filter(
      (c) => String(c.near_term_target_classification).includes('1.5') && c.region === 'Europe',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(companies.length / 2);
    expect(combined.body.map((c: { id: number }) => c.id)).toEqual(expected.slice(0, 20).map((c) => c.id));
    expect((await suite.api.get('/sbti_companies?company_name=no-such-company')).body).toEqual([]);
  });

  test('links companies to organizations by ISIN and LEI, and sets their sbti flag', async () => {
    const org = suite.sandbox.population.organizations.find((o) => o.profile?.initiatives.sbti && o.lei)!;
    const { body } = await suite.api.get(`/sbti_companies?lei=${org.lei}`);
    expect(body).toHaveLength(1);
    expect(String(body[0].company_name).toLowerCase()).toBe(org.name.toLowerCase());
    expect(['Targets set', 'Committed']).toContain(body[0].near_term_target_status);
    expect((await suite.api.post('/organizations', { lei_number: org.lei })).body.initiatives.sbti).toBe(true);
  });
});

describe('GET /sbti_companies/changes', () => {
  test('lists changes oldest first, 20 per page, with the documented fields', async () => {
    const { status, body, headers } = await suite.api.get('/sbti_companies/changes');
    expect(status).toBe(200);
    expect(body).toHaveLength(20);
    expect(Object.keys(body[0]).sort()).toEqual([
      'changed_at',
      'company_name',
      'field',
      'id',
      'isin',
      'new_value',
      'old_value',
    ]);
    const times = body.map((c: { changed_at: string }) => c.changed_at);
    expect([...times].sort()).toEqual(times);
    expect(links(headers.get('link')).next).toContain('/sbti_companies/changes?page=2');
  });

  test('filters by since, name and website', async () => {
    const all = suite.sandbox.population.sbtiChanges;
    const since = all[Math.floor(all.length / 2)].changed_at!;
    const recent = await suite.api.get(`/sbti_companies/changes?since=${since.slice(0, 10)}`);
    expect(recent.body.length).toBeGreaterThan(0);
    for (const c of recent.body) expect(c.changed_at >= since.slice(0, 10)).toBe(true);

    const sample = all[0];
    const byName = await suite.api.get(
      `/sbti_companies/changes?name=${encodeURIComponent(sample.company_name!.toLowerCase())}`,
    );
    expect(byName.body.map((c: { id: number }) => c.id)).toContain(sample.id);

    const linked = all.find((c) => suite.sandbox.population.sbtiChangeWebsite(c.id) !== null)!;
    const website = suite.sandbox.population.sbtiChangeWebsite(linked.id)!;
    const byWebsite = await suite.api.get(`/sbti_companies/changes?website=${encodeURIComponent(website)}`);
    expect(byWebsite.body.map((c: { id: number }) => c.id)).toContain(linked.id);
    expect(byWebsite.body.every((c: { company_name: string }) => c.company_name === linked.company_name)).toBe(true);
  });

  test('refuses a since that is not a date', async () => {
    const { status, body } = await suite.api.get('/sbti_companies/changes?since=last-tuesday');
    expect(status).toBe(422);
    expect(body.error.type).toBe('validation_error');
  });
});

describe('POST /projects and GET /v1/suppliers', () => {
  test('a team key creates a project whose key then works for project calls', async () => {
    const team = client(suite.sandbox, SANDBOX_TEAM_KEY);
    const { status, body } = await team.post('/projects', { name: 'Procurement 2026' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Procurement 2026' });
    expect(body.api_key).toMatch(/^dc_sandbox_[0-9a-f]{64}$/);
    const project = client(suite.sandbox, body.api_key);
    expect((await project.get('/industries')).status).toBe(200);
    const second = await team.post('/projects', { name: 'Another' });
    expect(second.body.id).not.toBe(body.id);
    expect(second.body.api_key).not.toBe(body.api_key);
  });

  test.each([[{}], [{ name: '' }], [{ name: 42 }]])('a project without a name is a 422: %j', async (request) => {
    const { status, body } = await client(suite.sandbox, SANDBOX_TEAM_KEY).post('/projects', request);
    expect(status).toBe(422);
    expect(body.error).toEqual({ type: 'validation_error', message: expect.stringContaining('name is required') });
  });

  test('suppliers answer an empty array', async () => {
    const { status, body } = await suite.api.get('/v1/suppliers');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
