/** Test builders for the pane's reading of a selection: a supplier sheet and what sheet/read.ts reads of it. */
import type { CellValue, SelectionSnapshot } from '../../../src/taskpane/sheet/grid';

/** A sheet: headers in row 1 (index 0), suppliers below, columns A..D. */
export const SHEET = [
  ['Supplier', 'Web', 'HQ country', 'Spend'],
  ['Acme Corp', 'acme.com', 'US', 100],
  ['Globex', 'https://www.globex.io/', 'DE', 200],
  ['', '', '', 0],
  ['Initech', 'initech.example', 'FR', 300],
];

/** What the pane reads for a selection on a sheet of `values` (row 1 used), as sheet/read.ts reads it. */
export function snapshot(selection: SelectionSnapshot['selection'], values: CellValue[][] = SHEET): SelectionSnapshot {
  const used = { rowIndex: 0, columnIndex: 0, rowCount: values.length, columnCount: values[0].length };
  const from = Math.max(0, selection.rowIndex - 2);
  const to = Math.min(values.length, selection.rowIndex + selection.rowCount) - 1;
  const rows = values.slice(from, to + 1);
  const filled = values.findIndex((row) => (row[selection.columnIndex] ?? '') !== '');
  return {
    sheet: 'Suppliers',
    selection,
    used,
    firstFilledRow: filled < 0 ? null : filled,
    grid: { sheet: 'Suppliers', rowIndex: from, columnIndex: 0, values: rows, formulas: rows },
  };
}
