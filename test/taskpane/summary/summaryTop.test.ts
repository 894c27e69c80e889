/**
 * What tells a sheet the Climate summary made from one of the person's own (`isSummaryTop`): the
 * summary's own output always passes, in every variant it is written in; a sheet that only shares its
 * name, its title or part of its top does not, so a forged `climate.summarySheets` cannot get it cleared.
 */
import type { BlockLayout } from '../../../src/taskpane/common/blockScored';
import { SOURCE_LINE_FORMULA } from '../../../src/taskpane/sheet/sourceLine';
import { isSummaryTop, planSummary, SUMMARY_TOP } from '../../../src/taskpane/summary/summaryPlan';

const BLOCK: BlockLayout = {
  sheet: 'Vendors 2026',
  firstRow: 1,
  lastRow: 40,
  nameColumn: 0,
  websiteColumn: null,
  countryColumn: null,
  scoreColumn: 3,
  flags: [{ initiative: 'sbti', column: 4 }],
  industryMeanColumn: null,
  spendColumn: null,
};

/** The top of a sheet as the writer reads it back: SUMMARY_TOP's formulas, '' where nothing was written. */
function topOf(cells: ReadonlyArray<{ row: number; column: number; content: unknown }>): unknown[][] {
  expect(SUMMARY_TOP).toBe('A1:B3');
  return [0, 1, 2].map((row) =>
    [0, 1].map((column) => cells.find((cell) => cell.row === row && cell.column === column)?.content ?? ''),
  );
}

test.each([
  [true, true, null],
  [false, false, 2],
  [true, false, 2],
])('the summary it writes passes (dynamic arrays %s, logo %s, spend column %s)', (dynamicArrays, logo, spend) => {
  const plan = planSummary(
    { ...BLOCK, spendColumn: spend },
    { dynamicArrays, logo, scoreMax: 100, builtOn: '2026-11-23' },
  );
  expect(isSummaryTop(topOf(plan.cells))).toBe(true);
});

test.each([
  [
    'an empty sheet',
    [
      ['', ''],
      ['', ''],
      ['', ''],
    ],
  ],
  [
    'notes titled like the summary',
    [
      ['Climate summary', ''],
      ['Suppliers to call back', ''],
      ['keep me', ''],
    ],
  ],
  [
    'the title and the block line, without the source line',
    [
      ['Climate summary', 'Suppliers in A2:A9'],
      ['', ''],
      ['Built', ''],
    ],
  ],
  [
    'the source line pasted, another title',
    [
      ['Notes', 'Suppliers in A2:A9'],
      [SOURCE_LINE_FORMULA, ''],
      ['Built', ''],
    ],
  ],
  [
    'the source line as text, not its formula',
    [
      ['Climate summary', 'Suppliers in A2:A9'],
      ['Climate data by DitchCarbon', ''],
      ['Built', ''],
    ],
  ],
  ['a top shorter than the range', [['Climate summary']]],
])('%s does not pass', (_label, top) => {
  expect(isSummaryTop(top)).toBe(false);
});
