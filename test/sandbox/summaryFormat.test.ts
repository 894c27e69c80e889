/** The summaryFormat knob: organizations answered as the service's Summary format sends them, on every route. */
import { INITIATIVE_KEYS } from '../../src/service/types';
import { admin, sandboxSuite } from './harness';

const suite = sandboxSuite();
afterEach(() => suite.sandbox.configure({ summaryFormat: false }));

const synced = () => suite.sandbox.population.organizations.find((o) => o.profile !== null && o.parentId === null)!;

test('off by default: records carry the 13 initiatives and the matched name', async () => {
  const org = synced();
  const { body } = await suite.api.get(`/organizations/${org.id}`);
  expect(Object.keys(body.initiatives).sort()).toEqual([...INITIATIVE_KEYS].sort());
  expect(body.matching_organization.name).toBe(org.name);
});

test('on: no initiative data and no matched name, everything else as before, on POST, GET and inside /batch', async () => {
  const org = synced();
  const before = (await suite.api.get(`/organizations/${org.id}`)).body;
  expect((await admin(suite.sandbox, 'POST', '/config', { summaryFormat: true })).status).toBe(200);
  const byId = (await suite.api.get(`/organizations/${org.id}`)).body;
  const posted = (await suite.api.post('/organizations', { lei_number: org.lei ?? undefined, name: org.name })).body;
  const batched = (await suite.api.batch([{ method: 'GET', url: `/organizations/${org.id}` }])).body;
  for (const record of [byId, posted, JSON.parse(batched[0].body)]) {
    expect(record).not.toHaveProperty('initiatives');
    expect(record.matching_organization).not.toHaveProperty('name');
    expect(record.matching_organization.link).toBe(before.matching_organization.link);
    expect(record.score).toBe(before.score);
  }
});

test('the knob takes true or false only, from the config route and the command line', async () => {
  const refused = await admin(suite.sandbox, 'POST', '/config', { summaryFormat: 'yes' });
  expect(refused.status).toBe(422);
  expect(refused.text).toContain('summaryFormat must be true or false');
  const { parseCliArgs } = await import('../../tools/sandbox/server/cliArgs');
  expect(parseCliArgs(['--summary-format'])).toMatchObject({ kind: 'start', options: { summaryFormat: true } });
});
