/**
 * What Excel hands a custom function for one argument, reduced to one of five plain shapes. Excel
 * passes strings, numbers, booleans, null (an empty cell) or undefined (an omitted optional
 * argument); with `allowCustomDataForDataTypeAny` an `any` parameter may also receive a data-type
 * object (a Double/String/Boolean/Entity cell value, e.g. when a formula points at one of our own
 * SCORE cells), and a 1x1 range may arrive as [[value]]. Excel passes no error value (functions.json
 * sets no `allowErrorForDataTypeAny`: it shows the error itself); the text of one is read as one.
 */
import { currentLanguage, t } from '../../i18n/translate';
import { booleanName } from '../../i18n/languages';
import { clip } from '../../text/clip';

export type CellInput =
  /** `placeholder`: what a list writes for no value (`N/A`), read as empty (blankIfPlaceholder). */
  | { kind: 'empty'; placeholder?: string }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; code: string }
  | { kind: 'range'; rows: number; columns: number };

/** Excel's error literals, as they appear when typed or pasted as text. */
const ERROR_LITERALS = [
  '#N/A',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#DIV/0!',
  '#NUM!',
  '#NULL!',
  '#SPILL!',
  '#CALC!',
  '#BUSY!',
  '#GETTING_DATA',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#UNKNOWN!',
];

/** Error types of an Excel ErrorCellValue, mapped to the literal a person sees. */
const ERROR_TYPES: Record<string, string> = {
  NotAvailable: '#N/A',
  Value: '#VALUE!',
  Ref: '#REF!',
  Name: '#NAME?',
  Div0: '#DIV/0!',
  Num: '#NUM!',
  Null: '#NULL!',
  Spill: '#SPILL!',
  Calc: '#CALC!',
  Busy: '#BUSY!',
  GettingData: '#GETTING_DATA',
  Field: '#FIELD!',
  Blocked: '#BLOCKED!',
  Connect: '#CONNECT!',
};

export function readCell(value: unknown): CellInput {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') {
    const text = pastedText(value);
    const upper = text.trim().toUpperCase();
    if (ERROR_LITERALS.includes(upper)) return { kind: 'error', code: upper };
    return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', text };
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error', code: '#NUM!' };
  }
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (Array.isArray(value)) {
    const rows = value.length;
    const columns = rows > 0 && Array.isArray(value[0]) ? (value[0] as unknown[]).length : 1;
    if (rows === 1 && columns === 1) return readCell(Array.isArray(value[0]) ? (value[0] as unknown[])[0] : value[0]);
    return rows === 0 ? { kind: 'empty' } : { kind: 'range', rows, columns };
  }
  if (typeof value === 'object') return readDataType(value as Record<string, unknown>);
  return { kind: 'text', text: String(value) };
}

/** Characters that show nothing and only break a match: zero-width space, word joiner, soft hyphen, byte-order mark. */
const INVISIBLE = /[\u200b\u2060\u00ad\ufeff]/g;
/** Full-width forms of ASCII, as an East Asian input method types them (`ＳＯＮＹ`, `１５０４８３７８２`). */
const FULL_WIDTH = /[\uff01-\uff5e]/g;
/** Quotes a CSV file or a document leaves around a whole text: opening and closing mark. */
const WRAPPERS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ['\u201c', '\u201d'],
  ['\u201e', '\u201c'],
  ['\u2018', '\u2019'],
  ['\u00ab', '\u00bb'],
];

/**
 * A cell's text as paste leaves it, read as what it says: invisible characters dropped, full-width
 * ASCII as ASCII, and one pair of quotes around the whole text taken off (a CSV's doubled quotes
 * inside read as one), so that `"Acme Corp"` is Acme Corp, `"acme.com"` a website and `'150483782'`
 * a DUNS. Quotes that wrap only part of the text (`Acme "Best" Corp`) stay.
 */
export function pastedText(raw: string): string {
  const text = raw.replace(INVISIBLE, '').replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const trimmed = text.trim();
  const wrapper = WRAPPERS.find(
    ([open, close]) => trimmed.length >= 2 && trimmed.startsWith(open) && trimmed.endsWith(close),
  );
  if (!wrapper) return text;
  const inner = trimmed.slice(1, -1);
  if (wrapper[0] === '"') return inner.replace(/""/g, '').includes('"') ? text : inner.replace(/""/g, '"');
  return wrapper[0] === "'" || !(inner.includes(wrapper[0]) || inner.includes(wrapper[1])) ? inner : text;
}

/**
 * What supplier lists write where they have nothing, compared in lower case with blanks collapsed. Not
 * `NA`: Namibia's code. A whole cell only: `N/A Holdings` is a name.
 */
export const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'n/a',
  'n.a.',
  'n.a',
  'n/a.',
  '-',
  '--',
  '---',
  '–',
  '—',
  '.',
  '?',
  '??',
  '???',
  'none',
  'null',
  'nil',
  'unknown',
  'tbd',
  'tba',
  'tbc',
  'not available',
  'not applicable',
  'not known',
]);

/**
 * An organization, website or country cell holding a placeholder, as an empty one: a supplier row's
 * `N/A` sent as a name would register an organization called N/A.
 */
export function blankIfPlaceholder(input: CellInput): CellInput {
  if (input.kind !== 'text' || !isPlaceholder(input.text)) return input;
  return { kind: 'empty', placeholder: input.text.trim() };
}

/** Whether a cell's text is what a list writes for no value (the pane skips those rows as it skips blank ones). */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDERS.has(text.trim().toLowerCase().replace(/\s+/g, ' '));
}

/** A data-type object: its basic value counts, an entity counts by its text, an error by its type. */
function readDataType(cell: Record<string, unknown>): CellInput {
  const type = typeof cell.type === 'string' ? cell.type : '';
  if (type === 'Error') {
    const errorType = typeof cell.errorType === 'string' ? cell.errorType : '';
    return {
      kind: 'error',
      code: (Object.hasOwn(ERROR_TYPES, errorType) ? ERROR_TYPES[errorType] : null) ?? '#VALUE!',
    };
  }
  // A CustomFunctions.Error-like object ({code: '#N/A', message}) passed through.
  if (typeof cell.code === 'string' && ERROR_LITERALS.includes(cell.code)) return { kind: 'error', code: cell.code };
  if (type === 'Entity' || type === 'LinkedEntity') return readCell(typeof cell.text === 'string' ? cell.text : null);
  if ('basicValue' in cell) return readCell(cell.basicValue);
  return { kind: 'error', code: '#VALUE!' };
}

/**
 * How an input reads in a message, in the runtime's language: short, and never the whole of an
 * absurdly long string. A number is written as given (an identifier's digits, not grouped).
 */
export function describeInput(input: CellInput): string {
  switch (input.kind) {
    case 'empty':
      return t('cells.input.empty');
    case 'text':
      return excerpt(input.text);
    case 'number':
      return String(input.value);
    case 'boolean':
      return booleanName(currentLanguage(), input.value);
    case 'error':
      return input.code;
    case 'range':
      return t('cells.input.range', { rows: String(input.rows), columns: String(input.columns) });
  }
}

export function excerpt(text: string, max = 24): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clip(clean, max);
}
