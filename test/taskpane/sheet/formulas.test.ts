/**
 * The one CLIMATE formula grammar (sheet/formulas.ts, sheet/climateCells.ts) on the forms users type:
 * every feature that reads or rewrites formulas goes through it, so each form below is understood
 * alike by Score a column, the review, the summary, the attribution check and Refresh selected rows.
 */
import { blockFromFormulas } from '../../../src/taskpane/summary/summaryBlock';
import { findClimateBlocks } from '../../../src/taskpane/attribution/attributionCheck';
import { argumentCells, organizationsInRows, rowOrganization } from '../../../src/taskpane/sheet/climateCells';
import { climateCalls, fieldReferences, organizationTexts, withArguments } from '../../../src/taskpane/sheet/formulas';
import type { CellGrid } from '../../../src/taskpane/sheet/grid';
import { outputOf } from '../../../src/taskpane/sheet/outputs';

describe('CLIMATE calls in formulas', () => {
  test('arguments are split at top-level commas only; strings and nested calls stay whole', () => {
    expect(climateCalls('=CLIMATE.SCORE($A2)')).toMatchObject([{ name: 'SCORE', args: ['$A2'] }]);
    expect(climateCalls('=climate.flag(A2, "Climate Action 100+", B2)')).toMatchObject([
      { name: 'FLAG', args: ['A2', '"Climate Action 100+"', 'B2'] },
    ]);
    expect(climateCalls('=HYPERLINK(CLIMATE.LINK($A2,,$C2),"Profile")')).toMatchObject([
      { name: 'LINK', args: ['$A2', '', '$C2'] },
    ]);
    expect(climateCalls('=CLIMATE.SCORE(TRIM(A2), "a,b")')).toMatchObject([
      { name: 'SCORE', args: ['TRIM(A2)', '"a,b"'] },
    ]);
    expect(climateCalls('=CLIMATE.SCORE("He said ""hi""")')).toMatchObject([
      { name: 'SCORE', args: ['"He said ""hi"""'] },
    ]);
    expect(climateCalls('=CLIMATE.SCORE(A2')).toEqual([]);
  });

  test('the organizations of the selected rows, resolved through references and literals, without repeats', () => {
    const grid: CellGrid = {
      sheet: 'Suppliers',
      rowIndex: 0,
      columnIndex: 0,
      values: [
        ['Supplier', 'Web', 'Score', 'SBTi'],
        ['Acme Corp', 'acme.com', 71.5, true],
        ['Globex', '', 40, false],
        ['Initech', 'initech.example', 12, false],
      ],
      formulas: [
        ['Supplier', 'Web', 'Score', 'SBTi'],
        ['Acme Corp', 'acme.com', '=CLIMATE.SCORE($A2,$B2)', '=CLIMATE.FLAG($A2,"sbti",$B2)'],
        ['Globex', '', '=CLIMATE.SCORE($A3,$B3)', '=CLIMATE.FLAG(Other!A3,"sbti")'],
        ['Initech', 'initech.example', '=CLIMATE.SCORE("Initech",,"FR")', '=CLIMATE.INDUSTRIES("steel")'],
      ],
    };
    const rows = organizationsInRows(grid, 1, 3);
    expect(rows.calls).toBe(5);
    expect(rows.unresolved).toBe(1); // the reference to another sheet
    expect(rows.organizations).toEqual([
      { organization: 'Acme Corp', website: 'acme.com', country: null },
      { organization: 'Globex', website: '', country: null },
      { organization: 'Initech', website: null, country: 'FR' },
    ]);
    expect(organizationsInRows(grid, 0, 0).calls).toBe(0);
  });
});

/** Suppliers in A:C of row 2, the typed formula in D2 (and a card in E2 where a form reads one). */
function rowWith(formula: string, card = '=CLIMATE.ORG($A2,$B2,$C2)'): CellGrid {
  const formulas = [
    ['Supplier', 'Web', 'Country', 'Typed', 'Card'],
    ['Acme Corp', 'acme.com', 'DE', formula, card],
  ];
  const values = [formulas[0], ['Acme Corp', 'acme.com', 'DE', null, null]];
  return { sheet: 'Suppliers', rowIndex: 0, columnIndex: 0, values, formulas };
}

const ACME: { organization: string; website: string; country: string | null } = {
  organization: 'Acme Corp',
  website: 'acme.com',
  country: 'DE',
};

describe('the forms users type', () => {
  // [what the user typed, the output the cell shows, the organization the row asks for]
  const forms: Array<[string, string | null, typeof ACME | null]> = [
    ['=CLIMATE.SCORE($A2,$B2,$C2)', 'score', ACME],
    ['=IFERROR(CLIMATE.SCORE(A2,B2,C2),"")', 'score', ACME],
    ['=IF(A2="","",IFERROR(CLIMATE.SCORE(A2, B2, C2), "n/a"))', 'score', ACME],
    ['=climate.score(a2,b2,c2)', 'score', ACME],
    ['=_xldudf_CLIMATE.SCORE($A$2,$B$2,$C$2)', 'score', ACME],
    ['=_xldudf_CLIMATE_SCORE(A2,B2,C2)', 'score', ACME],
    ["=CLIMATE.SCORE(Suppliers!A2,'Suppliers'!B2,$C$2)", 'score', ACME],
    [
      '=CLIMATE.SCORE("Acme, Inc.","acme.com")',
      'score',
      { organization: 'Acme, Inc.', website: 'acme.com', country: null },
    ],
    ['=CLIMATE.FLAG(A2,"Climate Action 100+",B2,C2)', 'flag:climate_action_100', ACME],
    ['=IFERROR(CLIMATE.PROFILE($A2,"industry rank",$B2,$C2),"")', 'profile:industry_rank', ACME],
    ['=HYPERLINK(CLIMATE.LINK($A2,$B2,$C2),"Profile")', 'link', ACME],
    ['=CLIMATE.MATCH(A2,B2,C2)', 'match', ACME],
    ['=E2.Score', 'score', ACME],
    ['=IFERROR(E2.[Industry rank],"")', 'profile:industry_rank', ACME],
    ['=$E$2.[Industry mean score]', 'profile:industry_mean', ACME],
    ['=Suppliers!E2.SBTi', 'flag:sbti', ACME],
    ['="CLIMATE.SCORE(A2)"', null, null],
    ['=MYCLIMATE.SCORE(A2)', null, null],
    ['=CLIMATE.SCORE(Other!A2)', 'score', null],
  ];

  test.each(forms)('%s', (formula, output, organization) => {
    const grid = rowWith(formula);
    const column = { rowIndex: 1, columnIndex: 3, rowCount: 1, columnCount: 1 };
    const shown = climateCalls(formula).map((call) =>
      outputOf({ fn: call.name, args: call.args, field: null, row: 1, column: 3 }),
    );
    const cards = fieldReferences(formula).map(({ field }) =>
      outputOf({ fn: 'ORG', args: [], field, row: 1, column: 4 }),
    );
    expect([...shown, ...cards].find((key) => key !== null) ?? null).toBe(output);
    expect(rowOrganization(grid, 1, column)).toEqual(organization);
    // The summary reads a score column typed in any of these forms (names read from cells).
    if (output === 'score' && organization === ACME) {
      expect(blockFromFormulas(grid, null)).toMatchObject({
        scoreColumn: 3,
        nameColumn: 0,
        websiteColumn: 1,
        countryColumn: 2,
      });
    }
    // The attribution check sees the cell as part of a block that shows scores or flags.
    if (output !== null && output !== 'match' && output !== 'link') {
      expect(findClimateBlocks({ ...grid, formulas: [[], ['', '', '', formula]] })).toHaveLength(1);
    }
  });

  test('arguments of nested calls: the outer call first, each with its own top-level arguments', () => {
    expect(climateCalls('=IF(CLIMATE.MATCH(A2)="related",CLIMATE.SCORE(A2,,"FR"),"")')).toMatchObject([
      { name: 'MATCH', args: ['A2'] },
      { name: 'SCORE', args: ['A2', '', '"FR"'] },
    ]);
    expect(organizationTexts({ name: 'FLAG', args: ['$A2', '"sbti"', '$B2'] })).toEqual({
      organization: '$A2',
      website: '$B2',
      country: '',
    });
    expect(organizationTexts({ name: 'INDUSTRIES', args: ['"steel"'] })).toBeNull();
    expect(fieldReferences('=E3.[Industry rank]+F3.Score')).toEqual([
      { reference: 'E3', field: 'Industry rank' },
      { reference: 'F3', field: 'Score' },
    ]);
  });
});

describe('withArguments (what Refine writes into a row)', () => {
  test.each([
    ['=CLIMATE.SCORE($A2)', { website: '"acme.com"' }, '=CLIMATE.SCORE($A2,"acme.com")'],
    ['=CLIMATE.FLAG($A2,"sbti")', { country: '"DE"' }, '=CLIMATE.FLAG($A2,"sbti",,"DE")'],
    [
      '=CLIMATE.PROFILE($A2,"rank",$B2,$C2)',
      { organization: '"lei:5493001KJTIIGC8Y1R12"' },
      '=CLIMATE.PROFILE("lei:5493001KJTIIGC8Y1R12","rank",$B2,$C2)',
    ],
    ['=IFERROR(CLIMATE.SCORE(A2, "a,b"),"")', { country: '"FR"' }, '=IFERROR(CLIMATE.SCORE(A2,"a,b","FR"),"")'],
    [
      '=HYPERLINK(CLIMATE.LINK($A2),"Profile")',
      { website: '"x.io"' },
      '=HYPERLINK(CLIMATE.LINK($A2,"x.io"),"Profile")',
    ],
    ['=CLIMATE.INDUSTRIES("steel")', { website: '"x.io"' }, '=CLIMATE.INDUSTRIES("steel")'],
    ['=SUM(B2:C2)', { website: '"x.io"' }, '=SUM(B2:C2)'],
  ])('%s with %j -> %s', (formula, change, rewritten) => {
    expect(withArguments(formula, change)).toBe(rewritten);
  });

  test('every call of a formula is rewritten, a nested one inside its outer call too', () => {
    expect(withArguments('=IF(CLIMATE.MATCH(A2)="x",CLIMATE.SCORE(A2),"")', { country: '"DE"' })).toBe(
      '=IF(CLIMATE.MATCH(A2,,"DE")="x",CLIMATE.SCORE(A2,,"DE"),"")',
    );
  });

  test("a block of dot references is refined in its card's CLIMATE.ORG cell", () => {
    const grid = rowWith('=E2.Score');
    expect(argumentCells(grid, 1, { rowIndex: 1, columnIndex: 3, rowCount: 1, columnCount: 1 })).toEqual([
      { row: 1, column: 4, formula: '=CLIMATE.ORG($A2,$B2,$C2)' },
    ]);
  });
});
