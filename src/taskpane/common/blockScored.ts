/**
 * "A block was scored": what Score a column hands the other sections once its formulas are written.
 * Review matches reads the block's rows, the Climate summary its layout, Activity the organizations
 * still profiling. The one shape of a scored block's layout is here too: the summary reads it, and a
 * selected block typed by hand is recognised into it (summary/summaryBlock.ts).
 */
import type { FlagKey } from '../../functions/arguments/initiatives';
import type { SheetRange } from '../sheet/grid';
import type { ColumnOption } from '../sheet/selectionModel';

/** Where a scored block's parts are, as 0-based sheet rows and columns. */
export interface BlockLayout {
  sheet: string;
  firstRow: number;
  lastRow: number;
  nameColumn: number;
  websiteColumn: number | null;
  countryColumn: number | null;
  scoreColumn: number;
  flags: Array<{ initiative: FlagKey; column: number }>;
  industryMeanColumn: number | null;
  spendColumn: number | null;
}

export interface BlockScored {
  /** The rows and the new formula columns: what Review matches reads. */
  range: SheetRange;
  /** Names, scores, flags and spend: what the Climate summary reads; null without a score column. */
  layout: BlockLayout | null;
  /** The sheet's other columns, for the summary's spend picker. */
  columns: readonly ColumnOption[];
}

/** An organization still profiling after a scoring run, for the Activity list. */
export interface ProfilingEntry {
  id: number;
  name: string;
  status: string;
}
