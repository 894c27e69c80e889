/**
 * Cell addresses as invocations carry them (`Sheet1!B2`, `'Q3_suppliers'!C7`) and as the runtime
 * writes them (always quoted): split into sheet and cell, grouped by sheet, and compared as the same
 * cell whichever way the sheet was written or `$` was used.
 */
import { unquoteSheet } from './sheetName';

/** "'It''s'!B2" -> { sheet: "It's", cell: "B2" }; an address without a sheet is on the active sheet. */
export function splitAddress(address: string): { sheet: string | null; cell: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: null, cell: address };
  return { sheet: unquoteSheet(address.slice(0, bang)), cell: address.slice(bang + 1) };
}

const normalCell = (cell: string): string => cell.replace(/\$/g, '').toUpperCase();

/** One key per cell: `Sheet1!B2`, `'Sheet1'!$B$2` and `sheet1!b2` are the same cell (Excel's sheet names ignore case). */
export function cellKey(address: string): string {
  const { sheet, cell } = splitAddress(address);
  return `${sheet?.toLowerCase() ?? ''}!${normalCell(cell)}`;
}

export interface SheetCells {
  cells: string[];
  addresses: string[];
}

/** Per sheet (null: the active sheet): its cells, each once in first-seen order, and the addresses that named them. */
export function groupBySheet(addresses: readonly string[]): Map<string | null, SheetCells> {
  const groups = new Map<string | null, { cells: Set<string>; addresses: string[] }>();
  for (const address of addresses) {
    const { sheet, cell } = splitAddress(address);
    const group = groups.get(sheet) ?? { cells: new Set<string>(), addresses: [] };
    group.cells.add(normalCell(cell));
    group.addresses.push(address);
    groups.set(sheet, group);
  }
  return new Map([...groups].map(([sheet, group]) => [sheet, { cells: [...group.cells], addresses: group.addresses }]));
}
