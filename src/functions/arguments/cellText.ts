/**
 * Texts that start like a formula. Arguments that do are refused (textArgument.ts); texts the service
 * sends are shown with a leading apostrophe wherever a function hands them to Excel (excelBoundary.ts):
 * Excel does not evaluate a function's text, but "Save as CSV" and pasting into other tools read it
 * again, and `=cmd|' /C calc'!A0` would run there.
 */

/** = + - @ start a formula in Excel and in CSV readers; tab and carriage return hide one after them. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What may stand before a formula sign without showing: white space (the no-break space, the
 * byte-order mark and the line separators among it) and zero-width characters, which a reader that
 * trims or drops them puts the sign in front again.
 */
const UNSEEN_LEAD = /^[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]+/;
/** The full-width and small forms of = + - @ (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫), which NFKC readers take for them. */
const WIDE_FORMULA_START = /^[\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b]/;

/** The text starts a formula as it is, behind invisible characters, or in a full-width sign. */
function startsLikeFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const shown = text.replace(UNSEEN_LEAD, '');
  return FORMULA_START.test(shown) || WIDE_FORMULA_START.test(shown);
}

/** `=1+1` -> `'=1+1` (and `\u200b=1+1`, `＝1+1` likewise); any other text as it is. */
export function safeText(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A result with every text in it made safe: plain values, spilled rows, and the texts inside a card
 * (its properties, nested entities). Error values and other class instances pass as they are; a
 * result with nothing to change is returned as is, so the common case allocates nothing. A value
 * built safe where it is made (markedSafe) passes as it is, wherever it is met.
 */
export function safeResult<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (builtSafe(value)) return value;
  // Result objects are shared by cells and never changed once returned: each is walked once.
  let safe = made.get(value) as T | undefined;
  if (safe === undefined) {
    made.set(value, (safe = walked(value)));
    if (safe !== value) made.set(safe as object, safe);
  }
  return safe;
}

/** Carried, not enumerable (neither Excel, JSON nor a copy sees it), by results built safe (markedSafe). */
const BUILT_SAFE = Symbol('built safe');

/**
 * `value`, every text of which was made safe where it was built (safeText), marked so that the
 * boundary takes it as it is: a sheet of distinct organizations makes a new value per cell, and
 * remembering each in `made` would cost a lookup, an entry and the collector's time for every one.
 */
export function markedSafe<T extends object>(value: T): T {
  return Object.defineProperty(value, BUILT_SAFE, { value: true });
}

const builtSafe = (value: object): boolean => (value as { [BUILT_SAFE]?: true })[BUILT_SAFE] === true;

/** What safeResult made of each object it was given (and each safe object it made: itself). */
const made = new WeakMap<object, unknown>();

function walked<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (builtSafe(value)) return value;
  const known = made.get(value) as T | undefined;
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const safe: unknown = walked(value[i]);
      if (safe !== value[i]) (copy ??= [...value])[i] = safe;
    }
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const field = value[key];
    const safe = walked(field);
    if (safe !== field) (changed ??= { ...value })[key] = safe;
  }
  return (changed ?? value) as T;
}
