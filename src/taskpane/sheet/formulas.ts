/**
 * The one grammar of CLIMATE formulas, pure: every part of the pane that reads or rewrites a formula
 * (score, review, summary, attribution check, refresh of a selection) goes through here. It finds
 * CLIMATE calls wherever they stand (nested in IFERROR or IF, typed in lower case, saved with Excel's
 * `_xldudf_` prefix), splits their arguments at top-level commas only (quoted commas stay inside their
 * text), knows where each function takes the organization, website and country, and reads dot
 * references to a card (`=E3.Score`, `=E3.[Industry rank]`), whose arguments are those of the card's
 * CLIMATE.ORG cell.
 */
import { CLIMATE_CALL } from '../../office/climateFormula';
import { CELL_PART, SHEET_PART } from './a1';

/** Where the organization, website and country arguments sit, per function (others name no organization). */
const ORGANIZATION_POSITIONS: Readonly<Record<string, readonly [number, number, number]>> = {
  ORG: [0, 1, 2],
  SCORE: [0, 1, 2],
  MATCH: [0, 1, 2],
  LINK: [0, 1, 2],
  STATUS: [0, 1, 2],
  FLAGS: [0, 1, 2],
  ACTIONS: [0, 1, 2],
  FLAG: [0, 2, 3],
  PROFILE: [0, 2, 3],
};

/** A function's organization positions; undefined for one that names none (a name read from a sheet, own names only). */
const organizationPositions = (name: string): readonly [number, number, number] | undefined =>
  Object.hasOwn(ORGANIZATION_POSITIONS, name) ? ORGANIZATION_POSITIONS[name] : undefined;

/** `"text"` as an Excel string literal. */
export function literal(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** A string literal's text (`"a ""b"""` -> `a "b"`); null for anything else. */
export function unquote(text: string | undefined): string | null {
  return text !== undefined && /^".*"$/s.test(text) ? text.slice(1, -1).replace(/""/g, '"') : null;
}

const STRING_LITERAL = /"(?:[^"]|"")*"?/y;

/**
 * The formula with the inside of every string literal blanked (same length): text is never read as
 * code. Inside brackets (a structured reference, a card's `.[field]`) a `"` is part of a name, not a
 * string, and an escaped character (`'[`, `']`, `''`) is blanked with its `'`, so brackets pair.
 */
export function masked(formula: string): string {
  let code = '';
  let depth = 0;
  for (let i = 0; i < formula.length; i++) {
    const char = formula[i];
    if (depth > 0 && char === "'") {
      code += ' '.repeat(formula.slice(i, i + 2).length);
      i++;
    } else if (depth === 0 && char === '"') {
      STRING_LITERAL.lastIndex = i;
      const text = STRING_LITERAL.exec(formula)?.[0] ?? char;
      code += text.length < 2 ? text : `"${' '.repeat(text.length - 2)}"`;
      i += text.length - 1;
    } else {
      if (char === '[') depth++;
      else if (char === ']' && depth > 0) depth--;
      code += char;
    }
  }
  return code;
}

export interface ClimateCall {
  /** The function's name, upper case, without `CLIMATE.`: `SCORE`, `FLAG`, `ORG`… */
  name: string;
  /** Top-level argument texts, trimmed, in formula syntax (`$A2`, `"sbti"`, `TRIM(B2)`, '' when left out). */
  args: string[];
  /** Where the argument list runs in the formula: just after `(` up to its `)`. */
  start: number;
  end: number;
}

/** Every CLIMATE call of a formula, outer ones first, each with its top-level argument texts. */
export function climateCalls(formula: string): ClimateCall[] {
  const code = masked(formula);
  const calls: ClimateCall[] = [];
  for (const match of code.matchAll(CLIMATE_CALL)) {
    const start = (match.index ?? 0) + match[0].length;
    const split = splitArguments(code, start);
    if (!split) continue;
    const args = split.bounds.map(([from, to]) => formula.slice(from, to).trim());
    calls.push({ name: match[1].toUpperCase(), args, start, end: split.end });
  }
  return calls;
}

/** Top-level argument bounds from just after `(` to the matching `)`; null if unbalanced. */
function splitArguments(code: string, start: number): { bounds: Array<[number, number]>; end: number } | null {
  const bounds: Array<[number, number]> = [];
  let depth = 0;
  let from = start;
  for (let i = start; i < code.length; i++) {
    const char = code[i];
    // Brackets too: `Suppliers[[#This Row],[Supplier]]` is one argument.
    if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === ')' && depth-- === 0) {
      // `F()` has no argument at all, `F(,)` two empty ones.
      if (i > start || bounds.length > 0) bounds.push([from, i]);
      return { bounds, end: i };
    } else if (char === ',' && depth === 0) {
      bounds.push([from, i]);
      from = i + 1;
    }
  }
  return null;
}

/** The organization, website and country argument texts of a call ('' when left out); null for a call that names none. */
export interface ArgumentTexts {
  organization: string;
  website: string;
  country: string;
}

export function organizationTexts(call: Pick<ClimateCall, 'name' | 'args'>): ArgumentTexts | null {
  const positions = organizationPositions(call.name);
  if (!positions) return null;
  const [organization, website, country] = positions.map((position) => call.args[position] ?? '');
  return { organization, website, country };
}

/** Argument texts (formula syntax, e.g. `"acme.com"` or `$B2`) to put in place of a call's own. */
export type ArgumentChange = Partial<ArgumentTexts>;

/**
 * The formula with the organization, website and country arguments of each of its CLIMATE calls
 * replaced where the change says so (a missing optional argument is added, empty ones before it).
 */
export function withArguments(formula: string, change: ArgumentChange): string {
  let result = formula;
  // From the last call back, so that the positions of earlier calls still hold; the formula is read
  // again each time, so that an outer call carries the inner one as rewritten.
  for (const { start } of climateCalls(formula).reverse()) {
    const call = climateCalls(result).find((again) => again.start === start);
    const positions = call && organizationPositions(call.name);
    if (!call || !positions) continue;
    const args = [...call.args];
    [change.organization, change.website, change.country].forEach((text, i) => {
      if (text === undefined) return;
      while (args.length <= positions[i]) args.push('');
      args[positions[i]] = text;
    });
    result = result.slice(0, call.start) + args.join(',') + result.slice(call.end);
  }
  return result;
}

/** `CLIMATE.FN(organization, …middle, website, country)`, trailing empty arguments left out. */
export function callText(fn: string, args: ArgumentTexts, middle: readonly string[] = []): string {
  const list = [args.organization, ...middle, args.website, args.country];
  while (list.length > 1 && list[list.length - 1] === '') list.pop();
  return `CLIMATE.${fn}(${list.join(',')})`;
}

/** A dot reference to a field of a card: `E3.Score`, `'Q3'!$E$3.[Industry rank]`, `[@Organization].Score`. */
export interface FieldReference {
  /** The card cell's reference as typed: A1 (`E3`, `'Q3'!$E$3`) or this-row structured (`[@Organization]`). */
  reference: string;
  /** The field's name as typed, brackets removed: `Score`, `Industry rank`. */
  field: string;
}

/** A table's name (optional) and one bracketed specifier, nested once: `[@Org]`, `T[[#This Row],[Org]]`. */
const TABLE_REFERENCE = '(?:[\\p{L}_\\\\][\\p{L}\\p{N}_.\\\\]*)?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]';

const FIELD_REFERENCE = new RegExp(
  `(?<![\\w.$'!\\]])(${SHEET_PART}${CELL_PART}|${TABLE_REFERENCE})\\.(\\[[^\\]]+\\]|[A-Za-z_][A-Za-z0-9_]*)`,
  'gu',
);

/** The dot references of a formula (outside string literals), read from the formula as typed. */
export function fieldReferences(formula: string): FieldReference[] {
  return [...masked(formula).matchAll(FIELD_REFERENCE)].map((match) => {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    return {
      reference: formula.slice(start, start + match[1].length),
      field: formula
        .slice(end - match[5].length, end)
        .replace(/^\[(.*)\]$/, '$1')
        .trim(),
    };
  });
}
