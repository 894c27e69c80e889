/**
 * What "Score a column" can write: one column per output, each a CLIMATE formula. The catalogue keeps
 * the header a person reads next to the formula that fills the column, so the plan and the checkboxes
 * of the pane come from one list; and it says which output a formula read back shows (a call, or a
 * field of a card), so that a block typed by hand is understood like one the pane wrote.
 */
import { parseFields } from '../../functions/results/fields';
import { FLAG_KEYS, FLAG_LABELS, findFlag, type FlagKey } from '../../functions/arguments/initiatives';
import type { CellReading } from './climateCells';
import { callText, literal, unquote, type ArgumentTexts } from './formulas';

/** The CLIMATE.PROFILE mnemonics a column of ranks, the percentile or the industry mean is read with. */
export type ProfileColumn = 'rank' | 'industry_rank' | 'region_rank' | 'percentile' | 'industry_mean';

export type OutputKey = 'score' | 'match' | `flag:${FlagKey}` | `profile:${ProfileColumn}` | 'link';

/** How a column's formula is built from the row's arguments (`$A2`, `$B2`, `$C2` or empty). */
export type OutputFormula =
  | { fn: 'SCORE' }
  | { fn: 'MATCH' }
  | { fn: 'FLAG'; initiative: FlagKey }
  | { fn: 'PROFILE'; field: ProfileColumn }
  | { fn: 'LINK' };

export interface OutputDefinition {
  key: OutputKey;
  header: string;
  formula: OutputFormula;
}

const PROFILE_OUTPUTS: Array<[ProfileColumn, string]> = [
  ['rank', 'Rank'],
  ['industry_rank', 'Industry rank'],
  ['region_rank', 'Region rank'],
  ['percentile', 'Industry percentile'],
  ['industry_mean', 'Industry mean score'],
];

/** What every profile link cell shows, in both layouts. */
export const LINK_TEXT = literal('Profile');

/** Every output, in the order columns are written. */
export const OUTPUTS: readonly OutputDefinition[] = [
  { key: 'score', header: 'Climate score', formula: { fn: 'SCORE' } },
  // The row's match verdict: what the review and the conditional format read.
  { key: 'match', header: 'Match', formula: { fn: 'MATCH' } },
  ...FLAG_KEYS.map((flag): OutputDefinition => ({
    key: `flag:${flag}`,
    header: FLAG_LABELS[flag],
    formula: { fn: 'FLAG', initiative: flag },
  })),
  ...PROFILE_OUTPUTS.map(([field, header]): OutputDefinition => ({
    key: `profile:${field}`,
    header,
    formula: { fn: 'PROFILE', field },
  })),
  // The link column is the per-row profile hyperlink that the licence asks for next to every score.
  { key: 'link', header: 'Profile', formula: { fn: 'LINK' } },
];

/** The header of the card layout's CLIMATE.ORG column. */
export const ORG_HEADER = 'Organization';

const HEADERS = new Set([ORG_HEADER, ...OUTPUTS.map((output) => output.header)]);

/** A header Score a column writes over a column of its block (the attribution check knows the block by it). */
export const isOutputHeader = (text: string): boolean => HEADERS.has(text);

/** The formula of one output for one row, e.g. `=CLIMATE.FLAG($A2,"sbti",$B2)`. */
export function formulaFor(formula: OutputFormula, args: ArgumentTexts): string {
  switch (formula.fn) {
    case 'SCORE':
    case 'MATCH':
      return `=${callText(formula.fn, args)}`;
    case 'FLAG':
      return `=${callText('FLAG', args, [literal(formula.initiative)])}`;
    case 'PROFILE':
      return `=${callText('PROFILE', args, [literal(formula.field)])}`;
    case 'LINK':
      return `=HYPERLINK(${callText('LINK', args)},${LINK_TEXT})`;
  }
}

const PROFILE_COLUMNS = new Set<string>(PROFILE_OUTPUTS.map(([field]) => field));
const FIELD_OUTPUTS = new Set<string>(['score', 'match', 'link']);

/** The output a field name stands for, as CLIMATE.PROFILE reads names (`Industry rank`, `SBTi`, `score`). */
function fieldOutput(name: string): OutputKey | null {
  let key: string;
  try {
    const fields = parseFields(name);
    if (fields?.length !== 1) return null;
    key = fields[0].key;
  } catch {
    return null; // not a field's name
  }
  if (FIELD_OUTPUTS.has(key)) return key as OutputKey;
  if (PROFILE_COLUMNS.has(key)) return `profile:${key as ProfileColumn}`;
  const flag = findFlag(key);
  return flag === null ? null : `flag:${flag}`;
}

/** Which output a reading shows: a call's, or a card field's; null for anything else. */
export function outputOf(reading: CellReading): OutputKey | null {
  const args = reading.args ?? [];
  switch (reading.fn) {
    case 'SCORE':
    case 'MATCH':
    case 'LINK':
      return reading.field === null ? (reading.fn.toLowerCase() as OutputKey) : null;
    case 'FLAG': {
      const flag = findFlag(unquote(args[1]) ?? '');
      return flag === null ? null : `flag:${flag}`;
    }
    case 'PROFILE':
      return fieldOutput(unquote(args[1]) ?? '');
    case 'ORG':
      return reading.field === null ? null : fieldOutput(reading.field);
    default:
      return null;
  }
}
