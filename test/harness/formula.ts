/**
 * The formulas the harness understands: one custom-function call whose arguments are cell
 * references, ranges, string/number/boolean literals or left out, e.g.
 * `=CLIMATE.PROFILE(A2, $H$1:$J$1, , "US")`. That is what the workbooks under test are made of;
 * anything else is a mistake in the test and fails loudly.
 */

export type FormulaArgument =
  | { kind: 'cell'; address: string }
  | { kind: 'range'; address: string }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'omitted' };

export interface ParsedFormula {
  /** As written after "=", e.g. "CLIMATE.SCORE". */
  name: string;
  args: FormulaArgument[];
}

const SHEET = String.raw`(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?[1-9][0-9]*`;
const CELL_RE = new RegExp(`^(?:${SHEET})?${CELL}$`);
const RANGE_RE = new RegExp(`^(?:${SHEET})?${CELL}:${CELL}$`);

export function parseFormula(text: string): ParsedFormula {
  const match = /^=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\(([\s\S]*)\)\s*$/.exec(text.trim());
  if (!match) throw new Error(`harness: unsupported formula ${text}`);
  return { name: match[1], args: splitArguments(match[2]).map((part) => argument(part, text)) };
}

/** Splits on commas outside string literals; `F()` has no arguments, `F(,)` two omitted ones. */
function splitArguments(body: string): string[] {
  if (body.trim() === '') return [];
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new Error(`harness: unterminated string in (${body})`);
  parts.push(current);
  return parts;
}

function argument(raw: string, formula: string): FormulaArgument {
  const text = raw.trim();
  if (text === '') return { kind: 'omitted' };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { kind: 'literal', value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^(TRUE|FALSE)$/i.test(text)) return { kind: 'literal', value: text.toUpperCase() === 'TRUE' };
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return { kind: 'literal', value: Number(text) };
  if (CELL_RE.test(text)) return { kind: 'cell', address: text };
  if (RANGE_RE.test(text)) return { kind: 'range', address: text };
  throw new Error(`harness: unsupported argument ${text} in ${formula}`);
}
