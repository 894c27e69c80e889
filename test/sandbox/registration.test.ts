import { ORGANIZATION_STATUSES } from '../../src/service/types';
import { RunningSandbox } from '../../tools/sandbox/server/server';
import { Client, admin, client, start } from './harness';

let sandbox: RunningSandbox;
let api: Client;

beforeEach(async () => {
  sandbox = await start({ erroredShare: 0 });
  api = client(sandbox);
});
afterEach(() => sandbox.close());

describe('an organization the service has never seen', () => {
  test('is registered with status created and no figures yet', async () => {
    const { status, body } = await api.post('/organizations', {
      name: 'Quillon Widget Makers Ltd',
      website: 'https://quillon-widgets.example/about',
      hq_region: 'gb',
      external_id: 'row-3',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Quillon Widget Makers Ltd',
      website: 'https://quillon-widgets.example/about',
      hq_region: 'GB',
      external_id: 'row-3',
      status: 'created',
      organization_relationship_type: 'requested organization',
      score: null,
      rank: null,
      industry_score_percentile: null,
      reduction_action_present: null,
    });
    expect(body.id).toBeGreaterThan(Math.max(...sandbox.population.organizations.map((o) => o.id)));
    expect(body.matching_organization.id).toBe(body.id);
    expect(Object.values(body.initiatives).every((v) => v === null)).toBe(true);
    expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1 });
  });

  test('is registered once however it is asked again, and found by any key it came with', async () => {
    const first = await api.post('/organizations', {
      name: 'Quillon Widget Makers Ltd',
      website: 'quillon-widgets.example',
    });
    for (const request of [
      { name: 'QUILLON WIDGET MAKERS' },
      { name: 'quillon widget makers limited', external_id: 'other' },
      { website: 'https://www.quillon-widgets.example/contact' },
    ]) {
      expect((await api.post('/organizations', request)).body.id).toBe(first.body.id);
    }
    expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1 });
  });

  test('registered with its website in Unicode, it is found by the punycode of that website', async () => {
    const first = await api.post('/organizations', {
      name: 'Müller Werke GmbH',
      website: 'https://www.müller-werke.example/',
    });
    const again = await api.post('/organizations', { website: 'xn--mller-werke-thb.example' });
    expect(again.body.id).toBe(first.body.id);
    expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1 });
  });

  test.each([
    ['Japanese', '株式会社トヨタ', ['株式会社トヨタ', '株式会社ﾄﾖﾀ']],
    ['Cyrillic', 'Сбербанк', ['СБЕРБАНК', 'сбербанк']],
    ['Arabic', 'أرامكو السعودية', ['أرامكو  السعودية']],
  ])('a name in %s script is registered, then found under its other spellings', async (_script, name, spellings) => {
    const first = await api.post('/organizations', { name });
    expect([first.status, first.body.name, first.body.organization_relationship_type]).toEqual([
      200,
      name,
      'requested organization',
    ]);
    for (const spelling of spellings) {
      const again = await api.post('/organizations', { name: spelling });
      expect([spelling, again.status, again.body.id]).toEqual([spelling, 200, first.body.id]);
    }
    expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1 });
  });

  test('two registrations that differ only in the legal form stay apart', async () => {
    const ag = await api.post('/organizations', { name: 'Quillon Widget Makers AG', hq_region: 'DE' });
    // Not registered yet: the only organization with this name is the AG, asked for with another legal form.
    const namesake = await api.post('/organizations', { name: 'Quillon Widget Makers GmbH' });
    expect(namesake.body).toMatchObject({ id: ag.body.id, organization_relationship_type: 'namesake' });
    const ltd = await api.post('/organizations', { name: 'Quillon Widget Makers Ltd', hq_region: 'GB' });
    expect(ltd.body.id).not.toBe(ag.body.id);
    expect((await api.post('/organizations', { name: 'quillon widget makers limited' })).body.id).toBe(ltd.body.id);
    expect((await api.post('/organizations', { name: 'Quillon Widget Makers AG' })).body.id).toBe(ag.body.id);
    const bare = await api.post('/organizations', { name: 'Quillon Widget Makers' });
    expect([bare.status, bare.body.error?.type]).toEqual([422, 'validation_error']);
    expect(sandbox.stats()).toMatchObject({ registrations: 1 + 1, maxRegistrationsPerOrganization: 1 });
  });

  test('50 concurrent identical requests register it exactly once and all get the same id', async () => {
    const request = { name: 'Concurrent Kettles GmbH', lei_number: '529900T8BM49AURSDO55' };
    sandbox.configure({ latencyMs: 30 }); // all 50 are in flight together before any is handled
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post('/organizations', request)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const stats = sandbox.stats();
    expect(stats.registrations).toBe(1);
    expect(stats.maxRegistrationsPerOrganization).toBe(1);
    expect(stats.byRoute['POST /organizations']).toBe(50);
  });

  test('50 concurrent identical requests inside batches also register it once', async () => {
    const item = { url: '/organizations', method: 'POST', body: { website: 'https://batched-boilers.example' } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.batch(Array.from({ length: 10 }, () => item))),
    );
    const ids = answers.flatMap((a) => a.body.map((i: { body: string }) => JSON.parse(i.body).id));
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(1);
    expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1, batchItems: 50 });
  });

  test('walks the status list on the sandbox clock and shows its figures once synced', async () => {
    const { body } = await api.post('/organizations', { name: 'Slowpoke Profiling SA', hq_region: 'FR' });
    const seen = [body.status];
    for (let i = 0; i < 10; i++) {
      sandbox.advanceClock(2); // profilingSeconds is 20 by default
      const { body: now } = await api.get(`/organizations/${body.id}`);
      seen.push(now.status);
      if (now.status !== 'synced') expect(now.score).toBeNull();
    }
    expect(seen[0]).toBe('created');
    expect(seen[seen.length - 1]).toBe('synced');
    expect(new Set(seen).size).toBeGreaterThan(5);
    for (const status of seen) expect(ORGANIZATION_STATUSES).toContain(status);
    const statusOrder = seen.map((s) => ORGANIZATION_STATUSES.indexOf(s as never));
    expect(statusOrder.filter((x, i) => i > 0 && x < statusOrder[i - 1])).toEqual([]);

    const synced = await api.get(`/organizations/${body.id}`);
    expect(synced.body.score).toBeGreaterThanOrEqual(0);
    expect(synced.body.score).toBeLessThanOrEqual(1);
    expect(typeof synced.body.industry_score_percentile).toBe('number');
    expect(typeof synced.body.rank).toBe('string');
    expect(Object.values(synced.body.initiatives).every((v) => typeof v === 'boolean')).toBe(true);
    expect(typeof synced.body.reduction_action_present).toBe('boolean');
    // Registration answers the same record from now on.
    expect((await api.post('/organizations', { name: 'Slowpoke Profiling SA' })).body).toEqual(synced.body);
  });

  test('the clock is also advanced over HTTP, and profilingSeconds changes the pace', async () => {
    await admin(sandbox, 'POST', '/config', { profilingSeconds: 100 });
    const { body } = await api.post('/organizations', { name: 'Pace Setter Ltd' });
    await admin(sandbox, 'POST', '/clock', { advanceSeconds: 60 });
    expect((await api.get(`/organizations/${body.id}`)).body.status).not.toMatch(/synced|errored/);
    await admin(sandbox, 'POST', '/clock', { advanceSeconds: 40 });
    expect((await api.get(`/organizations/${body.id}`)).body.status).toBe('synced');
  });

  test('with profilingSeconds 0 an unseen organization is synced at once', async () => {
    sandbox.configure({ profilingSeconds: 0 });
    const { body } = await api.post('/organizations', { name: 'Instant Results BV' });
    expect(body.status).toBe('synced');
    expect(body.score).not.toBeNull();
  });

  test('a share of unseen organizations ends errored, with no figures', async () => {
    sandbox.configure({ erroredShare: 1 });
    const { body } = await api.post('/organizations', { name: 'Doomed Data Inc' });
    sandbox.advanceClock(20);
    const { body: final } = await api.get(`/organizations/${body.id}`);
    expect(final.status).toBe('errored');
    expect(final.score).toBeNull();
    expect((await api.get(`/organizations/${body.id}/recommended_actions`)).body).toEqual({ recommended_actions: [] });
  });

  test('the errored share is a deterministic function of the organization', async () => {
    sandbox.configure({ erroredShare: 0.5, profilingSeconds: 0 });
    const names = Array.from({ length: 40 }, (_, i) => `Coinflip Company ${i}`);
    const outcomes = [];
    for (const name of names) outcomes.push((await api.post('/organizations', { name })).body.status);
    const errored = outcomes.filter((s) => s === 'errored').length;
    expect(errored).toBeGreaterThan(5);
    expect(errored).toBeLessThan(35);
    const again = await start({ erroredShare: 0.5, profilingSeconds: 0 });
    try {
      const replay = [];
      for (const name of names) replay.push((await client(again).post('/organizations', { name })).body.status);
      expect(replay).toEqual(outcomes);
    } finally {
      await again.close();
    }
  });

  test('appears at the end of GET /organizations and by id', async () => {
    const { body } = await api.post('/organizations', { name: 'Listed Last Ltd' });
    const total = sandbox.population.organizations.length + 1;
    const lastPage = await api.get(`/organizations?page=${Math.ceil(total / 5)}`);
    expect(lastPage.body[lastPage.body.length - 1].id).toBe(body.id);
    expect((await api.get(`/organizations/${body.id}/private`)).body.id).toBe(body.id);
  });
});
