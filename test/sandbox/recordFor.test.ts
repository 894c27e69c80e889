/**
 * `RunningSandbox.recordFor`: what `POST /organizations` would answer now, for a population
 * organization or one already registered, without registering anything. Tests compute expected
 * cells from it in-process, whatever faults the HTTP side is injecting, and across a restart.
 */
import { RunningSandbox } from '../../tools/sandbox/server/server';
import { client, start } from './harness';

let sandbox: RunningSandbox;

beforeEach(async () => {
  sandbox = await start({ erroredShare: 0, profilingSeconds: 60 });
});
afterEach(() => sandbox.close());

test('a population organization: the same record as POST /organizations, and nothing registered', async () => {
  const org = sandbox.population.organizations[7];
  const { body } = await client(sandbox).post('/organizations', {
    lei_number: org.lei ?? undefined,
    duns_number: org.duns,
    external_id: 'row-9',
  });
  expect(sandbox.recordFor({ lei_number: org.lei ?? undefined, duns_number: org.duns, external_id: 'row-9' })).toEqual(
    body,
  );
  expect(sandbox.stats().registrations).toBe(0);
});

test('an unseen organization: null until registered, then its record as it stands now', async () => {
  const request = { name: 'Quillon Widget Makers Ltd', hq_region: 'GB' };
  expect(sandbox.recordFor(request)).toBeNull();
  expect(sandbox.stats().registrations).toBe(0);
  const { body } = await client(sandbox).post('/organizations', request);
  expect(sandbox.recordFor(request)).toEqual(body);
  sandbox.advanceClock(61);
  expect(sandbox.recordFor(request)).toMatchObject({ id: body.id, status: 'synced' });
  expect(sandbox.stats()).toMatchObject({ registrations: 1, maxRegistrationsPerOrganization: 1 });
});

test('an invalid request: null', () => {
  expect(sandbox.recordFor({})).toBeNull();
});
