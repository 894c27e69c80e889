/**
 * "Check the match": the rows a refresh found matched to another organization, on one sheet. What the
 * report of a refresh (changes/) hands Review matches (review/), which lists exactly these rows.
 */
export interface RowsToCheck {
  sheet: string;
  /** 0-based sheet rows, in sheet order, each once. */
  rows: readonly number[];
}
