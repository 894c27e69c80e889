/**
 * How Excel writes a sheet's name in a reference: always quoted here (`'Q3 suppliers'!`, quotes inside
 * doubled), which Excel accepts for every name; read back with or without quotes. The one place for
 * it: the pane's formulas and addresses and the engine's recalculation of cells both use it.
 */

/** `It's` -> `'It''s'!`: the prefix of a reference to that sheet from anywhere. */
export function sheetPrefix(sheet: string): string {
  return `'${sheet.replace(/'/g, "''")}'!`;
}

/** `'It''s'` or `Sheet1` (without the `!`) -> the sheet's name. */
export function unquoteSheet(text: string): string {
  return text.startsWith("'") && text.endsWith("'") && text.length > 1 ? text.slice(1, -1).replace(/''/g, "'") : text;
}
