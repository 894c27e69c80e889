/**
 * How Excel writes a sheet's name in a reference: always quoted here (`'Q3 suppliers'!`, quotes inside
 * doubled), which Excel accepts for every name; read back with or without quotes. The one place for
 * it: the pane's formulas and addresses and the engine's recalculation of cells both use it. And which
 * names Excel takes for a new sheet.
 */
import { t } from '../i18n/translate';

/** `It's` -> `'It''s'!`: the prefix of a reference to that sheet from anywhere. */
export function sheetPrefix(sheet: string): string {
  return `'${sheet.replace(/'/g, "''")}'!`;
}

/** `'It''s'` or `Sheet1` (without the `!`) -> the sheet's name. */
export function unquoteSheet(text: string): string {
  return text.startsWith("'") && text.endsWith("'") && text.length > 1 ? text.slice(1, -1).replace(/''/g, "'") : text;
}

/**
 * Why Excel would refuse `name` for a sheet, or null: 1 to 31 characters, none of : \ / ? * [ ], not
 * starting or ending with an apostrophe, and not `History`, which Excel keeps for its change history.
 */
export function sheetNameProblem(name: string): string | null {
  if (name.length > 31 || /[:\\/?*[\]]/.test(name) || /^'|'$/.test(name) || name === '') {
    return t('office.sheetName.refused', { name });
  }
  if (name.toLowerCase() === 'history') return t('office.sheetName.history', { name });
  return null;
}
