/**
 * Recalculates exactly the given cells (addresses as custom functions receive them with
 * `requiresAddress`, e.g. "Sheet1!B2" or "'Q3 suppliers'!C7"). Outside Excel it does nothing.
 * Minimal version written by the engine helper; the FUNCTIONS owner may replace it.
 */

/** "'It''s'!B2" -> ["It's", "B2"]; an address without a sheet is on the active sheet. */
function splitAddress(address: string): { sheet: string | null; cell: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: null, cell: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, cell: address.slice(bang + 1) };
}

export async function recalculateCells(addresses: string[]): Promise<void> {
  if (typeof Excel === 'undefined' || typeof Excel.run !== 'function' || addresses.length === 0) return;
  await Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    for (const address of addresses) {
      const { sheet, cell } = splitAddress(address);
      const worksheet = sheet === null ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
      worksheet.getRange(cell).calculate();
    }
    await context.sync();
  });
}
