/**
 * Profiles that move together recalculate their cells in one call, and on a big sheet that call names
 * more cells than one Excel on the web request can take one by one (5 MB, about 19,000): through the
 * add-in's own recalculation (src/office) over the harness's Excel, every waiting cell is recalculated.
 */
import { calledBack } from '../../../src/office/cellCallbacks';
import { recalculateWaitingCells, type WaitingCellsOutcome } from '../../../src/office/excelCalculate';
import { countingWorkbook, invocationsOf } from '../../harness/countingWorkbook';
import { advance, rig, supplier } from '../rig';

const SUPPLIERS = 6_000;
const COLUMNS = ['B', 'C', 'D', 'E'];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { Excel?: unknown }).Excel;
});

test('6,000 profiles final at once: all 24,000 cells that waited are recalculated', async () => {
  const workbook = countingWorkbook(SUPPLIERS, COLUMNS, { onCall: calledBack }); // COUNT stands for the cells' own functions
  (globalThis as { Excel?: unknown }).Excel = workbook.globals.Excel;
  const requests: Array<Promise<WaitingCellsOutcome>> = [];
  const recalculate = (addresses: string[]): Promise<WaitingCellsOutcome> => {
    const request = recalculateWaitingCells(addresses);
    requests.push(request);
    return request;
  };
  const { engine, service, recalculated } = await rig({}, { recalculate });
  const cells = Array.from({ length: SUPPLIERS }, (_, i) => COLUMNS.map((column) => `Sheet1!${column}${i + 2}`));
  for (let id = 1; id <= SUPPLIERS; id += 1) service.statuses.set(id, 'created');
  const asked = cells.flatMap((row, i) => row.map((address) => engine.organization(supplier(i), { address })));
  await advance(2_000);
  expect((await Promise.all(asked)).every((outcome) => outcome.state === 'pending')).toBe(true);

  for (let id = 1; id <= SUPPLIERS; id += 1) service.statuses.set(id, 'synced');
  await advance(1_600 + 25 + 50); // the next poll, then the gathered recalculation
  expect(recalculated.map((addresses) => addresses.length)).toEqual([SUPPLIERS * COLUMNS.length]);
  await expect(Promise.all(requests)).resolves.toEqual([{ refused: [], gone: [] }]);
  expect(invocationsOf(workbook, cells.flat())).toEqual(new Set([2]));
});
