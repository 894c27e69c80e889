/** The harness's grid: every cell of every sheet is its own, to the last row and column Excel has. */
import { Grid } from './grid';

const LAST_COLUMN = 16_383; // XFD
const LAST_ROW = 1_048_576;

test('cells at the same address on two sheets, and at the grid edges, are distinct and found again', () => {
  const grid = new Grid();
  const places: [string, number, number][] = [
    ['Sheet1', 0, 1],
    ['Q3 suppliers', 0, 1],
    ['Sheet1', LAST_COLUMN, 1],
    ['Sheet1', 0, LAST_ROW],
    ['Sheet1', LAST_COLUMN, LAST_ROW],
    ['Q3 suppliers', LAST_COLUMN, LAST_ROW],
  ];
  places.forEach(([sheet, column, row], i) => (grid.cellAt(sheet, column, row).input = i));
  expect(places.map(([sheet, column, row]) => grid.find(sheet, column, row)?.input)).toEqual([0, 1, 2, 3, 4, 5]);
  expect(grid.find('Sheet1', LAST_COLUMN, LAST_ROW)?.address).toBe('Sheet1!XFD1048576');
  expect(grid.find('Q3 suppliers', 0, 1)?.address).toBe("'Q3 suppliers'!A1");
  expect(grid.find('Sheet2', 0, 1)).toBeUndefined();
});

test('no two columns or rows share a cell, however far apart', () => {
  const grid = new Grid();
  const columns = [0, 1, 8_191, 8_192, LAST_COLUMN - 1, LAST_COLUMN];
  const rows = [1, 2, 3, 524_288, LAST_ROW - 1, LAST_ROW];
  for (const row of rows) for (const column of columns) grid.cellAt('Sheet1', column, row).input = `${column}:${row}`;
  for (const row of rows)
    for (const column of columns) expect(grid.find('Sheet1', column, row)?.input).toBe(`${column}:${row}`);
});

test('a formula depends on the cells it names, on its own sheet or another, and on no other', () => {
  const grid = new Grid();
  const formula = grid.enterFormula('Sheet1', 1, LAST_ROW, "=CLIMATE.SCORE(A1048576, 'Q3 suppliers'!A1)");
  grid.watchPrecedents(formula);
  expect([...grid.dependentsOf(grid.cellAt('Sheet1', 0, LAST_ROW))]).toEqual([formula]);
  expect([...grid.dependentsOf(grid.cellAt('Q3 suppliers', 0, 1))]).toEqual([formula]);
  expect([...grid.dependentsOf(grid.cellAt('Sheet1', 0, 1))]).toEqual([]);
  expect([...grid.dependentsOf(grid.cellAt('Q3 suppliers', 0, LAST_ROW))]).toEqual([]);
});
