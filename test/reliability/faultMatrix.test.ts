/**
 * The fault matrix: the built functions bundle in the workbook harness against the sandbox over
 * HTTP while the sandbox misbehaves, on a 150-row supplier sheet (SCORE, three FLAGs, FLAGS,
 * PROFILE). For every row: each cell ends with what the sandbox's record says or with the documented
 * error of that fault, the add-in really met the fault, no organization is registered twice, no
 * cell stays busy, the runtime logs no error; where a key is revoked, nothing is sent after the 401.
 */
import {
  SANDBOX_PROJECT_KEY,
  startSandbox,
  type RunningSandbox,
  type SandboxKnobs,
} from '../../tools/sandbox/server/server';
import type { NodeWorkbookSession } from '../harness';
import { PENDING, type Expected } from '../harness/expectations';
import {
  ROW_LIMIT_MS,
  SANDBOX_OPTIONS,
  calculateSuppliers,
  faultRows,
  openSupplierWorkbook,
  playTimeline,
  profilesDone,
  sleep,
  statsReach,
  unanswered,
  verifySheet,
} from './faultRun';
import { Wire, isDropped, isShort, type Exchange } from './wire';

/** What a cell shows once the engine has given up retrying: the fault in words, and what to do. */
const GAVE_UP: Record<string, Expected> = {
  server: {
    kind: 'error',
    code: '#N/A',
    message: /^The service failed \(HTTP 500\)[^\n]* \(tried \d+ times\)\. Try Refresh later\.$/,
  },
  network: {
    kind: 'error',
    code: '#N/A',
    message: /^[^\n]+ \(tried \d+ times\)\. Check the connection or the service address in the Climate pane\.$/,
  },
  malformed: { kind: 'error', code: '#N/A', message: /^[^\n]+ \(tried \d+ times\)\. Try Refresh later\.$/ },
  rateLimit: {
    kind: 'error',
    code: '#N/A',
    message: /^The climate service is limiting requests \(tried \d+ times\)\. Try Refresh later\.$/,
  },
};
const PROFILING: Expected = { kind: 'error', code: '#N/A', message: PENDING };
const AUTH = {
  kind: 'error',
  code: '#VALUE!',
  message:
    'Invalid API key. Check the API key you provided; it may have been revoked or regenerated. Set your API key in the Climate pane.',
} as const;

const status = (code: number) => (e: Exchange) => e.status === code;

interface FaultRow {
  fault: string;
  knobs: Partial<SandboxKnobs>;
  /** Knob changes during the run, in ms after the sheet is entered: bursts and spikes. */
  timeline?: Array<[number, Partial<SandboxKnobs>]>;
  /** The documented errors a cell may end with when retries run out under this fault. */
  allowed: Expected[];
  /** The answers in which the add-in met the fault: there must be some. */
  met: (e: Exchange) => boolean;
}

/** Latency that jumps to 1 s for 300 ms in every 600 ms, for three seconds. */
const SPIKES = [0, 600, 1200, 1800, 2400].flatMap((at): Array<[number, Partial<SandboxKnobs>]> => [
  [at, { latencyMs: 1000 }],
  [at + 300, { latencyMs: 0 }],
]);

const MATRIX: FaultRow[] = [
  { fault: 'no fault (control)', knobs: {}, allowed: [], met: status(200) },
  { fault: '5xx, scattered', knobs: { failRate: 0.25 }, allowed: [GAVE_UP.server], met: status(500) },
  {
    fault: '5xx, a burst of one second',
    knobs: { failRate: 1 },
    timeline: [[1000, { failRate: 0 }]],
    allowed: [GAVE_UP.server],
    met: status(500),
  },
  { fault: 'dropped connections', knobs: { dropRate: 0.2 }, allowed: [GAVE_UP.network], met: isDropped },
  {
    fault: 'malformed (cut-off) bodies',
    knobs: { malformedRate: 0.2 },
    allowed: [GAVE_UP.malformed],
    met: (e) => e.malformed,
  },
  {
    fault: 'batch answers with missing items',
    knobs: { truncateBatchRate: 0.3 },
    allowed: [GAVE_UP.malformed],
    met: isShort,
  },
  { fault: '429 storm with Retry-After', knobs: { rateLimit: 4 }, allowed: [GAVE_UP.rateLimit], met: status(429) },
  {
    fault: '429 storm without Retry-After',
    knobs: { rateLimit: 4, rateLimitRetryAfter: false },
    allowed: [GAVE_UP.rateLimit],
    met: status(429),
  },
  {
    fault: 'latency spikes',
    knobs: { itemLatencyMs: 2 },
    timeline: SPIKES,
    allowed: [],
    met: (e) => e.endedAt! - e.sentAt >= 900,
  },
  {
    fault: 'every fault at once',
    knobs: { failRate: 0.1, dropRate: 0.05, malformedRate: 0.05, truncateBatchRate: 0.1, latencyMs: 30 },
    allowed: [GAVE_UP.server, GAVE_UP.network, GAVE_UP.malformed],
    met: (e) => e.status === 500 || isDropped(e) || e.malformed || isShort(e),
  },
];

// Above the rows' own limits, so that a slow row fails with its own words rather than jest's timeout.
jest.setTimeout(2 * ROW_LIMIT_MS);

let sandbox: RunningSandbox;
let wire: Wire;
let session: NodeWorkbookSession | null = null;

beforeEach(async () => {
  sandbox = await startSandbox(SANDBOX_OPTIONS);
  wire = new Wire();
});
afterEach(async () => {
  const errors = session?.errors() ?? [];
  await session?.close();
  session = null;
  await sandbox.close();
  expect(errors).toEqual([]); // nothing the runtime logged as an error
});

test.each(MATRIX)(
  '$fault: every cell correct or documented, nothing registered twice, nothing busy',
  async ({ knobs, timeline, allowed, met }) => {
    const rows = faultRows(sandbox);
    sandbox.configure(knobs);
    session = await openSupplierWorkbook(sandbox, wire);
    await calculateSuppliers(session, rows);
    const stop = playTimeline(sandbox, timeline ?? []);
    const results = await profilesDone(session, rows).finally(stop);
    const stats = sandbox.stats();

    const verdict = verifySheet(results, rows, [sandbox], allowed);
    expect(verdict.problems.slice(0, 5)).toEqual([]);
    expect(verdict.correct).toBeGreaterThanOrEqual(rows.length * 0.9);
    expect(Object.values(results).some((cell) => cell.outcome.kind === 'busy')).toBe(false);
    expect(wire.count(met)).toBeGreaterThan(0);
    expect(stats.maxRegistrationsPerOrganization).toBe(1);
    // A 429 storm does not become a retry storm: refusals stay below twice the batches that got through.
    expect(stats.rateLimited).toBeLessThanOrEqual(2 * stats.batches);
  },
);

test('the service stops answering: every cell settles by its deadline with the documented message, and nothing more is sent', async () => {
  const deadlineMs = 3_000;
  const rows = faultRows(sandbox);
  sandbox.configure({ hang: true });
  session = await openSupplierWorkbook(sandbox, wire, { deadlineMs });
  const started = Date.now();
  await calculateSuppliers(session, rows);
  await session.settled(deadlineMs + 5_000);
  const settledMs = Date.now() - started;

  const deadline: Expected = {
    kind: 'error',
    code: '#N/A',
    message: 'The climate service did not answer within 3 s. Use Refresh in the Climate pane to try again.',
  };
  const verdict = verifySheet(await session.results(), rows, [sandbox], [deadline]);
  expect(verdict.problems.slice(0, 5)).toEqual([]);
  expect(verdict.documented).toBe(rows.filter((row) => row.kind !== 'bad').length);
  expect(settledMs).toBeGreaterThanOrEqual(deadlineMs);
  expect(settledMs).toBeLessThan(deadlineMs + 2_000);
  // The requests time out with the deadline; nobody waits for their retries, so none is sent.
  const sent = wire.exchanges.length;
  expect(sent).toBeGreaterThan(0);
  await sleep(1_500);
  expect(wire.exchanges.length).toBe(sent);
  expect(wire.count((e) => e.status !== null)).toBe(0);
  expect(sandbox.stats().requests).toBe(sent);
});

/** A cell entered after the 401 fails at once with the auth message, and nothing is sent for it. */
async function laterCellFailsWithoutRequest(current: NodeWorkbookSession): Promise<void> {
  const sent = wire.exchanges.length;
  await current.calculate({
    name: 'Later',
    inputs: [[sandbox.population.organizations[999].name]],
    formulas: { B: '=CLIMATE.SCORE(A{row})' },
  });
  await current.settled(5_000);
  expect((await current.results())['Later!B2'].outcome).toEqual(AUTH);
  expect(wire.exchanges.length).toBe(sent);
}

/** Requests the add-in sent after it had read a 401. */
function sentAfterRefusal(): number {
  const refusedAt = wire.firstRefusalAt();
  expect(refusedAt).not.toBeNull();
  return wire.count((e) => e.sentAt > refusedAt!);
}

test('a key revoked while batches are in flight: their items get 401, the rest fail fast, nothing is sent after', async () => {
  const rows = faultRows(sandbox);
  sandbox.configure({ latencyMs: 300 });
  session = await openSupplierWorkbook(sandbox, wire);
  await calculateSuppliers(session, rows);
  // The first batch is answered and the next ones wait out their latency: their items will meet the revoked key.
  await statsReach(sandbox, (stats) => (stats.byStatus['200'] ?? 0) > 0 && unanswered(stats) > 0);
  await sleep(50); // the rest of that wave arrives
  const atRevocation = sandbox.stats();
  sandbox.configure({ revokedKeys: [SANDBOX_PROJECT_KEY] });
  await session.settled(10_000);
  await sleep(2_000); // polls of the pending profiles, and any retry, would be due by now

  const verdict = verifySheet(await session.results(), rows, [sandbox], [AUTH, PROFILING]);
  expect(verdict.problems.slice(0, 5)).toEqual([]);
  expect(verdict.correct).toBeGreaterThan(rows.filter((row) => row.kind === 'bad').length); // the first batch's rows
  expect(verdict.documented).toBeGreaterThan(0);
  // The requests in flight at the revocation were answered (their items 401); none was sent after.
  expect(unanswered(atRevocation)).toBeGreaterThan(0);
  expect(sandbox.stats().requests).toBe(atRevocation.requests);
  expect(unanswered(sandbox.stats())).toBe(0);
  expect(sentAfterRefusal()).toBe(0);
  await laterCellFailsWithoutRequest(session);
});

test('a key revoked while the workbook is idle: the next profile poll gets the 401, and polling stops', async () => {
  const rows = faultRows(sandbox);
  sandbox.configure({ profilingSeconds: 3_600 }); // unseen suppliers stay pending: the engine keeps polling
  session = await openSupplierWorkbook(sandbox, wire);
  await calculateSuppliers(session, rows);
  await session.settled(10_000);
  sandbox.configure({ revokedKeys: [SANDBOX_PROJECT_KEY] });
  const firstRefusal = await statsReach(sandbox, (stats) => stats.authFailures > 0, 5_000);
  await sleep(3_000); // two more poll rounds would be due by now

  expect(sandbox.stats().requests).toBe(firstRefusal.requests);
  expect(sandbox.stats().authFailures).toBe(1);
  expect(sentAfterRefusal()).toBe(0);
  const verdict = verifySheet(await session.results(), rows, [sandbox], [PROFILING]);
  expect(verdict.problems.slice(0, 5)).toEqual([]);
  expect(verdict.documented).toBe(rows.filter((row) => row.kind === 'unseen').length);
  await laterCellFailsWithoutRequest(session);
});

test('a sandbox restart mid-run: every cell ends correct, and no supplier is registered in both runs', async () => {
  const rows = faultRows(sandbox);
  const unseen = new Set(rows.filter((row) => row.kind === 'unseen').map((row) => JSON.stringify(row.request))).size;
  // Unseen suppliers are final at once here: a cell that has its answer never needs to ask again.
  sandbox.configure({ latencyMs: 300, profilingSeconds: 0 });
  session = await openSupplierWorkbook(sandbox, wire);
  await calculateSuppliers(session, rows);
  // Some suppliers are registered and answered; it goes down while the next batches wait out their latency.
  await statsReach(sandbox, (stats) => stats.registrations > 0);
  await sleep(50);
  await statsReach(sandbox, (stats) => unanswered(stats) > 0);
  const first = sandbox;
  await first.close();
  sandbox = await startSandbox({ ...SANDBOX_OPTIONS, port: first.port, profilingSeconds: 0 });
  const results = await profilesDone(session, rows);

  const verdict = verifySheet(results, rows, [first, sandbox]);
  expect(verdict.problems.slice(0, 5)).toEqual([]);
  expect(verdict.correct).toBe(rows.length);
  expect(wire.count(isDropped)).toBeGreaterThan(0); // requests cut by the restart
  expect(sandbox.stats().requests).toBeGreaterThan(0);
  expect(first.stats().maxRegistrationsPerOrganization).toBe(1);
  expect(sandbox.stats().maxRegistrationsPerOrganization).toBeLessThanOrEqual(1);
  // Each unseen supplier registered exactly once over both runs.
  expect(first.stats().registrations + sandbox.stats().registrations).toBe(unseen);
});
