import { climateCalls, organizationsInRows, type CellGrid } from '../../src/taskpane/sheet/climateCalls';

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
