/**
 * The attribution check's finding and placing (pure): blocks of CLIMATE score and flag formulas as
 * analysts type them, which of them already show the source line, and where the logo and the line
 * go without writing over anything.
 */
import {
  describeFix,
  findClimateBlocks,
  planAttributionCheck,
} from '../../../src/taskpane/attribution/attributionCheck';
import type { CellGrid, CellValue } from '../../../src/taskpane/sheet/grid';
import { SOURCE_LINE_FORMULA } from '../../../src/taskpane/sheet/sourceLine';
import { OUTPUTS } from '../../../src/taskpane/sheet/outputs';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';

const LINE = 'Climate data by DitchCarbon';

/** A sheet from rows of cells starting at A1 ('' is empty). */
const sheet = (rows: CellValue[][], rowIndex = 0, columnIndex = 0): CellGrid => ({
  sheet: 'Suppliers',
  rowIndex,
  columnIndex,
  values: rows,
  formulas: rows,
});

/** Every occupied cell of a sheet, to compare before and after. */
const occupied = (s: CellGrid): string[] =>
  s.formulas.flatMap((row, r) =>
    row.flatMap((value, c) => (value === null || value === '' ? [] : [`${s.rowIndex + r},${s.columnIndex + c}`])),
  );

const handTyped = (): CellGrid =>
  sheet([
    ['Supplier', 'Score', 'SBTi', 'Notes'],
    ['Acme', '=CLIMATE.SCORE(A2)', '=climate.flag(A2,"sbti")', 'ok'],
    ['Globex', '=CLIMATE.SCORE(A3)', '=CLIMATE.FLAG(A3,"sbti")', ''],
    ['', '', '', ''],
    ['Initech', '=ROUND(CLIMATE.SCORE(A5),0)', '=CLIMATE.FLAG(A5, "sbti")', ''],
  ]);

test('a hand-typed block (any case, inside other functions, across a blank row) is one block', () => {
  expect(findClimateBlocks(handTyped())).toEqual([{ top: 1, left: 1, bottom: 4, right: 2 }]);
});

test('headers above: the logo and the line go under the block, on free cells only', () => {
  const before = handTyped();
  const { blocks, fixes } = planAttributionCheck(before, true);
  expect(blocks).toBe(1);
  expect(fixes).toEqual([
    {
      block: { top: 1, left: 1, bottom: 4, right: 2 },
      place: { row: 5, logoColumn: 1, textColumn: 2, formula: SOURCE_LINE_FORMULA },
    },
  ]);
  const taken = new Set(occupied(before));
  expect(taken.has('5,1') || taken.has('5,2')).toBe(false);
  expect(describeFix('Suppliers', fixes[0])).toBe('Suppliers!B2:C5: logo over B6, source line in C6.');
});

test('a free row above is preferred; without images one free cell is enough', () => {
  const s = sheet([
    ['Quarterly review', '', ''],
    ['Supplier', 'Score', ''],
    ['Acme', '=CLIMATE.SCORE(A3)', ''],
  ]);
  expect(planAttributionCheck(s, true).fixes[0].place).toMatchObject({ row: 0, logoColumn: 1, textColumn: 2 });
  expect(planAttributionCheck(s, false).fixes[0].place).toMatchObject({ row: 0, logoColumn: null, textColumn: 1 });
});

test('a block that shows the source line near it (typed or written by the pane) needs nothing', () => {
  const typed = sheet([
    [null, LINE],
    ['Supplier', 'Score'],
    ['Acme', '=CLIMATE.SCORE(A3)'],
  ]);
  const written = sheet([
    [null, null, SOURCE_LINE_FORMULA],
    ['Supplier', 'Score', 'SBTi'],
    ['Acme', '=CLIMATE.SCORE(A3)', '=CLIMATE.FLAG(A3,"sbti")'],
  ]);
  expect(planAttributionCheck(typed, true)).toEqual({ blocks: 1, fixes: [] });
  expect(planAttributionCheck(written, true)).toEqual({ blocks: 1, fixes: [] });
});

test("the provider's words linking elsewhere are no source line: the block still gets its own", () => {
  const disguised = [
    '=HYPERLINK("https://evil.example/login","Climate data by DitchCarbon")',
    '=HYPERLINK("https://ditchcarbon.com.evil.example","Climate data by DitchCarbon")',
    '=HYPERLINK("http://ditchcarbon.com","Climate data by DitchCarbon")',
    '=HYPERLINK("https://evil.example/?u=ditchcarbon.com","Climate data by DitchCarbon")',
    '=HYPERLINK(A9,"Climate data by DitchCarbon")',
    '=IF(TRUE,HYPERLINK("https://evil.example","Climate data by DitchCarbon"),"Climate data by DitchCarbon")',
  ];
  for (const formula of disguised) {
    const s = sheet([
      [null, formula, null],
      ['Supplier', 'Score', null],
      ['Acme', '=CLIMATE.SCORE(A3)', null],
    ]);
    expect([formula, planAttributionCheck(s, true).fixes]).toEqual([formula, [expect.anything()]]);
  }
  // A link to the provider's own site, in any case and spacing, is a source line.
  for (const formula of [
    '=hyperlink( "https://ditchcarbon.com/" , "Climate data by DitchCarbon" )',
    '=HYPERLINK("https://www.ditchcarbon.com/methodology","Climate data by DitchCarbon (2026)")',
  ]) {
    const s = sheet([
      [null, formula],
      ['Supplier', 'Score'],
      ['Acme', '=CLIMATE.SCORE(A3)'],
    ]);
    expect([formula, planAttributionCheck(s, true).fixes]).toEqual([formula, []]);
  }
});

test('two blocks far apart each get their own place; cells chosen for one are not given to the other', () => {
  const rows: CellValue[][] = Array.from({ length: 30 }, () => Array<CellValue>(4).fill(null));
  rows[1][1] = '=CLIMATE.SCORE(A2)';
  rows[20][1] = '=CLIMATE.FLAGS(A21)';
  rows[20][2] = 'TRUE'; // FLAGS spills: its values occupy the cells right of it
  const { fixes } = planAttributionCheck(sheet(rows), true);
  expect(fixes.map((fix) => fix.place?.row)).toEqual([0, 19]);
  const adjacent = sheet([['=CLIMATE.SCORE(Z1)'], [null], [null], [null], ['=CLIMATE.SCORE(Z5)']]);
  const both = planAttributionCheck(adjacent, false).fixes.map((fix) => fix.place);
  expect(new Set(both.map((place) => `${place?.row},${place?.textColumn}`)).size).toBe(both.length);
});

test('LINK or STATUS alone shows no score: not a block; a sheet offset from A1 is read where it is', () => {
  expect(findClimateBlocks(sheet([['=HYPERLINK(CLIMATE.LINK(A1),"Profile")', '=CLIMATE.STATUS(A1)']]))).toEqual([]);
  expect(findClimateBlocks(sheet([['=CLIMATE.SCORE(C4)']], 3, 4))).toEqual([{ top: 3, left: 4, bottom: 3, right: 4 }]);
});

test('a block hemmed in on every side gets no place and the pane says what to do', () => {
  const full = Array.from({ length: 12 }, (_, r) =>
    Array.from({ length: 12 }, (_, c) => (r === 5 && c === 5 ? '=CLIMATE.SCORE(A1)' : 'x')),
  );
  const [fix] = planAttributionCheck(sheet(full), true).fixes;
  expect(fix.place).toBeNull();
  expect(describeFix('Suppliers', fix)).toBe(
    `Suppliers!F6:F6: no free cell nearby; add the line "${LINE}" and the logo by hand.`,
  );
});

test('blocked cells (an image floats over them) are not used, though empty', () => {
  const first = planAttributionCheck(handTyped(), true).fixes[0].place!;
  const around = planAttributionCheck(handTyped(), true, new Set(['5,1'])).fixes[0].place;
  expect([first.row, first.logoColumn]).toEqual([5, 1]);
  expect(around).toMatchObject({ row: 5, logoColumn: 2, textColumn: 3 });
});

/** The headers Score a column writes over the score, match and link columns, in `language`. */
const headersIn = (language: Language): string[] =>
  (['score', 'match', 'link'] as const).map((key) => OUTPUTS.find((output) => output.key === key)!.header(language));

test.each(LANGUAGES)(
  'a block Score a column wrote in %s is one block across blank supplier rows, attributed by its own line, whatever language checks it',
  (language) => {
    // The pane's block: the line in D1, headers in row 2, two blank supplier rows (rows 6 and 7) inside.
    const rows: CellValue[][] = [
      [null, null, null, SOURCE_LINE_FORMULA, null],
      ['Supplier', 'Spend', ...headersIn(language)],
    ];
    for (let r = 2; r < 12; r += 1) {
      const blank = r === 5 || r === 6;
      const formulas = blank
        ? [null, null, null]
        : [
            `=CLIMATE.SCORE($A${r + 1})`,
            `=CLIMATE.MATCH($A${r + 1})`,
            `=HYPERLINK(CLIMATE.LINK($A${r + 1}),"Profile")`,
          ];
      rows.push([blank ? null : `Supplier ${r}`, 100, ...formulas]);
    }
    rows.push(['Total', '=SUM(B3:B12)', null, null, null]);
    expect(findClimateBlocks(sheet(rows))).toEqual([{ top: 2, left: 2, bottom: 11, right: 4 }]);
    expect(planAttributionCheck(sheet(rows), true)).toEqual({ blocks: 1, fixes: [] });
    // Hand-typed, without the pane's headers, the same gap still parts two blocks.
    const typed = rows.map((row, i) => (i < 2 ? row.map(() => null) : row));
    expect(findClimateBlocks(sheet(typed))).toHaveLength(2);
  },
);

test('a cell inside a block (an empty cell of its columns) is never used for another block', () => {
  const rows: CellValue[][] = Array.from({ length: 16 }, () => Array<CellValue>(3).fill(null));
  for (let r = 1; r <= 9; r += 1) rows[r][1] = `=CLIMATE.SCORE(A${r + 1})`; // B2:B10
  rows[1][2] = '=CLIMATE.FLAG(A2,"sbti")'; // C2: the block is B2:C10, C3:C10 empty
  rows[10][2] = 'x';
  rows[11][2] = 'x';
  rows[12][2] = '=CLIMATE.SCORE(Z13)'; // C13, its own block
  const { fixes } = planAttributionCheck(sheet(rows), false);
  const lower = fixes.find((fix) => fix.block.top === 12);
  expect(lower?.place).toMatchObject({ row: 13, textColumn: 2 }); // below it, not C10 inside B2:C10
});
