/**
 * The supplier-sheet scenario both harness runtimes run against the sandbox: calculate the sheet,
 * check every cell against the sandbox's records, check what was sent (bad inputs send nothing,
 * repeats share requests), let the sandbox finish profiling the unseen suppliers and check that
 * exactly their cells were recalculated and now show their values. The row checks are exported for
 * the reliability suite, which runs the same sheet while the sandbox misbehaves.
 */
import { identify } from '../../src/engine/calls/identity';
import { parseOrganization } from '../../src/functions/arguments/organizationArgument';
import type { RunningSandbox } from '../../tools/sandbox/server/server';
import type { OrganizationRecord } from '../../src/service/types';
import {
  PENDING,
  checkRowCells,
  expectedFlag,
  expectedFlags,
  expectedProfileRow,
  expectedScore,
  type ExpectContext,
  type Expected,
  type RowExpectation,
} from './expectations';
import { waitForResults, type WorkbookSession } from './session';
import { SUPPLIER_FORMULAS, supplierSheet, type SupplierRow } from './supplierSheet';
import type { CellOutcome, SheetResults } from './types';

export interface ScenarioReport {
  rows: number;
  cells: number;
  /** Distinct registration requests among the valid rows: what the engine may send at most once each. */
  distinct: number;
  unseenRows: number;
  badRows: number;
  /** Wall time until every cell had its first result, and until the unseen suppliers showed values. */
  firstPassMs: number;
  profiledMs: number;
  /** Sandbox counts for the first pass. */
  requests: number;
  registrationItems: number;
  registrations: number;
  /** Cell addresses Excel.run recalculated, and those that should have been (the unseen rows' cells). */
  recalculated: string[];
  expectedRecalculated: string[];
  /** Every cell that did not show what the sandbox says, with why (empty when all is well). */
  problems: string[];
}

const COLUMNS = Object.keys(SUPPLIER_FORMULAS);
const FIRST_ROW = 2;

/** Every column of a supplier row as the record says. */
export function expectRecord(record: OrganizationRecord, requested: string): RowExpectation {
  return {
    B: expectedScore(record, requested),
    C: expectedFlag(record, 'sbti', requested),
    D: expectedFlag(record, 're100', requested),
    E: expectedFlag(record, 'climate_pledge', requested),
    F: expectedFlags(record, requested),
    T: expectedProfileRow(record, requested),
  };
}

/** The same outcome (an error) in every column of a supplier row. */
export function expectEverywhere(expected: Expected): RowExpectation {
  return Object.fromEntries(COLUMNS.map((column) => [column, expected]));
}

function rowCells(results: SheetResults, sheet: string, row: number): Record<string, CellOutcome> {
  return Object.fromEntries(
    COLUMNS.map((column) => [column, results[`${sheet}!${column}${row}`]?.outcome ?? { kind: 'busy' }]),
  );
}

/** Why the `i`-th row (from 0) of a supplier sheet does not show `expected`, one line per column. */
export function supplierRowProblems(
  results: SheetResults,
  sheet: string,
  rows: readonly SupplierRow[],
  i: number,
  expected: RowExpectation,
  record: OrganizationRecord | null,
  ctx: ExpectContext,
): string[] {
  return checkRowCells(rowCells(results, sheet, FIRST_ROW + i), expected, record, ctx).map(
    (problem) => `row ${FIRST_ROW + i} (${String(rows[i].input).slice(0, 40)}) ${problem}`,
  );
}

/** Whether some cell of the `i`-th row still shows "Profiling (...)". */
export function supplierRowPending(results: SheetResults, sheet: string, i: number): boolean {
  return Object.values(rowCells(results, sheet, FIRST_ROW + i)).some(
    (o) => o.kind === 'error' && PENDING.test(o.message ?? ''),
  );
}

export async function supplierScenario(
  session: WorkbookSession,
  sandbox: RunningSandbox,
  rows: readonly SupplierRow[],
  ctx: ExpectContext,
  profilingSeconds: number,
): Promise<ScenarioReport> {
  const sheet = supplierSheet(rows);
  const problems: string[] = [];
  const check = (results: SheetResults, i: number, expected: RowExpectation, record: OrganizationRecord | null) => {
    problems.push(...supplierRowProblems(results, sheet.name!, rows, i, expected, record, ctx));
  };

  sandbox.resetStats();
  const started = Date.now();
  const addresses = await session.calculate(sheet);
  await session.settled(120_000);
  const firstPassMs = Date.now() - started;
  const first = await session.results();
  const sent = sandbox.stats();

  rows.forEach((row, i) => {
    if (row.kind === 'bad')
      check(first, i, expectEverywhere({ kind: 'error', code: '#VALUE!', message: row.bad!.message }), null);
    else if (row.kind === 'unseen')
      check(first, i, expectEverywhere({ kind: 'error', code: '#N/A', message: PENDING }), null);
    else {
      const record = sandbox.population.recordFor(row.request!);
      if (!record) problems.push(`row ${FIRST_ROW + i}: the sandbox knows no ${JSON.stringify(row.request)}`);
      else check(first, i, expectRecord(record, String(row.input)), record);
    }
  });

  // Profiling finishes; the engine's polls see it and recalculate exactly the cells that waited.
  sandbox.advanceClock(profilingSeconds + 1);
  const unseen = rows.map((row, i) => ({ row, i })).filter(({ row }) => row.kind === 'unseen');
  const final = await waitForResults(
    session,
    (results) => unseen.every(({ i }) => !supplierRowPending(results, sheet.name!, i)),
    60_000,
    250,
  );
  await session.settled(60_000);
  const profiledMs = Date.now() - started;
  for (const { row, i } of unseen) {
    const record = sandbox.recordFor(row.request!);
    if (!record) problems.push(`row ${FIRST_ROW + i}: the sandbox registered no ${JSON.stringify(row.request)}`);
    else check(final, i, expectRecord(record, String(row.input)), record);
  }

  const valid = rows.filter((row) => row.kind !== 'bad');
  const stats = await session.stats();
  return {
    rows: rows.length,
    cells: addresses.length,
    distinct: new Set(valid.map((row) => identify(parseOrganization(row.input).query).key)).size,
    unseenRows: unseen.length,
    badRows: rows.length - valid.length,
    firstPassMs,
    profiledMs,
    requests: sent.requests,
    registrationItems: sent.byRoute['POST /organizations'] ?? 0,
    registrations: sent.registrations,
    recalculated: stats.recalculations.flat().sort(),
    expectedRecalculated: unseen
      .flatMap(({ i }) => COLUMNS.map((column) => `${sheet.name}!${column}${FIRST_ROW + i}`))
      .sort(),
    problems,
  };
}
