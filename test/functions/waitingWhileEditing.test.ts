/**
 * The built functions bundle in the Node workbook harness against the sandbox over loopback: suppliers
 * the sandbox is still profiling show "Profiling" while the user goes on working, and every one of
 * those cells shows its score when the profiles are final, without a key press or a refresh: when
 * they become final while a cell is being edited (Excel holds the add-in's recalculation until the user
 * leaves it, or refuses it on hosts without `delayForCellEdit`, with either code), when the sheet has
 * been renamed since the cells asked (only the waiting CLIMATE cells are recalculated, never the
 * workbook), and when Excel does not call a cell holding an error on a calculation (the first one, or
 * none: OfficeDev's trackers report both).
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { formatCell } from '../stand-ins/addresses';
import { PENDING, checkCell, expectedScore } from '../harness/expectations';
import { MODERN_HOST } from '../harness/hostProfiles';
import {
  DEFAULT_LOCATION,
  openNodeWorkbook,
  type NodeWorkbookOptions,
  type NodeWorkbookSession,
} from '../harness/node';
import { waitForResults } from '../harness/session';
import { seededSettings } from '../harness/settingsSeed';
import { PROFILING_SECONDS, supplierSuite } from '../harness/supplierSuite';
import type { SheetResults } from '../harness/types';

/** Suppliers the sandbox has never seen: each test has its own, as the sandbox is the file's. */
const suppliers = (tag: string) =>
  ['Edited Meanwhile Ltd', 'Typing Still GmbH', 'Cell Mode Holdings'].map((name) => `${name} ${tag}`);

const suite = supplierSuite(); // the file's sandbox; each test's session closed after it

const pending = (results: SheetResults) =>
  Object.values(results).filter(({ outcome }) => outcome.kind === 'error' && PENDING.test(outcome.message ?? ''));

/** A sheet of suppliers the sandbox has not profiled yet, every SCORE showing "Profiling". */
async function profilingSheet(names: string[], excel: Partial<NodeWorkbookOptions> = {}): Promise<NodeWorkbookSession> {
  const storage = await seededSettings({ baseUrl: suite.sandbox().url, apiKey: SANDBOX_PROJECT_KEY });
  const session = suite.keep(await openNodeWorkbook({ storage, requirements: MODERN_HOST.requirements, ...excel }));
  await session.calculate({ inputs: names.map((name) => [name]), formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  await session.settled(60_000);
  expect(pending(await session.results())).toHaveLength(names.length);
  return session;
}

const waiting = (results: SheetResults) =>
  pending(results).length > 0 || Object.values(results).some(({ outcome }) => outcome.kind === 'busy');

/** Once nothing shows "Profiling" or #BUSY!: each supplier's score, as the sandbox's record says, on `sheet`. */
async function expectScores(
  opened: NodeWorkbookSession,
  names: string[],
  sheet: string,
  dataTypes = MODERN_HOST.attributedValues,
): Promise<void> {
  const final = await waitForResults(opened, (results) => !waiting(results), 60_000, 50);
  const ctx = {
    dataTypes,
    logoUrl: new URL('assets/logo-provider.png', DEFAULT_LOCATION).href,
  };
  const problems = names.map((name, i) => {
    const record = suite.sandbox().recordFor({ name });
    const cell = final[formatCell(sheet, 1, i + 2)]; // column B
    return record && cell
      ? checkCell(cell.outcome, expectedScore(record, name), record, ctx)
      : `${name}: no record or cell`;
  });
  expect(problems).toEqual(names.map(() => null));
  expect(opened.errors()).toEqual([]);
}

test('profiles final while a cell is being edited: Excel holds the recalculation, the cells show their scores once the user leaves it', async () => {
  const names = suppliers('(edit)');
  const opened = await profilingSheet(names);
  const { workbook } = opened;
  workbook.editCell('Sheet1!D9');
  suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
  // The engine's polls see the final records and ask Excel to recalculate the cells: held (delayForCellEdit).
  await waitForResults(opened, () => workbook.stats().excelRunsInFlight > 0, 60_000, 50);
  expect(pending(await opened.results())).toHaveLength(names.length);
  expect(workbook.stats().recalculations.flat()).toEqual([]);

  workbook.editCell(null);
  await expectScores(opened, names, 'Sheet1');
});

test.each(['InvalidOperation', 'InvalidOperationInCellEditMode'] as const)(
  'on a host without delayForCellEdit, refused with %s while a cell is edited: the cells show their scores once the user leaves it',
  async (cellEditRefusal) => {
    const names = suppliers(`(${cellEditRefusal})`);
    const requirements = { ...MODERN_HOST.requirements, ExcelApi: '1.10' };
    const opened = await profilingSheet(names, { requirements, cellEditRefusal });
    const { workbook } = opened;
    workbook.editCell('Sheet1!D9');
    const runs = workbook.stats().excelRuns;
    suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
    await waitForResults(opened, () => workbook.stats().excelRuns >= runs + 2, 60_000, 50); // refused, twice
    expect(pending(await opened.results())).toHaveLength(names.length);

    workbook.editCell(null);
    await expectScores(opened, names, 'Sheet1', false); // ExcelApi 1.10: plain values
  },
);

test.each(['first-ignored', 'never'] as const)(
  'Excel does not call cells holding an error when asked to calculate them (%s): the cells show their scores',
  async (errorCells) => {
    const names = suppliers(`(${errorCells})`);
    const opened = await profilingSheet(names, { errorCells });
    suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
    await expectScores(opened, names, 'Sheet1');
    // each cell: entered, asked to calculate (not called), entered again
    const report = await opened.results();
    expect(names.map((_name, i) => report[formatCell('Sheet1', 1, i + 2)].invocations)).toEqual(names.map(() => 2));
  },
);

test('the sheet renamed while its suppliers are profiled: the cells show their scores under its new name, no other cell is recalculated', async () => {
  const names = suppliers('(rename)');
  const opened = await profilingSheet(names);
  const known = suite
    .sandbox()
    .population.organizations.slice(0, 5)
    .map((org) => [org.name]);
  await opened.calculate({ name: 'Known', inputs: known, formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  await opened.settled(60_000);
  opened.workbook.renameSheet('Sheet1', 'Q3_suppliers');
  suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
  await expectScores(opened, names, 'Q3_suppliers');
  const report = await opened.results();
  // Excel's quoting of the new name in the addresses it gives the cells
  expect(report["'Q3_suppliers'!B2"].outcome.kind).toBe('value');
  expect(known.map((_name, i) => report[formatCell('Known', 1, i + 2)].invocations)).toEqual(known.map(() => 1));
  expect(opened.workbook.stats().fullCalculations).toBe(0);
});
