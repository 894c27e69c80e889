/**
 * Texts that start like a formula. Arguments that do are refused (textArgument.ts); texts the service
 * sends are shown with a leading apostrophe wherever a function hands them to Excel (excelBoundary.ts):
 * Excel does not evaluate a function's text, but "Save as CSV" and pasting into other tools read it
 * again, and `=cmd|' /C calc'!A0` would run there.
 */

/** = + - @ start a formula in Excel and in CSV readers; tab and carriage return hide one after them. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** `=1+1` -> `'=1+1`; any other text as it is. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A result with every text in it made safe: plain values, spilled rows, and the texts inside a card
 * (its properties, nested entities). Error values and other class instances pass as they are; a
 * result with nothing to change is returned as is, so the common case allocates nothing.
 */
export function safeResult<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (Array.isArray(value)) {
    const safe = value.map(safeResult);
    return (safe.some((element, i) => element !== value[i]) ? safe : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const safe = safeResult(field);
    if (safe !== field) (changed ??= { ...value })[key] = safe;
  }
  return (changed ?? value) as T;
}
