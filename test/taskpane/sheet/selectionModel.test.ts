/**
 * Use selection's reading of the names: the header, the rows, the block already written beside them.
 * Which columns it proposes for websites, countries and spend is columnGuesses.test.ts's.
 */
import type { CellValue } from '../../../src/taskpane/sheet/grid';
import { NOTHING_SCORED } from '../../../src/taskpane/sheet/scoredColumns';
import { columnSelection, describeSelection } from '../../../src/taskpane/sheet/selectionModel';
import { SHEET, snapshot } from './selectionSnapshot';

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
      lastUsedRow: 4,
      scored: NOTHING_SCORED,
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
        firstFilledRow: null,
        grid: { sheet: 'Empty', rowIndex: 0, columnIndex: 0, values: [], formulas: [] },
      }),
    ).toThrow('The sheet is empty');
  });
});

describe('a sheet whose used range starts above the names’ header', () => {
  const LINE = '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")';
  const all = { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 };
  /** SHEET after Score a column: a row inserted for the source line (F1), headers and formulas in E:F. */
  const scored: CellValue[][] = [
    [null, null, null, null, null, LINE],
    [...SHEET[0], 'Climate score', 'Match'],
    ...SHEET.slice(1).map((row, i) => [
      ...row,
      row[0] === '' ? '' : `=CLIMATE.SCORE($A${i + 3},$B${i + 3},$C${i + 3})`,
      row[0] === '' ? '' : `=CLIMATE.MATCH($A${i + 3},$B${i + 3},$C${i + 3})`,
    ]),
  ];

  test('the pane’s own source line above: the header is still found, with the same pickers', () => {
    const model = describeSelection(snapshot(all, scored));
    expect(model).toMatchObject({ top: 1, bottom: 5, firstRowIsHeader: true, websiteGuess: 1, countryGuess: 2 });
    expect(model.spendGuess).toBe(3);
    expect(model.columns.map((c) => c.label).slice(0, 3)).toEqual(['B · Web', 'C · HQ country', 'D · Spend']);
  });

  test('a title in row 1 of another column: the header is row 2, the title is no supplier', () => {
    const titled: CellValue[][] = [[null, null, 'Q3 suppliers', null], ...SHEET];
    const model = describeSelection(snapshot(all, titled));
    expect(model).toMatchObject({ top: 1, firstRowIsHeader: true, websiteGuess: 1, countryGuess: 2 });
    const fromHeader = describeSelection(
      snapshot({ rowIndex: 1, columnIndex: 0, rowCount: 5, columnCount: 1 }, titled),
    );
    expect(fromHeader.firstRowIsHeader).toBe(true);
  });

  test('the columns that already score these names are found by their formulas, with the line above them', () => {
    const snap = snapshot(all, scored);
    const model = describeSelection(snap);
    const input = columnSelection(snap, model, { firstRowIsHeader: true, websiteColumn: 1, countryColumn: 2 });
    expect(input.firstDataRow).toBe(2);
    expect(input.scored).toEqual({
      outputs: new Map([
        ['score', 4],
        ['match', 5],
      ]),
      cardColumn: null,
      attributed: true,
    });
    const unattributed = scored.map((row, i) => (i === 0 ? row.map(() => null) : row));
    const again = snapshot(all, unattributed);
    expect(
      columnSelection(again, describeSelection(again), {
        firstRowIsHeader: true,
        websiteColumn: null,
        countryColumn: null,
      }).scored?.attributed,
    ).toBe(false);
  });

  test('formulas of another name column are not these names’ block', () => {
    const other = SHEET.map((row, i) => [...row, i === 0 ? 'Climate score' : `=CLIMATE.SCORE($B${i + 1})`]);
    const snap = snapshot(all, other);
    const input = columnSelection(snap, describeSelection(snap), {
      firstRowIsHeader: true,
      websiteColumn: null,
      countryColumn: null,
    });
    expect(input.scored?.outputs.size).toBe(0);
  });

  test('a first supplier that says N/A has no formulas: the block is judged on the first row that names one', () => {
    const gap = scored.map((row, i) =>
      i === 2 ? row.map((value, c) => (c === 0 ? 'N/A' : c >= 4 ? '' : value)) : row,
    );
    const snap = snapshot(all, gap);
    const input = columnSelection(snap, describeSelection(snap), {
      firstRowIsHeader: true,
      websiteColumn: 1,
      countryColumn: 2,
    });
    expect(input.scored?.outputs).toEqual(
      new Map([
        ['score', 4],
        ['match', 5],
      ]),
    );
  });
});

describe('names in an Excel table', () => {
  const whole = { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 };
  test('a table without its header row: every row from its first is a supplier, none read as a header', () => {
    const rows = SHEET.slice(1);
    const model = describeSelection({
      ...snapshot(whole, rows),
      table: { headerRow: null, firstDataRow: 0, lastDataRow: 3 },
    });
    expect(model).toMatchObject({ top: 0, bottom: 3, firstRowIsHeader: false });
  });

  test('its total row is no supplier, selected or not', () => {
    const rows = [...SHEET, ['Total', '', '', 600]];
    const table = { headerRow: 0, firstDataRow: 1, lastDataRow: 4 };
    expect(describeSelection({ ...snapshot(whole, rows), table })).toMatchObject({ top: 0, bottom: 4 });
  });
});
