/**
 * What a sheet's CLIMATE rows show, read from the workbook's cells (pure: the grid is read by
 * sheet/read.ts), so two readings months and computers apart can be compared (rowChanges.ts). Both
 * layouts: formula columns (SCORE, FLAG, PROFILE's ranks, MATCH, LINK) and CLIMATE.ORG cards with their
 * dot fields (`=E3.Score`). A row is the organization its formulas name; what it shows comes from the
 * cells' values, and, where the host hands values as JSON (ExcelApi 1.16), from the card's text (the
 * matched organization's name) and properties (the profile link and the As of) and from MATCH's
 * Matched organization. Nothing read is trusted: a link is kept
 * only when it passes the profile-link rule, a number only when finite, a date only when it is one.
 */
import { FLAG_KEYS, type FlagKey } from '../../functions/arguments/initiatives';
import { AS_OF_KEY, entityField } from '../../functions/results/entityFields';
import { FIELD_HEADER } from '../../functions/results/valueCards';
import { profileLinkOrNull } from '../../service/profileLink';
import { INITIATIVE_KEYS, type InitiativeKey } from '../../service/types';
import { rowOrganization, readCell } from '../sheet/climateCells';
import type { CellGrid } from '../sheet/grid';
import { jsonAt, propertyOf, shownAt, type Plain } from '../sheet/shownValues';
import { outputOf } from '../sheet/outputs';
import type { RankField, ShownRow } from './rowChanges';

/** What one reading of a sheet gives: its rows, and the latest As of its cards showed. */
export interface SheetReading {
  rows: ShownRow[];
  /** The latest "As of" a card of the rows showed (ms since 1970); null when no card carries one. */
  asOf: number | null;
}

const RANKS: readonly RankField[] = ['rank', 'industry_rank', 'region_rank'];
const INITIATIVES: ReadonlySet<string> = new Set(INITIATIVE_KEYS);
/** The card property of a field, by its key: the names the card is built with (entityFields.ts). */
const property = (key: string): string => entityField(key)!.property;

/** Excel's date serial (days since 1899-12-30, local time) as ms since 1970; null for anything not a date. */
function fromExcelDate(serial: unknown): number | null {
  if (typeof serial !== 'number' || !Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const local = (serial - 25_569) * 86_400_000;
  return local + new Date(local).getTimezoneOffset() * 60_000;
}

const text = (value: Plain): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** The text a card shows in its cell, as the host handed it. */
const cardName = (card: unknown): string | null =>
  typeof card === 'object' && card !== null ? text((card as { text?: unknown }).text as Plain) : null;

/** One row under construction: what its cells showed so far, left to right. */
interface Seen {
  score: number | null;
  ranks: Partial<Record<RankField, string>>;
  initiatives: Partial<Record<InitiativeKey, boolean>>;
  matchedName: string | null;
  link: string | null;
  asOf: number | null;
}

/** What a card (CLIMATE.ORG's entity) shows, read from its properties. */
function readCard(card: unknown, seen: Seen, scoreMax: number): void {
  const score = propertyOf(card, property('score'));
  if (typeof score === 'number') seen.score ??= (score * 100) / scoreMax;
  for (const flag of FLAG_KEYS) {
    const value = propertyOf(card, property(flag));
    if (INITIATIVES.has(flag) && typeof value === 'boolean') seen.initiatives[flag as InitiativeKey] ??= value;
  }
  for (const rank of RANKS) {
    const value = text(propertyOf(card, property(rank)));
    if (value !== null) seen.ranks[rank] ??= value;
  }
  const link = profileLinkOrNull(text(propertyOf(card, property('link'))));
  // The card's text is the matched organization's name where there is one (its profile link says so).
  if (link !== null) seen.matchedName ??= cardName(card);
  seen.link ??= link;
  seen.asOf ??= fromExcelDate(propertyOf(card, property(AS_OF_KEY)));
}

/** The row's reading and its card's As of: null for a row whose formulas name no organization. */
function readRow(grid: CellGrid, row: number, scoreMax: number): { shown: ShownRow; asOf: number | null } | null {
  const named = rowOrganization(grid, row)?.organization;
  const organization = typeof named === 'number' ? String(named) : text(named ?? null);
  if (organization === null) return null;
  const seen: Seen = { score: null, ranks: {}, initiatives: {}, matchedName: null, link: null, asOf: null };
  let climate = false;
  const width = grid.formulas[row - grid.rowIndex]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    const column = grid.columnIndex + c;
    for (const reading of readCell(grid, row, column)) {
      climate = true;
      if (reading.fn === 'ORG' && reading.field === null) {
        readCard(jsonAt(grid, row, column), seen, scoreMax);
        continue;
      }
      const output = outputOf(reading);
      const value = shownAt(grid, row, column);
      const json = jsonAt(grid, row, column);
      if (output === 'score' && typeof value === 'number') {
        seen.score ??= (value * 100) / scoreMax;
        seen.link ??= profileLinkOrNull(text(propertyOf(json, property('link'))));
      } else if (output === 'match') {
        seen.matchedName ??= text(propertyOf(json, FIELD_HEADER.matched_name));
      } else if (output?.startsWith('flag:')) {
        const flag = output.slice('flag:'.length) as FlagKey;
        if (INITIATIVES.has(flag) && typeof value === 'boolean') seen.initiatives[flag as InitiativeKey] ??= value;
        seen.link ??= profileLinkOrNull(text(propertyOf(json, property('link'))));
      } else if (output?.startsWith('profile:')) {
        const rank = output.slice('profile:'.length) as RankField;
        if (RANKS.includes(rank) && text(value) !== null) seen.ranks[rank] ??= value as string;
      }
    }
  }
  if (!climate) return null;
  const score = seen.score === null ? null : Math.round(seen.score * 10) / 10;
  const { ranks, initiatives, matchedName, link } = seen;
  const profiled = score !== null || Object.keys(initiatives).length > 0;
  return {
    shown: { organization, row, matchedId: null, matchedName, link, score, ranks, profiled, initiatives },
    asOf: seen.asOf,
  };
}

/**
 * What the CLIMATE rows of `grid` show. `scoreMax`: the top of the scale the cells show scores on (100,
 * or 1 for the raw 0-1 scale), so a reading on either scale compares on 0-100.
 */
export function shownRows(grid: CellGrid, scoreMax: number): SheetReading {
  const rows: ShownRow[] = [];
  let asOf: number | null = null;
  for (let r = 0; r < grid.formulas.length; r++) {
    const read = readRow(grid, grid.rowIndex + r, scoreMax);
    if (read === null) continue;
    rows.push(read.shown);
    if (read.asOf !== null) asOf = Math.max(asOf ?? read.asOf, read.asOf);
  }
  return { rows, asOf };
}
