/**
 * What "Score a column" can write: one column per output, each a CLIMATE formula. The catalogue keeps
 * the header a person reads next to the formula that fills the column, so the plan and the checkboxes
 * of the pane come from one list; and it says which output a formula read back shows (a call, or a
 * field of a card), so that a block typed by hand is understood like one the pane wrote. Headers and
 * the links' words are in the person's language (initiatives keep their own names); nothing reads a
 * block by them but the attribution check, which knows them in every language.
 */
import { parseFields } from '../../functions/results/fields';
import { FLAG_KEYS, FLAG_LABELS, findFlag, type FlagKey } from '../../functions/arguments/initiatives';
import type { CellReading } from './climateCells';
import { callText, literal, unquote, type ArgumentTexts } from './formulas';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { currentLanguage, t, type MessageKey } from '../../i18n/translate';

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
  /** The column's header in `language` (the person's by default). */
  header(language?: Language): string;
  formula: OutputFormula;
}

/** A header from the messages, in the person's language unless another is asked for. */
const worded =
  (key: MessageKey) =>
  (language: Language = currentLanguage()): string =>
    t(key, undefined, language);

const PROFILE_OUTPUTS: Array<[ProfileColumn, MessageKey]> = [
  ['rank', 'sheet.header.rank'],
  ['industry_rank', 'sheet.header.industryRank'],
  ['region_rank', 'sheet.header.regionRank'],
  ['percentile', 'sheet.header.percentile'],
  ['industry_mean', 'sheet.header.industryMean'],
];

/** What every profile link cell shows, in both layouts: a formula's text literal. */
export const linkText = (): string => literal(t('sheet.linkText'));

/** Every output, in the order columns are written. */
export const OUTPUTS: readonly OutputDefinition[] = [
  { key: 'score', header: worded('sheet.header.score'), formula: { fn: 'SCORE' } },
  // The row's match verdict: what the review and the conditional format read.
  { key: 'match', header: worded('sheet.header.match'), formula: { fn: 'MATCH' } },
  ...FLAG_KEYS.map((flag): OutputDefinition => ({
    key: `flag:${flag}`,
    header: () => FLAG_LABELS[flag],
    formula: { fn: 'FLAG', initiative: flag },
  })),
  ...PROFILE_OUTPUTS.map(([field, key]): OutputDefinition => ({
    key: `profile:${field}`,
    header: worded(key),
    formula: { fn: 'PROFILE', field },
  })),
  // The link column is the per-row profile hyperlink that the licence asks for next to every score.
  { key: 'link', header: worded('sheet.header.link'), formula: { fn: 'LINK' } },
];

/** The header of the card layout's CLIMATE.ORG column. */
export const orgHeader = worded('sheet.header.organization');

/** Every header in every language: a sheet written in German Excel is checked in Japanese Excel too. */
let headers: ReadonlySet<string> | null = null;

/** A header Score a column writes over a column of its block (the attribution check knows the block by it). */
export function isOutputHeader(text: string): boolean {
  headers ??= new Set(
    LANGUAGES.flatMap((language) => [orgHeader(language), ...OUTPUTS.map((output) => output.header(language))]),
  );
  return headers.has(text);
}

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
      return `=HYPERLINK(${callText('LINK', args)},${linkText()})`;
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
