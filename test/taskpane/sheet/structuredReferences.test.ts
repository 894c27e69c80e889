/**
 * This-row structured references in CLIMATE formulas (sheet/structuredReferences.ts, read through
 * sheet/climateCells.ts): in an Excel table, clicking the name cell writes `[@Supplier]`,
 * `[@[Supplier name]]`, `Suppliers[@Supplier]` or `Suppliers[[#This Row],[Supplier]]`. Each resolves to
 * the cell in the formula's own row and the named column of a table on the same sheet, as Excel reads
 * it, so Refresh selected rows, the review, the summary and Score a column read these rows; anything
 * that is not one cell of that row stays unresolved.
 */
import { argumentCells, organizationsInRows, rowOrganization } from '../../../src/taskpane/sheet/climateCells';
import { climateCalls, fieldReferences, withArguments } from '../../../src/taskpane/sheet/formulas';
import type { CellGrid, CellValue, SheetTable } from '../../../src/taskpane/sheet/grid';
import { scoredColumns } from '../../../src/taskpane/sheet/scoredColumns';
import { blockFromFormulas } from '../../../src/taskpane/summary/summaryBlock';

/** The table Suppliers in B3:G7 under a title: header row 3, data rows 4 to 7 (0-based 3..6). */
const SUPPLIERS: SheetTable = {
  name: 'Suppliers',
  box: { rowIndex: 2, columnIndex: 1, rowCount: 5, columnCount: 6 },
  headers: ['Supplier', 'Website', 'Supplier name', "#Items [old]'s", 'Score', 'SBTi'],
  headerRow: 2,
  firstDataRow: 3,
  lastDataRow: 6,
};

const NAMES: CellValue[][] = [
  [null, 'Acme Corp', 'acme.com', 'Acme Corporation', 'ACME-7'],
  [null, 'Globex', 'globex.com', 'Globex Inc', 'GLX-2'],
  [null, 'Initech', 'initech.example', 'Initech LLC', 'INI-9'],
  [null, 'Umbrella', '', 'Umbrella plc', 'UMB-1'],
];

/** The sheet with `score` and `flag` (per data row, or one for all) in the table's Score and SBTi columns, and a row below it. */
function sheet(score: (row: number) => string, flag: (row: number) => string = () => ''): CellGrid {
  const rows: CellValue[][] = [
    ['Supplier register FY24'],
    [],
    [null, ...SUPPLIERS.headers],
    ...NAMES.map((names, i) => [...names, score(i + 3), flag(i + 3)]),
    [null, 'Hooli', 'hooli.example', 'Hooli', 'HOO-4', score(7), flag(7)],
  ];
  return { sheet: 'Register', rowIndex: 0, columnIndex: 0, values: rows, formulas: rows, tables: [SUPPLIERS] };
}

const SCORE_COLUMN = { rowIndex: 0, columnIndex: 5, rowCount: 8, columnCount: 1 };
const ACME = { organization: 'Acme Corp', website: null, country: null };

describe('the forms Excel writes in a table row', () => {
  test.each<[string, { organization: CellValue; website: CellValue; country: CellValue }]>([
    ['=CLIMATE.SCORE([@Supplier])', ACME],
    ['=CLIMATE.SCORE([@[Supplier]])', ACME],
    ['=CLIMATE.FLAG([@Supplier],"sbti",[@Website])', { ...ACME, website: 'acme.com' }],
    ['=CLIMATE.SCORE([@[Supplier name]])', { ...ACME, organization: 'Acme Corporation' }],
    ['=CLIMATE.SCORE(Suppliers[@Supplier])', ACME],
    ['=CLIMATE.SCORE(Suppliers[@[Supplier name]])', { ...ACME, organization: 'Acme Corporation' }],
    [
      '=CLIMATE.SCORE(Suppliers[[#This Row],[Supplier]],Suppliers[[#This Row],[Website]])',
      { ...ACME, website: 'acme.com' },
    ],
    ['=CLIMATE.SCORE( Suppliers[ [#This Row], [Supplier] ] )', ACME],
    ['=CLIMATE.SCORE(suppliers[[#this row],[SUPPLIER]])', ACME],
    ['=CLIMATE.SCORE([@supplier],[@WEBSITE])', { ...ACME, website: 'acme.com' }],
    // `'` escapes `#`, `[`, `]` and `'` in a column name.
    ["=CLIMATE.SCORE([@['#Items '[old']''s]])", { ...ACME, organization: 'ACME-7' }],
    ['=IFERROR(CLIMATE.SCORE([@Supplier],,"DE"),"")', { ...ACME, country: 'DE' }],
  ])('%s', (formula, organization) => {
    const grid = sheet((row) => (row === 3 ? formula : ''));
    expect(rowOrganization(grid, 3, SCORE_COLUMN)).toEqual(organization);
    expect(organizationsInRows(grid, 3, 3)).toEqual({ organizations: [organization], calls: 1, unresolved: 0 });
  });

  test('each row reads its own row: the names of four rows, one formula filled down', () => {
    const grid = sheet(() => '=CLIMATE.SCORE([@Supplier],[@Website])');
    expect(organizationsInRows(grid, 3, 6).organizations.map((o) => [o.organization, o.website])).toEqual([
      ['Acme Corp', 'acme.com'],
      ['Globex', 'globex.com'],
      ['Initech', 'initech.example'],
      ['Umbrella', ''],
    ]);
  });

  test.each([
    ['a whole column', 3, '=CLIMATE.SCORE(Suppliers[Supplier])'],
    ['a whole column, unqualified', 3, '=CLIMATE.SCORE([Supplier])'],
    ['several columns of the row', 3, '=CLIMATE.SCORE(Suppliers[@[Supplier]:[Website]])'],
    ['the whole row', 3, '=CLIMATE.SCORE(Suppliers[@])'],
    ['a column the table does not have', 3, '=CLIMATE.SCORE([@Vendor])'],
    ["another sheet's table (not on this sheet)", 3, '=CLIMATE.SCORE(Vendors[@Supplier])'],
    ['the header row', 3, '=CLIMATE.SCORE(Suppliers[[#Headers],[Supplier]])'],
    ['a row below the table', 7, '=CLIMATE.SCORE(Suppliers[@Supplier])'],
    ['an unqualified reference outside any table', 7, '=CLIMATE.SCORE([@Supplier])'],
  ])('unresolved: %s', (_what, row, formula) => {
    const grid = sheet((r) => (r === row ? formula : ''));
    expect(organizationsInRows(grid, row, row)).toEqual({ organizations: [], calls: 1, unresolved: 1 });
    expect(rowOrganization(grid, row, SCORE_COLUMN)).toBeNull();
  });

  test('a sheet without tables resolves none', () => {
    const grid: CellGrid = { ...sheet(() => '=CLIMATE.SCORE([@Supplier])'), tables: undefined };
    expect(organizationsInRows(grid, 3, 6)).toMatchObject({ calls: 4, unresolved: 4 });
  });
});

describe('the grammar keeps a structured reference whole', () => {
  test('commas and quotes inside its brackets split no arguments and open no string', () => {
    expect(climateCalls('=CLIMATE.FLAG(Suppliers[[#This Row],[Supplier]],"sbti")')).toMatchObject([
      { name: 'FLAG', args: ['Suppliers[[#This Row],[Supplier]]', '"sbti"'] },
    ]);
    expect(climateCalls('=CLIMATE.FLAG([@[5" pipe]],"sbti",[@[a,b]])')).toMatchObject([
      { name: 'FLAG', args: ['[@[5" pipe]]', '"sbti"', '[@[a,b]]'] },
    ]);
    expect(climateCalls("=CLIMATE.SCORE([@['[x]],B2)")).toMatchObject([{ args: ["[@['[x]]", 'B2'] }]);
  });

  test('Refine adds a website to a row whose formula reads its name by structured reference', () => {
    const formula = '=CLIMATE.SCORE(Suppliers[[#This Row],[Supplier]])';
    expect(withArguments(formula, { website: '"acme.com"' })).toBe(
      '=CLIMATE.SCORE(Suppliers[[#This Row],[Supplier]],"acme.com")',
    );
    const grid = sheet(() => formula);
    expect(argumentCells(grid, 4, SCORE_COLUMN)).toEqual([{ row: 4, column: 5, formula }]);
  });
});

describe('the flows that read a block', () => {
  const grid = sheet(
    () => '=CLIMATE.SCORE([@Supplier],[@Website])',
    () => '=CLIMATE.FLAG([@Supplier],"sbti",[@Website])',
  );

  test('Build summary finds the name and website columns the formulas point at', () => {
    const rows = { ...grid, rowIndex: 3, values: grid.values.slice(3, 7), formulas: grid.formulas.slice(3, 7) };
    expect(blockFromFormulas(rows, null)).toEqual({
      sheet: 'Register',
      firstRow: 3,
      lastRow: 6,
      nameColumn: 1,
      websiteColumn: 2,
      countryColumn: null,
      scoreColumn: 5,
      flags: [{ initiative: 'sbti', column: 6 }],
      industryMeanColumn: null,
      spendColumn: null,
    });
  });

  test('Score a column recognises the block as already scoring these names', () => {
    const names = NAMES.map((row) => row[1]);
    expect(scoredColumns(grid, 1, 3, names).outputs).toEqual(
      new Map([
        ['flag:sbti', 6],
        ['score', 5],
      ]),
    );
    // Another column's names are not what these formulas read.
    expect(scoredColumns(grid, 3, 3, names).outputs.size).toBe(0);
  });
});

describe("a card's fields read through the row's card cell", () => {
  /** The table with an Organization column of CLIMATE.ORG cards, and Score and SBTi fields of them. */
  const cards: SheetTable = {
    ...SUPPLIERS,
    headers: ['Supplier', 'Website', 'Supplier name', 'Organization', 'Score', 'SBTi'],
  };
  const grid: CellGrid = {
    ...sheet(
      () => '=[@Organization].Score',
      () => '=IFERROR(Suppliers[[#This Row],[Organization]].[SBTi],"")',
    ),
    tables: [cards],
  };
  grid.formulas = grid.formulas.map((row, r) =>
    r >= 3 && r <= 6 ? row.map((cell, c) => (c === 4 ? '=CLIMATE.ORG([@Supplier],[@Website])' : cell)) : row,
  );

  test('`[@Organization].Score` is a field of the card in this row', () => {
    expect(fieldReferences('=[@Organization].Score+Suppliers[@[Org card]].[Industry rank]')).toEqual([
      { reference: '[@Organization]', field: 'Score' },
      { reference: 'Suppliers[@[Org card]]', field: 'Industry rank' },
    ]);
    expect(rowOrganization(grid, 4, SCORE_COLUMN)).toEqual({
      organization: 'Globex',
      website: 'globex.com',
      country: null,
    });
    expect(argumentCells(grid, 4, { ...SCORE_COLUMN, columnCount: 2 })).toEqual([
      { row: 4, column: 4, formula: '=CLIMATE.ORG([@Supplier],[@Website])' },
    ]);
  });

  test('the summary and Score a column read the block of fields', () => {
    const rows = { ...grid, rowIndex: 3, values: grid.values.slice(3, 7), formulas: grid.formulas.slice(3, 7) };
    expect(blockFromFormulas(rows, null)).toMatchObject({ nameColumn: 1, websiteColumn: 2, scoreColumn: 5 });
    expect(
      scoredColumns(
        grid,
        1,
        3,
        NAMES.map((row) => row[1]),
      ),
    ).toMatchObject({ cardColumn: 4 });
  });
});
