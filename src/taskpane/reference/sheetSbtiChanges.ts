/**
 * SBTi changes for this sheet's suppliers, pure: which entries of the service's SBTi changes feed
 * (`/sbti_companies/changes?since=`, the whole dataset) concern a supplier of the sheet, and what each
 * means for it. A supplier the sheet names by ISIN or LEI is matched by that identifier only (the feed
 * carries the company's ISIN; its LEI comes from the company's SBTi entry); any other supplier by the
 * organization its cells matched, compared as names are (legal forms, case and accents aside: the
 * dataset writes some names its own way). A status change says what happened: a commitment removed,
 * targets set, targets expired, a new commitment, or the company gone from the SBTi list (a status
 * emptied); never "no data" for a removal. Other fields (classification, target year, net zero) are
 * details of the same entry. The suppliers with no change are told apart by the SBTi flag the sheet
 * already shows for them (never one request each): in the list with a commitment or targets (TRUE), not
 * (FALSE: never listed, or listed with a commitment removed or expired before the date), or unknown (no
 * flag shown, or no organization matched to look for in the feed).
 */
import { normalizeName } from '../../functions/results/nameMatch';
import type { SbtiChange } from '../../service/types';

/** A supplier of the sheet: the organization as its formulas name it. */
export interface SheetSupplier {
  /** As the sheet names it (normalized as the functions read it). */
  label: string;
  /** The identifier the sheet names it by, when it is one of these. */
  isin: string | null;
  lei: string | null;
  /** The organization the service matched for it; null when not known. */
  matchedName: string | null;
  /** The SBTi flag the sheet shows for it (a FLAG column, a card's SBTi field); null where it shows none. */
  sbti: boolean | null;
}

/** What a change means for the supplier; `detail` for a field that is not a target status. */
export type SbtiOutcome =
  'commitment removed' | 'targets expired' | 'not in the SBTi list' | 'targets set' | 'committed' | 'detail';

/** The order the list and its counts give outcomes in: what the analyst must act on first. */
export const SBTI_OUTCOMES: readonly SbtiOutcome[] = [
  'commitment removed',
  'targets expired',
  'not in the SBTi list',
  'targets set',
  'committed',
  'detail',
];

/** The feed's fields that are a target status (the rest qualify a target). */
const STATUS_FIELDS: ReadonlySet<string> = new Set(['near_term_target_status', 'long_term_target_status']);

/** What one change of the feed means. The dataset's words are matched loosely: its spelling varies by snapshot. */
export function outcomeOf(change: SbtiChange): SbtiOutcome {
  if (!STATUS_FIELDS.has(change.field ?? '')) return 'detail';
  const value = (change.new_value ?? '').trim().toLowerCase();
  if (value === '') return 'not in the SBTi list';
  if (value.includes('removed')) return 'commitment removed';
  if (value.includes('expired')) return 'targets expired';
  if (/^targets? set/.test(value)) return 'targets set';
  if (value.startsWith('committed')) return 'committed';
  return 'detail';
}

export interface SupplierSbtiChanges {
  supplier: SheetSupplier;
  matchedBy: 'isin' | 'lei' | 'name';
  /** What its latest status change says; `detail` when only details changed. */
  outcome: SbtiOutcome;
  /** Its changes, newest first, each with what it means. */
  changes: Array<{ change: SbtiChange; outcome: SbtiOutcome }>;
}

export interface SheetSbtiReport {
  /** The suppliers with changes, by outcome (SBTI_OUTCOMES order), then as the sheet lists them. */
  suppliers: SupplierSbtiChanges[];
  /** Suppliers per outcome, every outcome present (0 when none). */
  counts: Record<SbtiOutcome, number>;
  /** The sheet's suppliers looked at. */
  looked: number;
  /** The suppliers without a change (each once, as the sheet lists them), by the SBTi flag the sheet shows. */
  unchanged: UnchangedSuppliers;
}

export interface UnchangedSuppliers {
  /** In the SBTi list with a commitment or targets: the sheet's flag is TRUE. */
  listed: SheetSupplier[];
  /** Not in the SBTi list with a commitment or targets: the sheet's flag is FALSE. */
  notListed: SheetSupplier[];
  /** No flag on the sheet, or no matched organization to look for in the feed: not guessed. */
  unknown: SheetSupplier[];
}

const upper = (text: string | null): string | null => (text ? text.trim().toUpperCase() : null);
const newestFirst = (a: SbtiChange, b: SbtiChange): number =>
  (b.changed_at ?? '').localeCompare(a.changed_at ?? '') || b.id - a.id;

/**
 * The feed's changes that concern `suppliers`. `leiOf`: the LEI of the company a change is about
 * (from its SBTi entry), or null; asked only for suppliers the sheet names by LEI.
 */
export function sheetSbtiChanges(
  suppliers: readonly SheetSupplier[],
  changes: readonly SbtiChange[],
  leiOf: (change: SbtiChange) => string | null = () => null,
): SheetSbtiReport {
  // One supplier per identifier or name: rows naming one organization in different words are listed once.
  const byIsin = new Map<string, number>();
  const byLei = new Map<string, number>();
  const byName = new Map<string, number>();
  const add = (map: Map<string, number>, key: string | null, index: number) => {
    if (key && !map.has(key)) map.set(key, index);
  };
  suppliers.forEach((supplier, index) => {
    if (supplier.isin || supplier.lei) {
      add(byIsin, upper(supplier.isin), index);
      add(byLei, upper(supplier.lei), index);
    } else if (supplier.matchedName) add(byName, normalizeName(supplier.matchedName), index);
  });
  // Where each supplier is looked for: the first supplier of its identifier or name; itself when it has none.
  const home = suppliers.map((supplier, index) =>
    supplier.isin || supplier.lei
      ? (byIsin.get(upper(supplier.isin) ?? '') ?? byLei.get(upper(supplier.lei) ?? '') ?? index)
      : supplier.matchedName
        ? (byName.get(normalizeName(supplier.matchedName)) ?? index)
        : index,
  );
  const found = new Map<number, SupplierSbtiChanges>();
  const note = (index: number, matchedBy: SupplierSbtiChanges['matchedBy'], change: SbtiChange) => {
    let entry = found.get(index);
    if (!entry) found.set(index, (entry = { supplier: suppliers[index], matchedBy, outcome: 'detail', changes: [] }));
    if (!entry.changes.some((each) => each.change.id === change.id))
      entry.changes.push({ change, outcome: outcomeOf(change) });
  };
  const each = (index: number | undefined, matchedBy: SupplierSbtiChanges['matchedBy'], change: SbtiChange) => {
    if (index !== undefined) note(index, matchedBy, change);
  };
  for (const change of changes) {
    each(byIsin.get(upper(change.isin) ?? ''), 'isin', change);
    if (byLei.size > 0) each(byLei.get(upper(leiOf(change)) ?? ''), 'lei', change);
    if (change.company_name) each(byName.get(normalizeName(change.company_name)), 'name', change);
  }
  const listed = [...found.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
  for (const entry of listed) {
    entry.changes.sort((a, b) => newestFirst(a.change, b.change));
    entry.outcome = entry.changes.find((each) => each.outcome !== 'detail')?.outcome ?? 'detail';
  }
  const rank = (entry: SupplierSbtiChanges) => SBTI_OUTCOMES.indexOf(entry.outcome);
  const counts = Object.fromEntries(SBTI_OUTCOMES.map((outcome) => [outcome, 0])) as Record<SbtiOutcome, number>;
  for (const entry of listed) counts[entry.outcome] += 1;
  return {
    suppliers: listed.sort((a, b) => rank(a) - rank(b)), // stable: the sheet's order within an outcome
    counts,
    looked: suppliers.length,
    unchanged: unchangedOf(suppliers, home, found),
  };
}

/** The suppliers `found` has no change for, each once, by the flag the sheet shows. */
function unchangedOf(
  suppliers: readonly SheetSupplier[],
  home: readonly number[],
  found: ReadonlyMap<number, unknown>,
): UnchangedSuppliers {
  const unchanged: UnchangedSuppliers = { listed: [], notListed: [], unknown: [] };
  suppliers.forEach((supplier, index) => {
    if (home[index] !== index || found.has(index)) return; // listed with its changes, or as another row
    const matchable = Boolean(supplier.isin || supplier.lei || supplier.matchedName);
    const group = !matchable || supplier.sbti === null ? 'unknown' : supplier.sbti ? 'listed' : 'notListed';
    unchanged[group].push(supplier);
  });
  return unchanged;
}
