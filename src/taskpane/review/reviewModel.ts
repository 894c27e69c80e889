/**
 * The match review, pure part: how each row of a block of CLIMATE formulas ends (a match verdict, or
 * pending / no value / error as its cells show: common/outcome.ts), the counts per verdict, the filter and the page of
 * rows shown (the sheet marks the same rows: common/reviewMark.ts). The verdict is the one CLIMATE.MATCH
 * shows, read from the engine's record (no request when the cells asked).
 */
import { acceptedWithFile, isAcceptedMatch } from '../../functions/results/acceptedMatches';
import { matchInputOf, readMatch, SETTLED_VERDICTS, type MatchReading } from '../../functions/results/nameMatch';
import { parseOrganization } from '../../functions/arguments/organizationArgument';
import type { Engine } from '../../engine';
import { t } from '../../i18n/translate';
import type { OrganizationArgs } from '../sheet/climateCells';
import { failedRow, type FailedRow } from '../common/outcome';
import { messageOf } from '../ui/view';

/** How a row ends when it has no verdict: as its SCORE cell shows it. */
export type RowState = 'pending' | FailedRow;
const ROW_STATES: readonly RowState[] = ['pending', 'no value', 'error'];

export interface ReviewEntry {
  /** 0-based sheet row. */
  row: number;
  args: OrganizationArgs;
  /** The organization as MATCH reads it (the argument's text), or the cell's text when unreadable. */
  input: string;
  reading: MatchReading | null;
  state: RowState | null;
  /** Why a row is pending, has no value or is an error. */
  message: string | null;
  /** Its `accepted` verdict came with the file, not from this person (acceptedWithFile): to review. */
  acceptedWithFile: boolean;
}

/** The review's word for an `accepted` verdict that came with the file. */
export const ACCEPTED_WITH_FILE = 'accepted with the file';

export const PAGE_SIZE = 20;
export const TO_REVIEW = 'to review';
export const ALL = 'all';

/** "Row 12": how the pane names a row of the sheet. */
export const rowLabel = (entry: ReviewEntry): string => t('review.row', { row: String(entry.row + 1) });

export function verdictOf(entry: ReviewEntry): string {
  if (entry.acceptedWithFile) return ACCEPTED_WITH_FILE;
  return entry.reading?.verdict ?? entry.state ?? 'error';
}

/** A verdict the review lists and the sheet marks: a name that did not agree, or a related organization. */
export function needsReview(verdict: string): boolean {
  return !SETTLED_VERDICTS.includes(verdict) && !ROW_STATES.includes(verdict as RowState);
}

/** One row's verdict, from the engine's record for the organization its formulas ask for. */
export async function assessRow(
  engine: Pick<Engine, 'organization'>,
  row: number,
  args: OrganizationArgs,
): Promise<ReviewEntry> {
  const entry: ReviewEntry = {
    row,
    args,
    input: String(args.organization ?? ''),
    reading: null,
    state: null,
    message: null,
    acceptedWithFile: false,
  };
  try {
    const argument = parseOrganization(args.organization, args.website, args.country);
    entry.input = argument.text;
    const outcome = await engine.organization(argument.query);
    if (outcome.state === 'pending') {
      entry.state = 'pending';
      entry.message = t('review.profiling', { status: outcome.record.status ?? 'pending' });
    } else {
      const reading = readMatch(matchInputOf(argument), outcome.record, isAcceptedMatch);
      entry.reading = reading;
      entry.acceptedWithFile =
        reading.verdict === 'accepted' &&
        reading.matchedId !== null &&
        acceptedWithFile(entry.input, reading.matchedId);
    }
  } catch (error) {
    entry.state = failedRow(error);
    entry.message = messageOf(error);
  }
  return entry;
}

/** Count per verdict, most frequent first. */
export function countVerdicts(entries: readonly ReviewEntry[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(verdictOf(entry), (counts.get(verdictOf(entry)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The rows a filter shows: `to review`, `all`, or one verdict; in sheet order. */
export function filterEntries(entries: readonly ReviewEntry[], filter: string): ReviewEntry[] {
  if (filter === ALL) return [...entries];
  if (filter === TO_REVIEW) return entries.filter((entry) => needsReview(verdictOf(entry)));
  return entries.filter((entry) => verdictOf(entry) === filter);
}

/** Page `index` (0-based, clamped) of a list, and how many pages there are. */
export function pageOf<T>(items: readonly T[], index: number): { items: T[]; index: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const at = Math.min(Math.max(0, index), pages - 1);
  return { items: items.slice(at * PAGE_SIZE, (at + 1) * PAGE_SIZE), index: at, pages };
}
