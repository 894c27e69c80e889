/**
 * The fault matrix: the built functions bundle in the workbook harness against the sandbox while it
 * misbehaves. For every row: each cell ends with the sandbox's value or the documented error, no
 * organization is registered twice, nothing stays busy, and no request follows a 401.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox, type SandboxKnobs } from '../../src/sandbox/server';
import type { Settings } from '../../src/settings/settings';
import { excelRound, openNodeWorkbook, seededSettings, type CellOutcome, type NodeWorkbookSession } from '../harness';

const ROWS = 60;
/** A short deadline for the row where the service stops answering; the other rows keep the default. */
const HANG_DEADLINE_MS = 4_000;

interface Cell {
  name: string;
  column: 'B' | 'C';
  outcome: CellOutcome;
}

async function openSheet(sandbox: RunningSandbox, settings: Partial<Settings> = {}): Promise<{ session: NodeWorkbookSession; names: string[] }> {
  const names = sandbox.population.organizations.filter((org) => org.parentId === null).slice(0, ROWS).map((org) => org.name);
  const session = await openNodeWorkbook({
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, maxBatch: 10, ...settings }),
  });
  await session.calculate({ inputs: names.map((name) => [name]), formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAG(A{row},"sbti")' } });
  return { session, names };
}

async function cellsOf(session: NodeWorkbookSession, names: string[]): Promise<Cell[]> {
  await session.settled(60_000);
  const results = await session.results();
  return names.flatMap((name, i) =>
    (['B', 'C'] as const).map((column) => ({ name, column, outcome: results[`Sheet1!${column}${i + 2}`].outcome })),
  );
}

function plain(outcome: CellOutcome): unknown {
  if (outcome.kind !== 'value') return outcome;
  const value = outcome.value as { basicValue?: unknown };
  return typeof value === 'object' && value !== null ? value.basicValue : value;
}

function expectedValue(sandbox: RunningSandbox, cell: Cell): unknown {
  const record = sandbox.population.recordFor({ name: cell.name });
  if (!record) throw new Error(`not in the population: ${cell.name}`);
  return cell.column === 'B' ? excelRound((record.score as number) * 100, 1) : record.initiatives.sbti;
}

/** Cells that are neither the sandbox's value nor an error whose message matches `allowed`. */
function wrongCells(sandbox: RunningSandbox, cells: Cell[], allowed: RegExp | null): string[] {
  return cells
    .filter((cell) => {
      if (cell.outcome.kind === 'error') return !(allowed && allowed.test(cell.outcome.message ?? ''));
      return plain(cell.outcome) !== expectedValue(sandbox, cell);
    })
    .map((cell) => `${cell.name} ${cell.column}: ${JSON.stringify(cell.outcome).slice(0, 200)}`);
}

interface FaultRow {
  fault: string;
  knobs: Partial<SandboxKnobs>;
  /** Errors a cell may end with under this fault (null: every cell must have its value). */
  allowed: RegExp | null;
}

const MATRIX: FaultRow[] = [
  { fault: '5xx bursts', knobs: { failRate: 0.3 }, allowed: null },
  { fault: 'dropped connections', knobs: { dropRate: 0.15 }, allowed: null },
  { fault: 'malformed bodies', knobs: { malformedRate: 0.15 }, allowed: null },
  { fault: 'batch answers with missing items', knobs: { truncateBatchRate: 0.3 }, allowed: null },
  { fault: '429 storm with Retry-After', knobs: { rateLimit: 2 }, allowed: null },
  { fault: '429 storm without Retry-After', knobs: { rateLimit: 2, rateLimitRetryAfter: false }, allowed: null },
  { fault: 'latency spikes', knobs: { latencyMs: 600, itemLatencyMs: 5 }, allowed: null },
  { fault: 'every fault at once', knobs: { failRate: 0.1, dropRate: 0.05, malformedRate: 0.05, truncateBatchRate: 0.1 }, allowed: null },
];

describe('fault matrix (built bundle, sandbox over HTTP)', () => {
  let sandbox: RunningSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0, organizations: 1000, quiet: true });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  test.each(MATRIX)('$fault: every cell correct, nothing registered twice, nothing busy', async ({ knobs, allowed }) => {
    sandbox.configure(knobs);
    const { session, names } = await openSheet(sandbox);
    try {
      const cells = await cellsOf(session, names);
      expect(wrongCells(sandbox, cells, allowed)).toEqual([]);
      expect(cells.some((cell) => cell.outcome.kind === 'busy')).toBe(false);
      expect(sandbox.stats().maxRegistrationsPerOrganization).toBeLessThanOrEqual(1);
    } finally {
      await session.close();
    }
  });

  test('a service that stops answering: every cell settles by its deadline with the documented message', async () => {
    sandbox.configure({ hang: true });
    const started = Date.now();
    const { session, names } = await openSheet(sandbox, { deadlineMs: HANG_DEADLINE_MS });
    try {
      const cells = await cellsOf(session, names);
      expect(Date.now() - started).toBeLessThan(HANG_DEADLINE_MS + 10_000);
      const messages = new Set(cells.map((cell) => (cell.outcome.kind === 'error' ? cell.outcome.message : 'not an error')));
      expect([...messages]).toEqual([`The climate service did not answer within ${HANG_DEADLINE_MS / 1000} s. Use Refresh in the Climate pane to try again.`]);
    } finally {
      await session.close();
    }
  });

  test('a key revoked mid-run: later cells fail with the auth message and no request follows the 401', async () => {
    const { session, names } = await openSheet(sandbox);
    try {
      expect(wrongCells(sandbox, await cellsOf(session, names), null)).toEqual([]);
      sandbox.configure({ revokedKeys: [SANDBOX_PROJECT_KEY] });
      const requestsBefore = sandbox.stats().requests;
      const more = sandbox.population.organizations.filter((org) => org.parentId === null).slice(ROWS, ROWS + 30).map((org) => org.name);
      await session.calculate({ name: 'Sheet2', inputs: more.map((name) => [name]), formulas: { B: '=CLIMATE.SCORE(A{row})' } });
      await session.settled(30_000);
      const sentAfterRevocation = sandbox.stats().requests - requestsBefore;
      const authFailures = sandbox.stats().authFailures;
      const results = await session.results();
      const sheet2 = Object.values(results).filter((cell) => cell.address.startsWith('Sheet2!B'));
      expect(sheet2).toHaveLength(30);
      for (const cell of sheet2) {
        expect(cell.outcome).toMatchObject({ kind: 'error', code: '#VALUE!' });
        expect((cell.outcome as { message: string }).message).toMatch(/revoked.*Set your API key in the Climate pane\.$/);
      }
      // Only the batches already in flight when the first 401 came back (30 names, 10 a batch): every
      // request after the revocation was refused, and none was retried.
      expect(authFailures).toBeGreaterThanOrEqual(1);
      expect(authFailures).toBeLessThanOrEqual(3);
      expect(sentAfterRevocation).toBe(authFailures);
      // More cells with the same (revoked) key: answered at once, nothing sent.
      const requests = sandbox.stats().requests;
      await session.calculate({ name: 'Sheet3', inputs: [['Anything Ltd']], formulas: { B: '=CLIMATE.SCORE(A{row})' } });
      await session.settled(10_000);
      expect(sandbox.stats().requests).toBe(requests);
    } finally {
      await session.close();
    }
  });

  test('a sandbox restart mid-run: every cell ends correct, each organization registered once per sandbox', async () => {
    const port = sandbox.port;
    sandbox.configure({ latencyMs: 300 });
    const { session, names } = await openSheet(sandbox);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const first = sandbox.stats();
      await sandbox.close();
      sandbox = await startSandbox({ port, organizations: 1000, quiet: true });
      const cells = await cellsOf(session, names);
      expect(wrongCells(sandbox, cells, null)).toEqual([]);
      expect(first.maxRegistrationsPerOrganization).toBeLessThanOrEqual(1);
      expect(sandbox.stats().maxRegistrationsPerOrganization).toBeLessThanOrEqual(1);
    } finally {
      await session.close();
    }
  });
});
