/**
 * The client against the real sandbox over HTTP on loopback: every endpoint of the contract, and every
 * error type the client can raise, produced by the sandbox's own knobs.
 */
import { ClimateClient } from '../../src/service/client';
import {
  AuthError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../../src/service/errors';
import { nodeFetch } from '../../src/service/nodeFetch';
import { decodeOrganization } from '../../src/service/records';
import { errorFromResponse } from '../../src/service/responseErrors';
import { INITIATIVE_KEYS, isFinalStatus } from '../../src/service/types';
import {
  SANDBOX_PROJECT_KEY,
  SANDBOX_TEAM_KEY,
  startSandbox,
  type RunningSandbox,
  type SandboxKnobs,
} from '../../tools/sandbox/server/server';

const PROFILING_SECONDS = 20;
/** Knobs the tests change, and their neutral values, restored after every test. */
const NEUTRAL: Partial<SandboxKnobs> = {
  rateLimit: null,
  rateLimitRetryAfter: true,
  maxBatch: 100,
  failRate: 0,
  dropRate: 0,
  malformedRate: 0,
  truncateBatchRate: 0,
  hang: false,
  revokedKeys: [],
};

let sandbox: RunningSandbox;
let client: ClimateClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 500, quiet: true, profilingSeconds: PROFILING_SECONDS });
  client = clientWith(SANDBOX_PROJECT_KEY);
});
afterEach(() => sandbox.configure(NEUTRAL));
afterAll(() => sandbox.close());

function clientWith(apiKey: string | null, timeoutMs?: number): ClimateClient {
  return new ClimateClient({ baseUrl: sandbox.url, apiKey, fetch: nodeFetch, timeoutMs });
}

/** The rejection of a call that must fail; no message may ever carry a key. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
  for (const key of [SANDBOX_PROJECT_KEY, SANDBOX_TEAM_KEY]) expect(error.message).not.toContain(key);
  return error;
}

/** What the service itself says for a request, read without the client (to compare messages). */
async function rawMessage(path: string, authorization?: string): Promise<string> {
  const response = await nodeFetch(`${sandbox.url}${path}`, {
    method: 'GET',
    headers: authorization ? { Authorization: authorization } : {},
    redirect: 'manual',
    signal: new AbortController().signal,
  });
  return (JSON.parse(await response.text()) as { error: { message: string } }).error.message;
}

const known = () => sandbox.population.organizations[0];

describe('every endpoint', () => {
  it('1. registerOrganization: a known organization reads as the population says, idempotently', async () => {
    const org = known();
    const request = { name: org.name, website: org.website, external_id: 'row-2' };
    const expected = decodeOrganization(sandbox.population.recordFor(request));
    const first = await client.registerOrganization(request);
    const again = await client.registerOrganization(request);
    expect(first).toEqual(expected);
    expect(again.id).toBe(first.id);
    expect(first.external_id).toBe('row-2');
    expect(Object.keys(first.initiatives)).toEqual([...INITIATIVE_KEYS]);
  });

  it('1+3. an unseen organization is profiling, then final after the clock runs', async () => {
    const created = await client.registerOrganization({ name: 'Zzyzx Imaginary Foundry Cooperative', hq_region: 'NZ' });
    expect(isFinalStatus(created.status)).toBe(false);
    sandbox.advanceClock(PROFILING_SECONDS + 1);
    const later = await client.getOrganization(created.id);
    expect(later.id).toBe(created.id);
    expect(isFinalStatus(later.status)).toBe(true);
  });

  it('2. listOrganizations: 5 per page, [] past the end', async () => {
    const page = await client.listOrganizations(1);
    expect(page).toMatchObject({ page: 1, next: '/organizations?page=2' });
    expect(page.items).toHaveLength(5);
    page.items.forEach((record) => expect(typeof record.id).toBe('number'));
    const beyond = await client.listOrganizations(100_000);
    expect(beyond.items).toEqual([]);
  });

  it('3+4+5. getOrganization, getPrivateOrganization, recommendedActions', async () => {
    const { id } = await client.registerOrganization({ name: known().name });
    const record = await client.getOrganization(id);
    const privateRecord = await client.getPrivateOrganization(id);
    expect(record.id).toBe(id);
    expect(privateRecord.id).toBe(id);
    const actions = await client.recommendedActions(id);
    expect(actions.length).toBeGreaterThan(0);
    actions.forEach((action) => expect(typeof action.id).toBe('number'));
  });

  it('6+7. industries by page with Link next/last, search, and all pages by Link', async () => {
    const first = await client.listIndustries(1);
    expect(first.items).toHaveLength(20);
    expect(first.next).toBe('/industries?page=2');
    expect(first.last).toMatch(/^\/industries\?page=\d+$/);
    const all = [...first.items];
    for (let page = first; page.next !== null;) {
      page = await client.listIndustries(Number(page.next.split('=')[1]));
      all.push(...page.items);
    }
    const pages = Number(first.last?.split('=')[1]);
    expect(all.length).toBeGreaterThan(20 * (pages - 1));
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    expect(all.slice(0, first.items.length)).toEqual(first.items);
    const word = first.items[0].name.split(/\s+/)[0].toLowerCase();
    const found = (await client.searchIndustries(word)).items;
    expect(found.length).toBeGreaterThan(0);
    found.forEach((industry) => expect(industry.name.toLowerCase()).toContain(word));
  });

  it('8. sbtiCompanies: case-insensitive substring filters', async () => {
    const page = await client.sbtiCompanies();
    expect(page.items.length).toBeGreaterThan(0);
    const name = String(page.items[0].company_name);
    const fragment = name.slice(1, 5).toUpperCase();
    const filtered = await client.sbtiCompanies({ company_name: fragment });
    expect(filtered.items.length).toBeGreaterThan(0);
    filtered.items.forEach((company) => expect(String(company.company_name).toUpperCase()).toContain(fragment));
  });

  it('9. sbtiChanges: changes since a date', async () => {
    const all = await client.sbtiChanges();
    expect(all.items.length).toBeGreaterThan(0);
    const dates = all.items.map((change) => String(change.changed_at)).sort();
    const since = dates[Math.floor(dates.length / 2)];
    const recent = await client.sbtiChanges({ since });
    for (const change of recent.items) {
      expect(Date.parse(String(change.changed_at))).toBeGreaterThanOrEqual(Date.parse(since));
    }
  });

  it('10. batch: answers in request order, failed items inside a 200', async () => {
    const org = known();
    sandbox.resetStats();
    const items = await client.batch([
      { url: '/organizations', method: 'POST', body: { name: org.name } },
      { url: '/organizations/999999999', method: 'GET' },
      { url: '/organizations', method: 'POST', body: {} },
      { url: '/industries?page=1', method: 'GET' },
    ]);
    expect(items.map((item) => item.status)).toEqual([200, 404, 422, 200]);
    expect(decodeOrganization(items[0].body).name).toBe(org.name);
    expect(errorFromResponse(items[1].status, items[1].headers, items[1].body)).toBeInstanceOf(NotFoundError);
    expect(errorFromResponse(items[2].status, items[2].headers, items[2].body)).toBeInstanceOf(ValidationError);
    expect(Array.isArray(items[3].body)).toBe(true);
    expect(sandbox.stats()).toMatchObject({ requests: 1, batches: 1, batchItems: 4 });
  });

  it('11. createProject with the team key gives a key that works', async () => {
    const project = await client.createProject('Supplier review', SANDBOX_TEAM_KEY);
    expect(project.name).toBe('Supplier review');
    await expect(clientWith(project.api_key).suppliers()).resolves.toEqual([]);
  });

  it('12. suppliers', async () => {
    await expect(client.suppliers()).resolves.toEqual([]);
  });
});

describe('every error type', () => {
  it('401 for a missing key, with the service message', async () => {
    const error = await failure(clientWith(null).getOrganization(1));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toBe(await rawMessage('/organizations/1'));
    expect(error.message).toMatch(/Authorization/);
  });

  it('401 for an invalid, a wrong-kind or a revoked key, with the service message', async () => {
    const invalid = await failure(clientWith('not-a-real-key').getOrganization(1));
    expect(invalid).toBeInstanceOf(AuthError);
    expect(invalid.message).toBe(await rawMessage('/organizations/1', 'Bearer not-a-real-key'));
    expect(await failure(client.createProject('x', SANDBOX_PROJECT_KEY))).toBeInstanceOf(AuthError);
    expect(await failure(clientWith(SANDBOX_TEAM_KEY).suppliers())).toBeInstanceOf(AuthError);
    sandbox.configure({ revokedKeys: [SANDBOX_PROJECT_KEY] });
    expect(await failure(client.suppliers())).toBeInstanceOf(AuthError);
  });

  it('404 for an unknown organization', async () => {
    const error = await failure(client.getOrganization(999_999_999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toMatch(/not found/i);
    expect(await failure(client.getPrivateOrganization(999_999_999))).toBeInstanceOf(NotFoundError);
  });

  it('422 for a registration without name, website or identifier', async () => {
    const error = await failure(client.registerOrganization({ hq_region: 'GB' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('413 for a batch above the limit', async () => {
    sandbox.configure({ maxBatch: 3 });
    const items = Array.from({ length: 4 }, () => ({ url: '/v1/suppliers', method: 'GET' as const }));
    const error = await failure(client.batch(items));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'too-large', status: 413 });
    await expect(client.batch(items.slice(0, 3))).resolves.toHaveLength(3);
  });

  it('429 with Retry-After, and without it', async () => {
    const burst = async (): Promise<RateLimitError> => {
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => client.suppliers()));
      const limited = results.find((r) => r.status === 'rejected');
      expect(limited).toBeDefined();
      const error = (limited as PromiseRejectedResult).reason as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      return error;
    };
    sandbox.configure({ rateLimit: 1 });
    const withHeader = await burst();
    expect(withHeader.retryAfterMs).toBeGreaterThan(0);
    expect(withHeader.retryAfterMs).toBeLessThanOrEqual(60_000);
    sandbox.configure({ rateLimitRetryAfter: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const withoutHeader = await burst();
    expect(withoutHeader.retryAfterMs).toBeNull();
  });

  it('500 -> ServerError', async () => {
    sandbox.configure({ failRate: 1 });
    const error = await failure(client.suppliers());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, retryable: true });
  });

  it('dropped connection -> NetworkError', async () => {
    sandbox.configure({ dropRate: 1 });
    expect(await failure(client.getOrganization(1))).toBeInstanceOf(NetworkError);
  });

  it('service that stops answering -> NetworkError after the timeout', async () => {
    sandbox.configure({ hang: true });
    const error = await failure(clientWith(SANDBOX_PROJECT_KEY, 300).suppliers());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/did not answer/);
  });

  it('malformed body -> MalformedResponseError', async () => {
    sandbox.configure({ malformedRate: 1 });
    expect(await failure(client.registerOrganization({ name: known().name }))).toBeInstanceOf(MalformedResponseError);
    expect(await failure(client.listIndustries())).toBeInstanceOf(MalformedResponseError);
  });

  it('truncated batch answer -> MalformedResponseError', async () => {
    sandbox.configure({ truncateBatchRate: 1 });
    const items = Array.from({ length: 3 }, () => ({ url: '/v1/suppliers', method: 'GET' as const }));
    const error = await failure(client.batch(items));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toMatch(/of 3 batch requests/);
  });
});
