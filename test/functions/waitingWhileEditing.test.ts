/**
 * The built functions bundle in the Node workbook harness against the sandbox over loopback: suppliers
 * the sandbox is still profiling show "Profiling" while the user goes on working, and every one of
 * those cells shows its score when the profiles are final, without a key press or a refresh: when
 * they become final while a cell is being edited (Excel refuses every request of the JavaScript API
 * until the user leaves it), and when the sheet has been renamed since the cells asked.
 */
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { formatCell } from '../harness/addresses';
import { PENDING, checkCell, expectedScore } from '../harness/expectations';
import { MODERN_HOST } from '../harness/hostProfiles';
import { DEFAULT_LOCATION, openNodeWorkbook, type NodeWorkbookSession } from '../harness/node';
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
async function profilingSheet(names: string[]): Promise<NodeWorkbookSession> {
  const storage = await seededSettings({ baseUrl: suite.sandbox().url, apiKey: SANDBOX_PROJECT_KEY });
  const session = suite.keep(await openNodeWorkbook({ storage, requirements: MODERN_HOST.requirements }));
  await session.calculate({ inputs: names.map((name) => [name]), formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  await session.settled(60_000);
  expect(pending(await session.results())).toHaveLength(names.length);
  return session;
}

/** Once nothing shows "Profiling": each supplier's score, as the sandbox's record says, on `sheet`. */
async function expectScores(opened: NodeWorkbookSession, names: string[], sheet: string): Promise<void> {
  const final = await waitForResults(opened, (results) => pending(results).length === 0, 60_000, 50);
  const ctx = {
    dataTypes: MODERN_HOST.attributedValues,
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

test('profiles final while a cell is being edited: the cells show their scores once the user leaves it', async () => {
  const names = suppliers('(edit)');
  const opened = await profilingSheet(names);
  const { workbook } = opened;
  workbook.editCell('Sheet1!D9');
  const runs = workbook.stats().excelRuns;
  suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
  // The engine's polls see the final records and ask Excel to recalculate the cells: refused, twice.
  await waitForResults(opened, () => workbook.stats().excelRuns >= runs + 2, 60_000, 50);
  expect(pending(await opened.results())).toHaveLength(names.length);
  expect(workbook.stats().recalculations.flat()).toEqual([]);

  workbook.editCell(null);
  await expectScores(opened, names, 'Sheet1');
});

test('the sheet renamed while its suppliers are profiled: the cells show their scores under its new name', async () => {
  const names = suppliers('(rename)');
  const opened = await profilingSheet(names);
  opened.workbook.renameSheet('Sheet1', 'Q3 suppliers');
  suite.sandbox().advanceClock(PROFILING_SECONDS + 1);
  await expectScores(opened, names, 'Q3 suppliers');
});
