import type { SelectionSnapshot } from '../../src/taskpane/sheet/grid';
import { columnSelection, describeSelection } from '../../src/taskpane/sheet/selectionModel';

/** A sheet: headers in row 1 (index 0), suppliers below, columns A..D. */
const SHEET = [
  ['Supplier', 'Web', 'HQ country', 'Spend'],
  ['Acme Corp', 'acme.com', 'US', 100],
  ['Globex', 'https://www.globex.io/', 'DE', 200],
  ['', '', '', 0],
  ['Initech', 'initech.example', 'FR', 300],
];

function snapshot(selection: SelectionSnapshot['selection'], values = SHEET): SelectionSnapshot {
  const used = { rowIndex: 0, columnIndex: 0, rowCount: values.length, columnCount: values[0].length };
  const from = Math.max(0, selection.rowIndex - 1);
  const to = Math.min(values.length, selection.rowIndex + selection.rowCount) - 1;
  const rows = values.slice(from, to + 1);
  return {
    sheet: 'Suppliers',
    selection,
    used,
    grid: { sheet: 'Suppliers', rowIndex: from, columnIndex: 0, values: rows, formulas: rows },
  };
}

describe('reading the selection', () => {
  test('a whole column (A:A) is clipped to the used range and its first row read as the header', () => {
    const model = describeSelection(snapshot({ rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 }));
    expect(model).toMatchObject({
      sheet: 'Suppliers',
      nameColumn: 0,
      top: 0,
      bottom: 4,
      firstRowIsHeader: true,
      firstFreeColumn: 4,
    });
    expect(model.columns.map((c) => c.label)).toEqual(['B · Web', 'C · HQ country', 'D · Spend']);
    expect(model.websiteGuess).toBe(1);
    expect(model.countryGuess).toBe(2);
    const input = columnSelection(
      snapshot({ rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 }),
      model,
      {
        firstRowIsHeader: true,
        websiteColumn: 1,
        countryColumn: null,
      },
    );
    expect(input).toEqual({
      nameColumn: 0,
      websiteColumn: 1,
      countryColumn: null,
      firstDataRow: 1,
      names: ['Acme Corp', 'Globex', '', 'Initech'],
      firstFreeColumn: 4,
    });
  });

  test('names selected below the header: no header in the selection, headers read from the row above', () => {
    const snap = snapshot({ rowIndex: 1, columnIndex: 0, rowCount: 2, columnCount: 1 });
    const model = describeSelection(snap);
    expect(model).toMatchObject({ top: 1, bottom: 2, firstRowIsHeader: false });
    expect(model.columns[0].label).toBe('B · Web');
    expect(
      columnSelection(snap, model, { firstRowIsHeader: false, websiteColumn: null, countryColumn: null }).names,
    ).toEqual(['Acme Corp', 'Globex']);
  });

  test('websites are recognised by their values when the header says nothing', () => {
    const values = [
      ['Name', 'Col2', 'Col3'],
      ['Acme Corp', 'acme.com', 'x'],
      ['Globex', 'buyer@globex.io', 'y'],
    ];
    const model = describeSelection(snapshot({ rowIndex: 0, columnIndex: 0, rowCount: 3, columnCount: 1 }, values));
    expect(model.websiteGuess).toBe(1);
    expect(model.countryGuess).toBeNull();
  });

  test('a column of international domains and e-mail contacts is recognised as websites, as the functions read them', () => {
    const values = [
      ['Name', 'Col2'],
      ['Müller GmbH', 'müller.de'],
      ['Sberbank', 'https://sberbank.xn--p1ai/'],
      ['Acme Widgets', 'Jane Doe <jane@acme-widgets.com>'],
    ];
    const model = describeSelection(snapshot({ rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 1 }, values));
    expect(model.websiteGuess).toBe(1);
  });

  test('a single cell is a supplier, not a header', () => {
    const model = describeSelection(
      snapshot({ rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 }, [['Acme Corp', 'acme.com']]),
    );
    expect(model.firstRowIsHeader).toBe(false);
  });

  test('a selection outside the data, or an empty sheet, says what to select', () => {
    expect(() => describeSelection(snapshot({ rowIndex: 10, columnIndex: 0, rowCount: 3, columnCount: 1 }))).toThrow(
      'select the cells of the name column',
    );
    expect(() => describeSelection(snapshot({ rowIndex: 0, columnIndex: 9, rowCount: 3, columnCount: 1 }))).toThrow(
      'no supplier names',
    );
    expect(() =>
      describeSelection({
        sheet: 'Empty',
        selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
        used: null,
        grid: { sheet: 'Empty', rowIndex: 0, columnIndex: 0, values: [], formulas: [] },
      }),
    ).toThrow('The sheet is empty');
  });
});

describe('the spend column', () => {
  const all = { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 };

  test('a numeric column headed Spend is proposed', () => {
    expect(describeSelection(snapshot(all)).spendGuess).toBe(3);
  });

  test('"Amount", "Contract value" and "Cost (EUR)" count; a text column with such a header does not', () => {
    for (const header of ['Amount', 'Contract value', 'Cost (EUR)']) {
      const sheet = SHEET.map((row, i) => (i === 0 ? [...row.slice(0, 3), header] : row));
      expect(describeSelection(snapshot(all, sheet)).spendGuess).toBe(3);
    }
    const text = SHEET.map((row, i) =>
      i === 0 ? [...row.slice(0, 3), 'Value'] : [...row.slice(0, 3), i === 3 ? '' : 'high'],
    );
    expect(describeSelection(snapshot(all, text)).spendGuess).toBeNull();
  });

  test('a numeric column without such a header is not', () => {
    const sheet = SHEET.map((row, i) => (i === 0 ? [...row.slice(0, 3), 'Employees'] : row));
    expect(describeSelection(snapshot(all, sheet)).spendGuess).toBeNull();
  });
});
