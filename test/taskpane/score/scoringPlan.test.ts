import { parseFields } from '../../../src/functions/results/fields';
import { parseInitiative } from '../../../src/functions/arguments/initiatives';
import { columnIndex, columnLetters, parseCellRef } from '../../../src/taskpane/sheet/a1';
import { OUTPUTS, type OutputKey } from '../../../src/taskpane/sheet/outputs';
import type { ScoredColumns } from '../../../src/taskpane/sheet/scoredColumns';
import {
  blockFromPlan,
  effectiveOutputs,
  planColumnScoring,
  writtenRange,
} from '../../../src/taskpane/score/scoringPlan';
import type { ColumnSelection } from '../../../src/taskpane/sheet/selectionModel';

const selection = (over: Partial<ColumnSelection> = {}): ColumnSelection => ({
  nameColumn: 0,
  websiteColumn: null,
  countryColumn: null,
  firstDataRow: 2, // row 3 in Excel: a title row, then headers in row 2
  names: ['Acme Corp', 'Globex', 'Initech'],
  firstFreeColumn: 3,
  ...over,
});

describe('A1 notation', () => {
  test('column letters both ways', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
    for (const index of [0, 25, 26, 701, 702, 16383]) expect(columnIndex(columnLetters(index))).toBe(index);
    expect(() => columnLetters(-1)).toThrow();
  });

  test('cell references with $, sheet names and quotes', () => {
    expect(parseCellRef('$A$2')).toEqual({ sheet: null, row: 1, column: 0 });
    expect(parseCellRef('b7')).toEqual({ sheet: null, row: 6, column: 1 });
    expect(parseCellRef("'Q3 supplier''s'!$C10")).toEqual({ sheet: "Q3 supplier's", row: 9, column: 2 });
    expect(parseCellRef('Sheet1!A1')).toEqual({ sheet: 'Sheet1', row: 0, column: 0 });
    expect(parseCellRef('A1:B2')).toBeNull();
    expect(parseCellRef('TRIM(A2)')).toBeNull();
  });
});

describe('scoring plan', () => {
  test('score only on a data-type host: one column, header above the first supplier, the source line still above it', () => {
    const plan = planColumnScoring(selection(), { outputs: ['score'], linkRequired: false, logo: false });
    expect(plan).toMatchObject({
      insertRowsAtTop: 0,
      headerRow: 1,
      firstDataRow: 2,
      firstColumn: 3,
      headers: ['Climate score'],
    });
    expect(plan.attribution).toMatchObject({ row: 0, logoColumn: null, textColumn: 3 });
    expect(plan.formulas).toEqual([['=CLIMATE.SCORE($A3)'], ['=CLIMATE.SCORE($A4)'], ['=CLIMATE.SCORE($A5)']]);
    expect(plan.scoredRows).toEqual([0, 1, 2]);
  });

  test('website and country columns become the optional arguments; a missing website leaves its slot empty', () => {
    const both = planColumnScoring(selection({ websiteColumn: 1, countryColumn: 2 }), {
      outputs: ['score', 'flag:sbti', 'profile:rank'],
      linkRequired: false,
      logo: false,
    });
    expect(both.headers).toEqual(['Climate score', 'SBTi', 'Rank']);
    expect(both.formulas[0]).toEqual([
      '=CLIMATE.SCORE($A3,$B3,$C3)',
      '=CLIMATE.FLAG($A3,"sbti",$B3,$C3)',
      '=CLIMATE.PROFILE($A3,"rank",$B3,$C3)',
    ]);
    const countryOnly = planColumnScoring(selection({ countryColumn: 2 }), {
      outputs: ['score', 'flag:re100'],
      linkRequired: false,
      logo: false,
    });
    expect(countryOnly.formulas[1]).toEqual(['=CLIMATE.SCORE($A4,,$C4)', '=CLIMATE.FLAG($A4,"re100",,$C4)']);
  });

  test('outputs come in catalogue order whatever order they were ticked in, each once', () => {
    const keys = effectiveOutputs({
      outputs: ['profile:percentile', 'flag:ecovadis', 'score', 'flag:sbti', 'score'],
      linkRequired: false,
      logo: false,
    }).map((o) => o.key);
    expect(keys).toEqual(['score', 'flag:sbti', 'flag:ecovadis', 'profile:percentile']);
    expect(() => effectiveOutputs({ outputs: [], linkRequired: true, logo: true })).toThrow(
      'Choose at least one output',
    );
  });

  test('every flag and profile field written is one the CLIMATE functions accept', () => {
    const flags = OUTPUTS.filter((o) => o.formula.fn === 'FLAG');
    expect(flags).toHaveLength(14);
    for (const output of OUTPUTS) {
      if (output.formula.fn === 'FLAG')
        expect(parseInitiative(output.formula.initiative)).toBe(output.formula.initiative);
      if (output.formula.fn === 'PROFILE')
        expect(parseFields(output.formula.field)?.map((field) => field.header)).toEqual([output.header('en')]);
    }
  });

  test('hosts without data types: a profile hyperlink per row, the source line above the headers, logo beside it', () => {
    const plan = planColumnScoring(selection(), { outputs: ['score'], linkRequired: true, logo: true });
    expect(plan.headers).toEqual(['Climate score', 'Profile']);
    expect(plan.formulas[2]).toEqual(['=CLIMATE.SCORE($A5)', '=HYPERLINK(CLIMATE.LINK($A5),"Profile")']);
    expect(plan.attribution).toEqual({
      row: 0,
      logoColumn: 3,
      textColumn: 4,
      formula: '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")',
    });
    const noImage = planColumnScoring(selection(), { outputs: ['score'], linkRequired: true, logo: false });
    expect(noImage.attribution).toMatchObject({ logoColumn: null, textColumn: 3 });
  });

  test('suppliers from the top of the sheet: rows are inserted for headers and attribution, references follow', () => {
    const plan = planColumnScoring(selection({ firstDataRow: 0, names: ['Acme Corp'] }), {
      outputs: ['score'],
      linkRequired: true,
      logo: false,
    });
    expect(plan).toMatchObject({ insertRowsAtTop: 2, headerRow: 1, firstDataRow: 2 });
    expect(plan.attribution?.row).toBe(0);
    expect(plan.formulas).toEqual([['=CLIMATE.SCORE($A3)', '=HYPERLINK(CLIMATE.LINK($A3),"Profile")']]);
    const headerInRowOne = planColumnScoring(selection({ firstDataRow: 1 }), {
      outputs: ['score'],
      linkRequired: true,
      logo: false,
    });
    expect(headerInRowOne).toMatchObject({ insertRowsAtTop: 1, headerRow: 1, firstDataRow: 2 });
    expect(headerInRowOne.formulas[0][0]).toBe('=CLIMATE.SCORE($A3)');
    // Data-type hosts too: Excel draws the logo only in the card, so the grid gets the line all the same.
    const dataTypeHost = planColumnScoring(selection({ firstDataRow: 1 }), {
      outputs: ['score'],
      linkRequired: false,
      logo: true,
    });
    expect(dataTypeHost).toMatchObject({ insertRowsAtTop: 1, attribution: { row: 0, logoColumn: 3, textColumn: 4 } });
  });

  test('blank name cells get no formulas; a selection of blanks is refused', () => {
    // Pasted from the web or a PDF, a "blank" cell often holds a tab, a line break or a no-break space.
    const names = ['Acme Corp', '', null, '  ', '\t', ' \u00a0\r\n', '\u3000', 'Globex'];
    const plan = planColumnScoring(selection({ names }), { outputs: ['score'], linkRequired: false, logo: false });
    expect(plan.formulas.map((row) => row[0])).toEqual([
      '=CLIMATE.SCORE($A3)',
      ...['', '', '', '', '', ''],
      '=CLIMATE.SCORE($A10)',
    ]);
    expect(plan.scoredRows).toEqual([0, 7]);
    expect(() =>
      planColumnScoring(selection({ names: ['', null] }), { outputs: ['score'], linkRequired: false, logo: false }),
    ).toThrow('empty');
  });

  test('a name cell that says there is none (N/A, TBD, -) gets no formulas, as the functions send nothing for it', () => {
    const names = ['N/A', ' n/a ', '-', 'TBD', 'Not  available', '\u00a0unknown', 'N/A Holdings', '*', 'NA', '#N/A'];
    const plan = planColumnScoring(selection({ names }), { outputs: ['score'], linkRequired: false, logo: false });
    // A placeholder is a whole cell: `N/A Holdings` and a lone `*` are names, `NA` a name too, and an
    // error cell (read as its code) is the row's own error to show.
    expect(plan.scoredRows).toEqual([6, 7, 8, 9]);
    expect(plan.formulas.slice(0, 6).every((row) => row[0] === '')).toBe(true);
    expect(() =>
      planColumnScoring(selection({ names: ['N/A', '', '?'] }), {
        outputs: ['score'],
        linkRequired: false,
        logo: false,
      }),
    ).toThrow('Every selected supplier cell is empty or says there is none (N/A, TBD…).');
  });

  test('columns beyond Z and names far right', () => {
    const plan = planColumnScoring(selection({ nameColumn: 27, firstFreeColumn: 30 }), {
      outputs: ['score'],
      linkRequired: false,
      logo: false,
    });
    expect(plan.formulas[0]).toEqual(['=CLIMATE.SCORE($AB3)']);
  });
});

describe('where the new columns go', () => {
  const options = { outputs: ['score', 'match'] as OutputKey[], linkRequired: false, logo: false };

  test('hidden columns are stepped over: the block starts where all its columns can be seen', () => {
    expect(planColumnScoring(selection({ hiddenColumns: [3] }), options).firstColumn).toBe(4);
    // A visible column between hidden ones is too narrow for two outputs.
    expect(planColumnScoring(selection({ hiddenColumns: [3, 5, 6] }), options).firstColumn).toBe(7);
  });

  test("a used range that reaches Excel's last column leaves no room, and says so before anything is written", () => {
    const message =
      "No room for 2 new columns: the sheet's used range reaches column XFD, and Excel's last is XFD. " +
      'Clear the cells far right of the list, or copy the list to a new sheet, and score again.';
    expect(() => planColumnScoring(selection({ firstFreeColumn: 16_384 }), options)).toThrow(message);
    expect(() => planColumnScoring(selection({ firstFreeColumn: 16_383 }), options)).toThrow('No room for 2');
    expect(planColumnScoring(selection({ firstFreeColumn: 16_382 }), options).firstColumn).toBe(16_382);
  });

  test("names from the top of a sheet filled to Excel's last row: no row can be inserted, and it says so", () => {
    const top = { firstDataRow: 0, lastUsedRow: 1_048_575 };
    expect(() => planColumnScoring(selection(top), options)).toThrow(
      'No room above the names for the headers and the source line: rows would be inserted at the top, and ' +
        "the sheet's used range reaches row 1048576, Excel's last. Clear the sheet's last rows and score again.",
    );
    expect(planColumnScoring(selection({ ...top, lastUsedRow: 1_048_573 }), options).insertRowsAtTop).toBe(2);
  });
});

describe('writing again over names the sheet already scores', () => {
  // Score a column ran before: score in D, Match in E, the source line above their headers (row 1).
  const scored = (over: Partial<ScoredColumns> = {}): ScoredColumns => ({
    outputs: new Map<OutputKey, number>([
      ['score', 3],
      ['match', 4],
    ]),
    cardColumn: null,
    attributed: true,
    ...over,
  });
  const again = (over: Partial<ScoredColumns> = {}) =>
    selection({ firstDataRow: 2, firstFreeColumn: 5, scored: scored(over) });

  test('only the outputs the block lacks are written, beside it, under the same line: no rows inserted', () => {
    const plan = planColumnScoring(again(), {
      outputs: ['score', 'match', 'flag:sbti'],
      linkRequired: false,
      logo: true,
    });
    expect(plan).toMatchObject({ insertRowsAtTop: 0, headerRow: 1, firstColumn: 5, headers: ['SBTi'] });
    expect(plan.outputs).toEqual(['flag:sbti']);
    expect(plan.formulas[0]).toEqual(['=CLIMATE.FLAG($A3,"sbti")']);
    expect(plan.attribution).toBeNull();
    expect([...plan.block.outputs]).toEqual([
      ['score', 3],
      ['match', 4],
      ['flag:sbti', 5],
    ]);
    expect(writtenRange('Suppliers', plan).box).toEqual({ rowIndex: 2, columnIndex: 3, rowCount: 3, columnCount: 3 });
    expect(blockFromPlan('Suppliers', again(), plan, null)).toMatchObject({
      scoreColumn: 3,
      flags: [{ initiative: 'sbti', column: 5 }],
    });
  });

  test('every chosen output already there: nothing to write, and the block is the one scored before', () => {
    const plan = planColumnScoring(again(), { outputs: ['score', 'match'], linkRequired: false, logo: true });
    expect(plan).toMatchObject({ insertRowsAtTop: 0, headers: [], outputs: [], attribution: null });
    expect(plan.formulas).toEqual([[], [], []]);
    expect(writtenRange('Suppliers', plan).box).toEqual({ rowIndex: 2, columnIndex: 3, rowCount: 3, columnCount: 2 });
  });

  test('a block whose source line was deleted gets it again over the new columns', () => {
    const plan = planColumnScoring(again({ attributed: false }), {
      outputs: ['flag:cdp'],
      linkRequired: false,
      logo: false,
    });
    expect(plan.attribution).toMatchObject({ row: 0, textColumn: 5 });
  });

  test('cards: new fields read the block’s card column; no second one', () => {
    const plan = planColumnScoring(again({ cardColumn: 2 }), {
      outputs: ['score', 'flag:sbti'],
      layout: 'cards',
      linkRequired: false,
      logo: false,
    });
    expect(plan.headers).toEqual(['SBTi']);
    expect(plan.formulas[0]).toEqual(['=C3.SBTi']);
    expect(plan.block.cardColumn).toBe(2);
  });
});
