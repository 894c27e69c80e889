/**
 * What changed between two readings of a sheet's CLIMATE rows (before a refresh and after it, read
 * from the workbook, so the two may be months and computers apart): initiatives gained or lost,
 * scores moved past a threshold, ranks changed, profiles finished, and rows now matched to another
 * organization (to review). Pure: the pane reads the rows (either layout) and writes the Changes
 * sheet; this only compares.
 */
import { FLAG_LABELS } from '../../functions/arguments/initiatives';
import { INITIATIVE_KEYS, type InitiativeKey } from '../../service/types';

/** A score move counts when it is larger than this many points (0-100), unless the user sets another. */
export const DEFAULT_SCORE_THRESHOLD = 5;

/** What a row's CLIMATE cells showed at one moment; null where a cell showed nothing readable. */
export interface ShownRow {
  /** The organization as the row names it: rows of the two readings are paired by it. */
  organization: string;
  /** The sheet row it was read from (0-based): where Review matches finds a row to check. */
  row: number;
  /** The matched organization's id and name, as the card or the match column showed them. */
  matchedId: number | null;
  matchedName: string | null;
  /** The profile link the row showed (already checked by whoever read it). */
  link: string | null;
  /** On the 0-100 scale, whatever scale the cells show. */
  score: number | null;
  ranks: Partial<Record<RankField, string>>;
  /** Whether the profile was ready (a score, or a card's status synced) rather than still being built. */
  profiled: boolean;
  /** Only the initiatives the row showed: one left out (Summary format, no column) is not a change. */
  initiatives: Partial<Record<InitiativeKey, boolean>>;
}

export type RankField = 'rank' | 'industry_rank' | 'region_rank';
const RANK_LABELS: Record<RankField, string> = {
  rank: 'Rank',
  industry_rank: 'Industry rank',
  region_rank: 'Region rank',
};

export type ChangeKind =
  | 'initiative gained'
  | 'initiative lost'
  | 'score moved'
  | 'rank changed'
  | 'profile finished'
  | 'matched another organization';

/** The order the report and the Changes sheet list kinds in: what needs a person first. */
export const CHANGE_KINDS: readonly ChangeKind[] = [
  'matched another organization',
  'initiative lost',
  'initiative gained',
  'score moved',
  'rank changed',
  'profile finished',
];

export interface RowChange {
  organization: string;
  /** The sheet row (0-based) that shows it now. */
  row: number;
  kind: ChangeKind;
  /** What changed, as a person reads it: "SBTi", "Score", "Industry rank", "Match". */
  what: string;
  /** Which field changed, language-independent: an initiative's key, a rank field, `score`, `match` or `profile`. */
  field: InitiativeKey | RankField | 'score' | 'match' | 'profile';
  before: string | number | boolean | null;
  after: string | number | boolean | null;
  /** The profile the row links to now. */
  link: string | null;
  /** A row now matched to another organization: its values are another company's until checked. */
  review: boolean;
}

export interface ChangeReport {
  changes: RowChange[];
  /** Changes of each kind, every kind present (0 when none). */
  counts: Record<ChangeKind, number>;
  /** Organizations with at least one change. */
  organizations: number;
  /** Organizations found in both readings (compared). */
  compared: number;
}

/** The key rows are paired by: the organization as written, ignoring case and surrounding spaces. */
const keyOf = (row: ShownRow): string => row.organization.trim().toLocaleLowerCase();

/**
 * The changes from `before` to `after`. A row is paired with the first row of the other reading that
 * names the same organization (a sheet naming it twice reports it once); rows in only one reading are
 * not changes. `threshold`: points (0-100) a score must move by, strictly more, to be reported.
 */
export function compareRows(
  before: readonly ShownRow[],
  after: readonly ShownRow[],
  threshold = DEFAULT_SCORE_THRESHOLD,
): ChangeReport {
  if (!Number.isFinite(threshold) || threshold < 0) throw new RangeError('The score threshold is points >= 0');
  const earlier = new Map<string, ShownRow>();
  for (const row of before) if (!earlier.has(keyOf(row))) earlier.set(keyOf(row), row);
  const seen = new Set<string>();
  const changes: RowChange[] = [];
  for (const now of after) {
    const key = keyOf(now);
    const was = earlier.get(key);
    if (was === undefined || seen.has(key)) continue;
    seen.add(key);
    changes.push(...rowChanges(was, now, threshold));
  }
  changes.sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind));
  const counts = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const change of changes) counts[change.kind] += 1;
  return { changes, counts, organizations: new Set(changes.map((c) => c.organization)).size, compared: seen.size };
}

function rowChanges(was: ShownRow, now: ShownRow, threshold: number): RowChange[] {
  const change = (
    kind: ChangeKind,
    field: RowChange['field'],
    what: string,
    before: RowChange['before'],
    after: RowChange['after'],
  ): RowChange => ({
    organization: now.organization,
    row: now.row,
    kind,
    what,
    field,
    before,
    after,
    link: now.link,
    review: kind === 'matched another organization',
  });
  // Another organization's figures are not a change of this one's: the match is all there is to say.
  // Told by the matched id, else the matched name, else the profile link (a sheet's formula columns
  // show no name; their cards carry the link where the host hands values as JSON).
  const both = <T>(a: T | null, b: T | null): boolean => a !== null && b !== null;
  const otherMatch = both(was.matchedId, now.matchedId)
    ? was.matchedId !== now.matchedId
    : both(was.matchedName, now.matchedName)
      ? was.matchedName !== now.matchedName
      : both(was.link, now.link) && was.link !== now.link;
  if (otherMatch) {
    const [before, after] = both(was.matchedName, now.matchedName)
      ? [was.matchedName, now.matchedName]
      : [was.link, now.link];
    return [change('matched another organization', 'match', 'Match', before, after)];
  }
  if (!was.profiled && now.profiled) return [change('profile finished', 'profile', 'Profile', null, now.score)];
  if (!was.profiled || !now.profiled) return [];
  const out: RowChange[] = [];
  for (const key of INITIATIVE_KEYS) {
    const [before, after] = [was.initiatives[key], now.initiatives[key]];
    if (before === undefined || after === undefined || before === after) continue;
    out.push(change(after ? 'initiative gained' : 'initiative lost', key, FLAG_LABELS[key], before, after));
  }
  // Compared to the tenth of a point the cells show, so float noise cannot pass the threshold.
  if (was.score !== null && now.score !== null && Math.round(Math.abs(now.score - was.score) * 10) > threshold * 10)
    out.push(change('score moved', 'score', 'Score', was.score, now.score));
  for (const field of Object.keys(RANK_LABELS) as RankField[]) {
    const [before, after] = [was.ranks[field], now.ranks[field]];
    if (before !== undefined && after !== undefined && before !== after)
      out.push(change('rank changed', field, RANK_LABELS[field], before, after));
  }
  return out;
}
