/**
 * The engine against the sandbox over real HTTP on loopback: the "done means" of the engine issue,
 * asserted on what the sandbox says it served (GET /__sandbox/stats).
 */
import {
  createEngine,
  identify,
  type Engine,
  type OrganizationOutcome,
  type OrganizationQuery,
} from '../../src/engine';
import { t } from '../../src/i18n/translate';
import { ClimateClient } from '../../src/service/client';
import { nodeFetch } from '../../src/service/nodeFetch';
import {
  DEFAULT_KNOBS,
  SANDBOX_PROJECT_KEY,
  startSandbox,
  type RunningSandbox,
  type SandboxOrganization,
} from '../../tools/sandbox/server/server';
import { SettingsStore, type Settings } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';
import { ALL_TAKEN } from '../../src/engine/profiling/cellRecalculation';
import { CACHE_STORAGE_KEY } from '../../src/engine/cache/recordCache';

let sandbox: RunningSandbox;
const engines: Engine[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 2_000, quiet: true });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.configure({ ...DEFAULT_KNOBS, revokedKeys: [] });
  sandbox.resetStats();
});

afterEach(() => {
  for (const engine of engines.splice(0)) engine.dispose();
});

interface Run {
  engine: Engine;
  storage: MemoryStorage;
  recalculated: string[];
}

async function engineFor(patch: Partial<Settings> = {}, storage = new MemoryStorage()): Promise<Run> {
  const settings = new SettingsStore(storage);
  await settings.update({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, ...patch });
  const recalculated: string[] = [];
  const engine = createEngine({
    settings,
    fetch: nodeFetch,
    recalculate: async (addresses) => {
      recalculated.push(...addresses);
      return ALL_TAKEN;
    },
  });
  engines.push(engine);
  return { engine, storage, recalculated };
}

/** A query for an organization by one of its identifiers, rotating through the kinds people use. */
function queryFor(org: SandboxOrganization, turn: number): OrganizationQuery {
  const kinds: OrganizationQuery[] = [
    { name: org.name },
    { website: org.website ?? undefined },
    { lei_number: org.lei ?? undefined },
    { duns_number: org.duns ?? undefined },
    { isin_number: org.isin ?? undefined },
  ];
  for (let i = 0; i < kinds.length; i += 1) {
    const query = kinds[(turn + i) % kinds.length];
    if (Object.values(query).some((v) => v)) return query;
  }
  return { name: org.name };
}

/** `count` queries with distinct keys (two organizations may share a name: such a pair counts once). */
function distinctQueries(count: number, offset = 0): OrganizationQuery[] {
  const seen = new Set<string>();
  const queries: OrganizationQuery[] = [];
  for (const org of sandbox.population.organizations.slice(offset)) {
    const query = queryFor(org, queries.length);
    const { key } = identify(query);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
    if (queries.length === count) break;
  }
  return queries;
}

function expectCorrect(outcome: OrganizationOutcome, query: OrganizationQuery): void {
  expect(outcome.state).toBe('ready');
  expect(outcome.record).toEqual(sandbox.population.recordFor(query));
}

test('5,000 calls for 1,000 distinct organizations with maxBatch 50: the probe of 10, then 20 batch requests', async () => {
  const { engine } = await engineFor({ maxBatch: 50 });
  const queries = distinctQueries(1_000);
  // As Excel fires them: a score and four flag columns, each filled down the 1,000 rows.
  const calls = Array.from({ length: 5 }, (_, column) =>
    queries.map((query, row) => engine.organization(query, { address: `Sheet1!${'BCDEF'[column]}${row + 2}` })),
  ).flat();
  const outcomes = await Promise.all(calls);
  outcomes.forEach((outcome, i) => expectCorrect(outcome, queries[i % 1_000]));
  const stats = sandbox.stats();
  expect(stats.requests).toBe(21);
  expect(stats.batches).toBe(21);
  expect(stats.batchItems).toBe(1_000);
  expect(engine.stats()).toMatchObject({ calls: 5_000, joined: 4_000, requests: 21, items: 1_000, retries: 0 });
});

test('with 10% 500s, 2% dropped connections, 1% malformed bodies every call is right; nobody is registered twice', async () => {
  // Also 2% of batch answers missing items: such an answer is not trusted and its items are retried.
  sandbox.configure({ failRate: 0.1, dropRate: 0.02, malformedRate: 0.01, truncateBatchRate: 0.02 });
  const { engine } = await engineFor({ maxBatch: 10 });
  const known = distinctQueries(400, 100);
  const unseen = Array.from({ length: 40 }, (_, i) => ({ name: `Unlisted Faults Test Supplier ${i}` }));
  const queries = [...known, ...unseen];
  const outcomes = await Promise.all([...queries, ...queries].map((query) => engine.organization(query)));
  outcomes.slice(0, known.length).forEach((outcome, i) => expectCorrect(outcome, known[i]));
  for (const outcome of outcomes.slice(known.length, queries.length)) {
    expect(outcome.state).toBe('pending'); // registered just now: profiling has started
    expect(outcome.record.status).not.toBe('synced');
  }
  const stats = sandbox.stats();
  expect(stats.byStatus['500']).toBeGreaterThan(0); // the faults did happen
  expect(engine.stats().retries).toBeGreaterThan(0);
  expect(stats.registrations).toBe(40);
  expect(stats.maxRegistrationsPerOrganization).toBe(1);
});

test('with a rate limit the 429s are absorbed and the run completes', async () => {
  sandbox.configure({ rateLimit: 8 });
  const { engine } = await engineFor({ maxBatch: 10 });
  const queries = distinctQueries(200, 500);
  const outcomes = await Promise.all(queries.map((query) => engine.organization(query)));
  outcomes.forEach((outcome, i) => expectCorrect(outcome, queries[i]));
  const stats = sandbox.stats();
  expect(stats.rateLimited).toBeGreaterThan(0);
  // No retry storm: each pause is shared, so 429s stay a fraction of the 20 batches needed.
  expect(stats.rateLimited).toBeLessThanOrEqual(20);
  expect(engine.stats().rateLimitWaits).toBeGreaterThan(0);
});

test('with an invalid key every call fails with the auth message and at most one request is sent', async () => {
  const { engine } = await engineFor({ apiKey: 'dc_invalid_key_for_the_test' });
  const queries = distinctQueries(300);
  const results = await Promise.allSettled(queries.map((query) => engine.organization(query)));
  const messages = new Set(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'fulfilled')));
  expect(messages.size).toBe(1);
  const [message] = messages;
  expect(message).toMatch(new RegExp(`^.+ ${t('cells.setKey')}$`));
  expect(message).not.toContain('dc_invalid_key_for_the_test');
  expect(results.every((r) => r.status === 'rejected' && (r.reason as { kind: string }).kind === 'auth')).toBe(true);
  expect(sandbox.stats().requests).toBeLessThanOrEqual(1);
  expect(sandbox.stats().authFailures).toBe(1);
});

test('a second identical run (fresh engine, same storage) hits the cache and sends zero requests', async () => {
  const queries = distinctQueries(300, 1_000);
  const first = await engineFor();
  const fetched = await Promise.all(queries.map((query) => first.engine.organization(query)));
  await first.engine.flush();
  const perOrganization = (await first.storage.getItem(CACHE_STORAGE_KEY))!.length / queries.length;
  expect(perOrganization).toBeLessThan(200); // website and region included
  sandbox.resetStats();

  const second = await engineFor({}, first.storage);
  const again = await Promise.all(queries.map((query) => second.engine.organization(query)));
  expect(sandbox.stats().requests).toBe(0);
  expect(second.engine.stats().cacheHits).toBe(300);
  again.forEach((outcome, i) => {
    const { website, external_id, hq_region, ...shown } = fetched[i].record;
    expect(outcome.record).toMatchObject(shown);
  });
});

test('organizations still profiling end with their real values once the sandbox clock finishes them', async () => {
  sandbox.configure({ erroredShare: 0 });
  const { engine, recalculated } = await engineFor();
  const unseen = Array.from({ length: 12 }, (_, i) => ({ name: `Unlisted Profiling Test Supplier ${i}` }));
  const addresses = unseen.map((_, row) => `Sheet1!B${row + 2}`);
  const first = await Promise.all(unseen.map((query, row) => engine.organization(query, { address: addresses[row] })));
  expect(first.every((o) => o.state === 'pending')).toBe(true);
  expect(engine.stats().pendingProfiles).toBe(12);

  sandbox.advanceClock(DEFAULT_KNOBS.profilingSeconds + 1);
  const deadline = Date.now() + 10_000;
  while (recalculated.length < addresses.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect([...recalculated].sort()).toEqual([...addresses].sort());

  const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: nodeFetch });
  const requestsBefore = sandbox.stats().requests;
  const settled = await Promise.all(
    unseen.map((query, row) => engine.organization(query, { address: addresses[row] })),
  );
  expect(sandbox.stats().requests).toBe(requestsBefore); // the recalculated cells read the cache
  for (const [i, outcome] of settled.entries()) {
    expect(outcome.state).toBe('ready');
    expect(outcome.record.score).toEqual(expect.any(Number));
    expect(outcome.record).toEqual(await client.getOrganization(first[i].record.id));
  }
  expect(engine.stats().pendingProfiles).toBe(0);
});
