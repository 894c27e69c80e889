/**
 * What "Score a column" can write: one column per output, each a CLIMATE formula. The catalogue keeps
 * the header a person reads next to the formula that fills the column, so the plan and the checkboxes
 * of the pane come from one list.
 */
import { FLAG_KEYS, FLAG_LABELS, type FlagKey } from '../../functions/initiatives';

/** CLIMATE.PROFILE mnemonics the ranks, the percentile and the industry mean are read with (one value each). */
export type ProfileField = 'rank' | 'industry_rank' | 'region_rank' | 'percentile' | 'industry_mean';

export type OutputKey = 'score' | 'match' | `flag:${FlagKey}` | `profile:${ProfileField}` | 'link';

/** How a column's formula is built from the row's arguments (`$A2`, `$B2`, `$C2` or empty). */
export type OutputFormula =
  | { fn: 'SCORE' }
  | { fn: 'MATCH' }
  | { fn: 'FLAG'; initiative: FlagKey }
  | { fn: 'PROFILE'; field: ProfileField }
  | { fn: 'LINK' };

export interface OutputDefinition {
  key: OutputKey;
  header: string;
  formula: OutputFormula;
}

const PROFILE_OUTPUTS: Array<[ProfileField, string]> = [
  ['rank', 'Rank'],
  ['industry_rank', 'Industry rank'],
  ['region_rank', 'Region rank'],
  ['percentile', 'Industry percentile'],
  ['industry_mean', 'Industry mean score'],
];

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

export function outputDefinition(key: OutputKey): OutputDefinition {
  const found = OUTPUTS.find((output) => output.key === key);
  if (!found) throw new Error(`Unknown output "${key}".`);
  return found;
}

export function isOutputKey(value: string): value is OutputKey {
  return OUTPUTS.some((output) => output.key === value);
}
