/**
 * The harness refuses an Excel.run request over Excel on the web's 5 MB as that host does, measured
 * as Office.js writes the request, and a refused request calculates nothing.
 */
import { countingWorkbook } from './countingWorkbook';
import { REQUEST_PAYLOAD_LIMIT } from '../stand-ins/limits';
import { requestBytes } from './requestPayload';

const cells = (count: number) => Array.from({ length: count }, (_, i) => ({ sheet: 'Sheet1', address: `B${i + 2}` }));

test('a single-cell calculate costs what its object path and two actions take: about 19,000 fit in 5 MB', () => {
  const perCell = (requestBytes(cells(10_001)) - requestBytes(cells(1))) / 10_000;
  expect(perCell).toBeGreaterThan(200);
  expect(perCell).toBeLessThan(300);
  expect(requestBytes(cells(18_000))).toBeLessThan(REQUEST_PAYLOAD_LIMIT);
  expect(requestBytes(cells(20_000))).toBeGreaterThan(REQUEST_PAYLOAD_LIMIT);
});

test('a sync over the limit fails with RequestPayloadSizeLimitExceeded and recalculates no cell', async () => {
  const workbook = countingWorkbook(20_000, ['B']);
  await workbook.settled();

  const run = workbook.globals.Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    for (const { address } of cells(20_000)) sheet.getRange(address).calculate();
    await context.sync();
  });

  await expect(run).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
  await workbook.settled();
  expect(workbook.stats().recalculations).toEqual([]);
  expect(workbook.report()['Sheet1!B2'].invocations).toBe(1);
});
