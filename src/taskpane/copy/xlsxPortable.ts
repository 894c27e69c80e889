/**
 * Which formulas the copy for others keeps as formulas, and how it writes a link. The copy is a new
 * .xlsx written by the pane, so a formula goes into the file as Office.js reads it, and that is the
 * file's own form only for Excel 2007's functions: a function added since is saved with an `_xlfn.`
 * prefix, which Excel shows as `#NAME?` when it is missing (Microsoft Support, "Issue: An _xlfn. prefix
 * is displayed in front of a formula"), and a spilling range needs array metadata the copy does not
 * write. The names, tables and sheets a formula may name are not in the copy either. So a formula is
 * kept only when every function it calls is one of Excel 2007's below, every sheet it names is
 * copied, and it names no table, defined name, other workbook or range outside a function; any other
 * shows its value instead, which is what the person saw.
 */
import { literal, masked } from '../sheet/formulas';

/** Excel 2007 functions a supplier sheet uses around its scores, each saved in files without a prefix. */
const CLASSIC_FUNCTIONS = new Set(
  (
    'ABS AND AVERAGE AVERAGEA AVERAGEIF AVERAGEIFS CEILING CHOOSE CLEAN COLUMN COLUMNS CONCATENATE COUNT ' +
    'COUNTA COUNTBLANK COUNTIF COUNTIFS DATE DATEVALUE DAY EXACT FALSE FIND FLOOR HLOOKUP HYPERLINK IF ' +
    'IFERROR INDEX INT ISBLANK ISERR ISERROR ISLOGICAL ISNA ISNUMBER ISTEXT LARGE LEFT LEN LOOKUP LOWER ' +
    'MATCH MAX MEDIAN MID MIN MOD MONTH N NA NOT OR PERCENTILE PRODUCT PROPER QUARTILE RANK REPLACE REPT ' +
    'RIGHT ROUND ROUNDDOWN ROUNDUP ROW ROWS SEARCH SMALL STDEV SUBSTITUTE SUBTOTAL SUM SUMIF SUMIFS ' +
    'SUMPRODUCT TEXT TODAY TRIM TRUE UPPER VALUE VLOOKUP YEAR'
  ).split(' '),
);

/** `'Q3 suppliers'!` or `Q3!`: a sheet a reference names. */
const SHEET_PREFIX = /(?:'((?:[^']|'')+)'|([A-Za-z_\u00c0-\uffff][\w.\u00c0-\uffff]*))!/gu;
/** A name followed by `(`: a function call. */
const CALL = /([A-Za-z_][\w.]*)\s*\(/g;
/** Any name left once calls and sheet prefixes are out: a cell (`$A$3`), a column or row part, TRUE/FALSE, or a defined name. */
const WORD = /[A-Za-z_\\][\w.\\]*/g;
const CELL_OR_BOUND = /^(?:\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}|TRUE|FALSE)$/i;

/** True when `formula` (`=…`, as Office.js reads it) means the same in the copy, whose sheets are `sheets`. */
export function portableFormula(formula: string, sheets: readonly string[]): boolean {
  let code = masked(formula).slice(1);
  // Strings are blanked: what is left is code. Brackets name tables or other workbooks; #REF! stays broken.
  if (/[[\]{}#@]/.test(code)) return false;
  const copied = new Set(sheets.map((sheet) => sheet.toLowerCase()));
  for (const match of code.matchAll(SHEET_PREFIX)) {
    const name = match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2];
    if (!copied.has(name.toLowerCase())) return false;
  }
  code = code.replace(SHEET_PREFIX, ' ');
  for (const [, name] of code.matchAll(CALL)) if (!CLASSIC_FUNCTIONS.has(name.toUpperCase())) return false;
  code = code.replace(CALL, ' (');
  if ([...code.matchAll(WORD)].some(([word]) => !CELL_OR_BOUND.test(word))) return false;
  return !rangeOutsideCall(code);
}

/** A `:` outside every parenthesis: `=B3:B9*2` spills in Excel 365 and would be one cell in the copy. */
function rangeOutsideCall(code: string): boolean {
  let depth = 0;
  for (const char of code) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ':' && depth === 0) return true;
  }
  return false;
}

/**
 * Excel takes at most 255 characters in one text of a formula ("Text values in formulas are limited to
 * 255 characters", Excel's own message), and a profile link may have up to 2,048: a longer text is
 * joined from pieces.
 */
const FORMULA_TEXT_MAX = 255;

function textExpression(text: string): string {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += FORMULA_TEXT_MAX)
    pieces.push(literal(text.slice(at, at + FORMULA_TEXT_MAX)));
  return pieces.length === 0 ? '""' : pieces.join('&');
}

/** `=HYPERLINK("link","label")`: a link that needs nothing but Excel. */
export function hyperlinkFormula(link: string, label: string): string {
  return `=HYPERLINK(${textExpression(link)},${textExpression(label)})`;
}
