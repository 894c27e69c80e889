/**
 * "SBTi changes for this sheet's suppliers", in the reference section: the suppliers the active sheet's
 * CLIMATE formulas name (sheet/climateCells.ts), the organization the service matched for each (the
 * runtime's engine: its cache, else its batches), and the SBTi changes feed since the date asked, by
 * default since the workbook's values were last refreshed (its record of when every CLIMATE cell was
 * brought up to date, documentSettings.ts; else when the oldest of the sheet's records was fetched;
 * else a year back). Which changes are the sheet's, and what each means: sheetSbtiChanges.ts. After
 * them, the suppliers with no change, by the SBTi flag the sheet shows for them. It only reads: nothing
 * is written to the workbook.
 */
import type { Engine } from '../../engine';
import { parseOrganization, type OrganizationArgument } from '../../functions/arguments/organizationArgument';
import { entityField } from '../../functions/results/entityFields';
import { sentences } from '../../i18n/sentences';
import { shortList } from '../../i18n/shortList';
import { currentLanguage, t, type MessageKey } from '../../i18n/translate';
import { readCellsUpdatedAt } from '../../office/documentSettings';
import type { ClimateClient } from '../../service/client';
import type { SbtiChange } from '../../service/types';
import { calendarDate, readDate } from '../common/calendarDate';
import { savedClient, type PaneContext } from '../common/paneContext';
import { organizationsInRows, readCell, rowOrganization } from '../sheet/climateCells';
import type { CellGrid } from '../sheet/grid';
import { outputOf } from '../sheet/outputs';
import { readRows } from '../sheet/read';
import { jsonAt, propertyOf, shownAt } from '../sheet/shownValues';
import { byId, el, fieldText, replaceChildren, setStatus, withBusy } from '../ui/view';
import {
  SBTI_OUTCOMES,
  sheetSbtiChanges,
  type SbtiOutcome,
  type SheetSupplier,
  type SupplierSbtiChanges,
  type UnchangedSuppliers,
} from './sheetSbtiChanges';

/** Pages of the feed read at most (20 changes a page): months of the whole dataset's changes. */
const MAX_FEED_PAGES = 50;
/** Companies whose SBTi entry is looked up for its LEI, at most (only when the sheet names suppliers by LEI). */
const MAX_LEI_LOOKUPS = 100;
/** How far back the list goes when the workbook records no refresh and the cache holds none of its records. */
const FALLBACK_DAYS = 365;
/** Suppliers without a change named in the pane, per group; the rest are counted ("and 12 more"). */
const NAMES_SHOWN = 5;
/** The card's property that holds the SBTi flag (entityFields.ts names the card's fields). */
const SBTI_PROPERTY = entityField('sbti')!.property;

const LABEL: Record<SbtiOutcome, MessageKey> = {
  'commitment removed': 'sbti.label.removed',
  'targets expired': 'sbti.label.expired',
  'not in the SBTi list': 'sbti.label.delisted',
  'targets set': 'sbti.label.set',
  committed: 'sbti.label.committed',
  detail: 'sbti.label.detail',
};
const COUNTED: Record<SbtiOutcome, MessageKey> = {
  'commitment removed': 'sbti.outcome.removed',
  'targets expired': 'sbti.outcome.expired',
  'not in the SBTi list': 'sbti.outcome.delisted',
  'targets set': 'sbti.outcome.set',
  committed: 'sbti.outcome.committed',
  detail: 'sbti.outcome.detail',
};
/** The feed's fields by their names in the pane; a field the service adds later shows as it names it. */
const FIELD: Record<string, MessageKey> = {
  near_term_target_status: 'sbti.field.near_term_target_status',
  near_term_target_classification: 'sbti.field.near_term_target_classification',
  near_term_target_year: 'sbti.field.near_term_target_year',
  long_term_target_status: 'sbti.field.long_term_target_status',
  long_term_target_classification: 'sbti.field.long_term_target_classification',
  long_term_target_year: 'sbti.field.long_term_target_year',
  net_zero_committed: 'sbti.field.net_zero_committed',
  net_zero_year: 'sbti.field.net_zero_year',
};

interface SheetSuppliers {
  suppliers: SheetSupplier[];
  /** When the oldest of their records in the runtime's cache was fetched; null when none is there. */
  fetchedAt: number | null;
}

/** A supplier as its formulas name it, with the identifier it is named by, the organization matched and its flag. */
function supplierOf(argument: OrganizationArgument, matchedName: string | null, sbti: boolean | null): SheetSupplier {
  const { kind, query, text } = argument;
  return {
    label: text,
    isin: kind === 'isin' ? (query.isin_number ?? null) : null,
    lei: kind === 'lei' ? (query.lei_number ?? null) : null,
    matchedName,
    sbti,
  };
}

/** The SBTi flag a row shows (a FLAG column, a card's SBTi field, or its dot field); null when it shows none. */
function sbtiShown(grid: CellGrid, row: number): boolean | null {
  const width = grid.formulas[row - grid.rowIndex]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    const column = grid.columnIndex + c;
    for (const reading of readCell(grid, row, column)) {
      const value =
        reading.fn === 'ORG' && reading.field === null
          ? propertyOf(jsonAt(grid, row, column), SBTI_PROPERTY)
          : outputOf(reading) === 'flag:sbti'
            ? shownAt(grid, row, column)
            : null;
      if (typeof value === 'boolean') return value;
    }
  }
  return null;
}

/** The SBTi flag the rows show for each organization they name (its first row that shows one). */
function flagsByOrganization(grid: CellGrid, last: number): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  for (let row = grid.rowIndex; row <= last; row++) {
    const named = rowOrganization(grid, row);
    const key = named && JSON.stringify(named);
    const flag = key === null || flags.has(key) ? null : sbtiShown(grid, row);
    if (key !== null && flag !== null) flags.set(key, flag);
  }
  return flags;
}

/** The active sheet's suppliers: the organizations its CLIMATE formulas name, as the functions read them. */
async function sheetSuppliers(engine: Engine): Promise<SheetSuppliers> {
  const grid = await readRows(null, 0, Infinity, { valueTypes: true, valuesAsJson: true });
  if (grid === null) return { suppliers: [], fetchedAt: null };
  const last = grid.rowIndex + grid.formulas.length - 1;
  const flags = flagsByOrganization(grid, last);
  const named = organizationsInRows(grid, grid.rowIndex, last).organizations.flatMap((args) => {
    try {
      return [{ argument: parseOrganization(args.organization, args.website, args.country), args }];
    } catch {
      return []; // an argument the functions refuse names no supplier
    }
  });
  const argumentsRead = named.map(({ argument }) => argument);
  const outcomes = await Promise.all(
    argumentsRead.map((argument) => engine.organization(argument.query).catch(() => null)),
  );
  const fetched = outcomes.flatMap((outcome) => (outcome ? [outcome.receivedAt] : []));
  return {
    suppliers: argumentsRead.map((argument, i) => {
      const record = outcomes[i]?.record;
      const flag = flags.get(JSON.stringify(named[i].args)) ?? null;
      return supplierOf(argument, record?.matching_organization?.name ?? record?.name ?? null, flag);
    }),
    fetchedAt: fetched.length ? Math.min(...fetched) : null,
  };
}

/** The feed's changes since `since`, page after page up to MAX_FEED_PAGES; `complete` false when more were left. */
async function feedSince(client: ClimateClient, since: string): Promise<{ changes: SbtiChange[]; complete: boolean }> {
  const changes: SbtiChange[] = [];
  for (let page = 1; page <= MAX_FEED_PAGES; page++) {
    const result = await client.sbtiChanges({ since }, page);
    changes.push(...result.items);
    if (result.next === null || result.items.length === 0) return { changes, complete: true };
  }
  return { changes, complete: false };
}

/**
 * The LEI of each changed company, from its SBTi entry (the feed carries only its ISIN): asked only
 * when the sheet names a supplier by LEI, for at most MAX_LEI_LOOKUPS companies.
 */
async function leisOf(client: ClimateClient, changes: readonly SbtiChange[]): Promise<Map<string, string>> {
  const isins = [...new Set(changes.flatMap((change) => (change.isin ? [change.isin.toUpperCase()] : [])))];
  const leis = new Map<string, string>();
  await Promise.all(
    isins.slice(0, MAX_LEI_LOOKUPS).map(async (isin) => {
      const { items } = await client.sbtiCompanies({ isin });
      const company = items.find((item) => String(item.isin ?? '').toUpperCase() === isin);
      if (typeof company?.lei === 'string' && company.lei) leis.set(isin, company.lei);
    }),
  );
  return leis;
}

/** The date the list starts from when the analyst picks none (see the file's opening). */
function defaultSince(fetchedAt: number | null, now = Date.now()): string {
  const refreshed = readCellsUpdatedAt(now) ?? fetchedAt;
  return refreshed === null ? calendarDate(new Date(now), FALLBACK_DAYS) : calendarDate(new Date(refreshed));
}

const shown = (value: string | null): string => (value === null || value.trim() === '' ? t('sbti.notSet') : value);

/** "Near-term target: Committed → Commitment removed · 2027-01-19" (the dataset's own words for its values). */
export function changeLine(change: SbtiChange): string {
  const field = change.field ?? '';
  const name = Object.hasOwn(FIELD, field) ? t(FIELD[field]) : field;
  const when = change.changed_at ? ` · ${change.changed_at.slice(0, 10)}` : '';
  return `${name}: ${shown(change.old_value)} → ${shown(change.new_value)}${when}`;
}

function supplierItem({ supplier, matchedBy, outcome, changes }: SupplierSbtiChanges): HTMLLIElement {
  const how =
    matchedBy === 'isin'
      ? t('sbti.byIsin')
      : matchedBy === 'lei'
        ? t('sbti.byLei')
        : t('sbti.byName', { name: supplier.matchedName ?? '' });
  return el(
    'li',
    {},
    el(
      'span',
      { class: 'grow' },
      el('span', {}, `${supplier.label}: ${t(LABEL[outcome])}`),
      el('span', { class: 'meta' }, `${changes[0].change.company_name ?? ''} (${how})`),
      ...changes.map(({ change }) => el('span', { class: 'meta' }, changeLine(change))),
    ),
  );
}

/** Items as a person lists them in the pane's language: "A, B and C". */
const listed = (items: readonly string[]): string =>
  new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);

/** A few suppliers by name as the sheet names them, the rest counted: "A, B, C, D, E and 12 more". */
const someNames = (suppliers: readonly SheetSupplier[]): string =>
  shortList(
    suppliers.map((supplier) => supplier.label),
    NAMES_SHOWN,
  );

/**
 * What the pane says of the suppliers without a change: how many, then how many the sheet shows with
 * an SBTi commitment or targets, without one (by name, a few), and unknown (by name, a few).
 */
export function unchangedLine({ listed: inList, notListed, unknown }: UnchangedSuppliers): string {
  const count = inList.length + notListed.length + unknown.length;
  if (count === 0) return '';
  const parts = [
    ...(inList.length ? [t('sbti.unchanged.listed', { count: inList.length })] : []),
    ...(notListed.length
      ? [t('sbti.unchanged.notListed', { count: notListed.length, names: someNames(notListed) })]
      : []),
    ...(unknown.length ? [t('sbti.unchanged.unknown', { count: unknown.length, names: someNames(unknown) })] : []),
  ];
  return t('sbti.unchanged', { count, parts: parts.join('; ') });
}

export function mountSheetSbti(context: PaneContext, status: HTMLElement): void {
  const form = byId('sbti-changes-form', 'form');
  const button = byId('sbti-changes-load', 'fluent-button');
  const since = byId('sbti-since', 'fluent-text-input');
  const list = byId('sbti-changes', 'ul');
  const unchanged = byId('sbti-unchanged', 'p');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(button, status, async () => {
      const typed = fieldText(since);
      const picked = typed ? readDate(typed) : null; // a date that does not read is refused before anything is asked
      setStatus(status, 'busy', t('sbti.reading'));
      const { suppliers, fetchedAt } = await sheetSuppliers(context.engine);
      replaceChildren(unchanged);
      if (suppliers.length === 0) {
        replaceChildren(list);
        setStatus(status, 'info', t('sbti.noSuppliers'));
        return;
      }
      const from = picked ?? defaultSince(fetchedAt);
      setStatus(status, 'busy', t('sbti.asking', { date: from, count: suppliers.length }));
      const client = savedClient(context);
      const { changes, complete } = await feedSince(client, from);
      const leis = suppliers.some((supplier) => supplier.lei) ? await leisOf(client, changes) : new Map();
      const report = sheetSbtiChanges(
        suppliers,
        changes,
        (change) => leis.get(change.isin?.toUpperCase() ?? '') ?? null,
      );
      replaceChildren(list, ...report.suppliers.map(supplierItem));
      unchanged.textContent = unchangedLine(report.unchanged);
      const partial = !complete && t('sbti.partial', { count: changes.length });
      if (report.suppliers.length === 0) {
        setStatus(status, 'info', sentences(t('sbti.none', { date: from, count: suppliers.length }), partial));
        return;
      }
      const outcomes = SBTI_OUTCOMES.filter((outcome) => report.counts[outcome] > 0).map((outcome) =>
        t(COUNTED[outcome], { count: report.counts[outcome] }),
      );
      const found = t('sbti.found', {
        date: from,
        count: report.suppliers.length,
        suppliers: suppliers.length,
        outcomes: listed(outcomes),
      });
      setStatus(status, 'info', sentences(found, partial));
    });
  });
}
