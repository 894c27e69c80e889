/**
 * A cell's value as the sheet shows it, read from a grid (pure; sheet/read.ts reads the grid): its plain
 * value (an error or a blank is none, told by its type in any display language) and, where the host
 * hands values as JSON (ExcelApi 1.16), a property of its card. Nothing read is trusted: a number is
 * kept only when finite, a property only when it is a plain value of its kind.
 */
import type { CellGrid } from './grid';

/** A cell's value as it is shown: a number, a text, TRUE/FALSE; null for an error, a blank or a card. */
export type Plain = number | string | boolean | null;

/** A JSON cell value's basic value when it is a plain one (a Double, a Boolean, a String); null otherwise. */
function basic(json: unknown): Plain {
  if (typeof json !== 'object' || json === null) return null;
  const { type, basicValue } = json as { type?: unknown; basicValue?: unknown };
  if (type === 'Double' || type === 'FormattedNumber')
    return Number.isFinite(basicValue) ? (basicValue as number) : null;
  if (type === 'Boolean') return typeof basicValue === 'boolean' ? basicValue : null;
  if (type === 'String') return typeof basicValue === 'string' ? basicValue : null;
  return null;
}

/** A property of a JSON cell value (a card's field, a score's `Profile link`), as a plain value. */
export function propertyOf(json: unknown, name: string): Plain {
  if (typeof json !== 'object' || json === null) return null;
  const properties = (json as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null || !Object.hasOwn(properties, name)) return null;
  return basic((properties as Record<string, unknown>)[name]);
}

/** The cell's shown value: an error (by its type, in any language) or a blank is null. */
export function shownAt(grid: CellGrid, row: number, column: number): Plain {
  const [r, c] = [row - grid.rowIndex, column - grid.columnIndex];
  const type = grid.valueTypes?.[r]?.[c];
  if (type === 'Error' || type === 'Empty' || type === 'Richvalue') return null;
  const value = grid.values[r]?.[c] ?? null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && (value === '' || (type === undefined && value.startsWith('#')))) return null;
  return value;
}

/** The cell's value as JSON, when the grid was read with it. */
export const jsonAt = (grid: CellGrid, row: number, column: number): unknown =>
  grid.valuesAsJson?.[row - grid.rowIndex]?.[column - grid.columnIndex] ?? null;
