/**
 * Recalculates exactly the given cells: the engine calls this when profiles that cells were waiting
 * for are final, with the addresses those cells' invocations carried (`@requiresAddress`), e.g.
 * "Sheet1!B2" or "'Q3 suppliers'!C7". Excel re-invokes each cell's function, which now finds the
 * record in the cache. Outside Excel (no `Excel.run`) it does nothing.
 *
 * Cells are grouped by sheet, one Excel.run per sheet, so that a sheet deleted (or renamed) since
 * the call fails alone and the other sheets still update.
 */

/** "'It''s'!B2" -> { sheet: "It's", cell: "B2" }; an address without a sheet is on the active sheet. */
export function splitAddress(address: string): { sheet: string | null; cell: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: null, cell: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, cell: address.slice(bang + 1) };
}

/** Cells per sheet (null: the active sheet), each cell once, in first-seen order. */
export function groupBySheet(addresses: readonly string[]): Map<string | null, string[]> {
  const groups = new Map<string | null, Set<string>>();
  for (const address of addresses) {
    const { sheet, cell } = splitAddress(address);
    const cells = groups.get(sheet) ?? new Set<string>();
    cells.add(cell.replace(/\$/g, '').toUpperCase());
    groups.set(sheet, cells);
  }
  return new Map([...groups].map(([sheet, cells]) => [sheet, [...cells]]));
}

export async function recalculateCells(addresses: string[]): Promise<void> {
  if (typeof Excel === 'undefined' || typeof Excel.run !== 'function' || addresses.length === 0) return;
  const failures: unknown[] = [];
  for (const [sheet, cells] of groupBySheet(addresses)) {
    try {
      await Excel.run(async (context) => {
        const sheets = context.workbook.worksheets;
        const worksheet = sheet === null ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
        for (const cell of cells) worksheet.getRange(cell).calculate();
        await context.sync();
      });
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
