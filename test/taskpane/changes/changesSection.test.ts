/**
 * The workbook's report of a refresh (pure): sheets compared each on their own, and per sheet the rows
 * now matched to another organization, which the report's "Check the match" button hands Review matches.
 */
import { compareWorkbook } from '../../../src/taskpane/changes/changesSection';
import type { ShownRow } from '../../../src/taskpane/changes/rowChanges';
import type { WorkbookReading } from '../../../src/taskpane/changes/changesReading';

const row = (organization: string, at: number, matchedName: string): ShownRow => ({
  organization,
  row: at,
  matchedId: null,
  matchedName,
  link: null,
  score: 50,
  ranks: {},
  profiled: true,
  initiatives: { sbti: true },
});

const reading = (sheets: Record<string, ShownRow[]>): WorkbookReading =>
  new Map(Object.entries(sheets).map(([name, rows]) => [name, { rows, asOf: null }]));

test('each sheet hands over its own rows now matched to another organization, in sheet order, and no other row', () => {
  const before = reading({
    Suppliers: [row('Acme', 4, 'Acme Ltd'), row('Beta', 2, 'Beta AG'), row('Gamma', 9, 'Gamma SA')],
    Plants: [row('Delta', 1, 'Delta Inc'), row('Acme', 3, 'Acme Ltd')],
    Quiet: [row('Epsilon', 5, 'Epsilon plc')],
  });
  const after = reading({
    Suppliers: [
      row('Acme', 4, 'Acme Holdings'),
      { ...row('Beta', 2, 'Beta AG'), score: 90 },
      row('Gamma', 9, 'Gamma Group'),
    ],
    Plants: [row('Delta', 1, 'Delta Inc'), row('Acme', 3, 'Acme Holdings')],
    Quiet: [row('Epsilon', 5, 'Epsilon plc')],
  });
  const report = compareWorkbook(before, after, 5);
  expect(report.toCheck).toEqual([
    { sheet: 'Suppliers', rows: [4, 9] },
    { sheet: 'Plants', rows: [3] },
  ]);
  expect(report.counts['matched another organization']).toBe(3);
  expect(report.counts['score moved']).toBe(1);
});

test('nothing matched to another organization: nothing to check', () => {
  const same = reading({ Suppliers: [row('Acme', 4, 'Acme Ltd')] });
  expect(compareWorkbook(same, same, 5).toCheck).toEqual([]);
});
