/**
 * What changed at a refresh, in the Activity section: around Refresh all (and "Refresh values older
 * than N days") the pane reads what every sheet's CLIMATE rows show, lets the refresh run, reads them
 * again once the cells have settled, and says what changed in figures and by name; the Changes sheet
 * lists each change with both dates. Around Refresh selected rows it reads only those rows, the only
 * ones recalculated, so the report names only their organizations. The score threshold and whether a
 * refresh adds its block or replaces the earlier ones are the workbook's (document settings), so a
 * shared workbook keeps them. "Refresh values older than N days" (olderSection.ts) runs its refresh
 * inside the same two readings. Rows now matched to another organization are one step from Review
 * matches: the report offers, per sheet, a button that hands exactly those rows over
 * (common/rowsToCheck.ts).
 */
import { sentences } from '../../i18n/sentences';
import { currentLanguage, t } from '../../i18n/translate';
import { readCellsUpdatedAt, readChangesOptions, rememberChangesOptions } from '../../office/documentSettings';
import { supportsImages } from '../../office/host';
import { calendarDate } from '../common/calendarDate';
import type { PaneContext } from '../common/paneContext';
import type { RowsToCheck } from '../common/rowsToCheck';
import { logoBase64 } from '../ui/logo';
import type { SheetRange } from '../sheet/grid';
import { byId, el, externalLink, fieldText, markInvalid, replaceChildren, setStatus, withBusy } from '../ui/view';
import { whatChanged } from './changesPlan';
import { engineIdle, readSheetRows, readWorkbook, type WorkbookReading } from './changesReading';
import { writeChanges, type ChangesMode } from './changesSheet';
import { CHANGE_KINDS, compareRows, DEFAULT_SCORE_THRESHOLD, type ChangeKind, type ChangeReport } from './rowChanges';

export interface ChangesSection {
  /**
   * Runs a refresh between the two readings, then reports and lists what changed: in every sheet's
   * CLIMATE rows, or only in `rows` (their sheet's rows of the box) when the refresh covers no more.
   */
  around<T>(refresh: () => Promise<T>, rows?: SheetRange): Promise<T>;
}

/** Changes listed by name in the pane: the rest are on the sheet. */
const NAMES_SHOWN = 20;

const COUNT_KEYS = {
  'matched another organization': 'changes.count.matchedAnother',
  'initiative lost': 'changes.count.initiativeLost',
  'initiative gained': 'changes.count.initiativeGained',
  'score moved': 'changes.count.scoreMoved',
  'rank changed': 'changes.count.rankChanged',
  'profile finished': 'changes.count.profileFinished',
} as const satisfies Record<ChangeKind, string>;

/** The score threshold typed, in points from 0 to 100; null for anything else. */
export function readThreshold(text: string): number | null {
  const typed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(typed)) return null;
  const points = Number(typed);
  return points <= 100 ? points : null;
}

/** A workbook's report: the changes of every sheet, and per sheet the rows now matched to another organization. */
export interface WorkbookReport extends ChangeReport {
  toCheck: RowsToCheck[];
}

/** The two readings compared sheet by sheet (rows pair within their sheet), as one report. */
export function compareWorkbook(before: WorkbookReading, after: WorkbookReading, threshold: number): WorkbookReport {
  const bySheet = [...after].flatMap(([sheet, now]) => {
    const was = before.get(sheet);
    return was ? [{ sheet, report: compareRows(was.rows, now.rows, threshold) }] : [];
  });
  const reports = bySheet.map(({ report }) => report);
  const toCheck = bySheet.flatMap(({ sheet, report }) => {
    const rows = [...new Set(report.changes.filter((change) => change.review).map((change) => change.row))];
    return rows.length === 0 ? [] : [{ sheet, rows: rows.sort((a, b) => a - b) }];
  });
  const changes = reports
    .flatMap((report) => report.changes)
    .sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind));
  const counts = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const change of changes) counts[change.kind] += 1;
  const sum = (of: (report: ChangeReport) => number) => reports.reduce((total, report) => total + of(report), 0);
  return { changes, counts, organizations: sum((r) => r.organizations), compared: sum((r) => r.compared), toCheck };
}

/** Items as a person lists them in the pane's language: "A, B and C". */
const listed = (items: readonly string[]): string =>
  new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);

/** What the pane says of a report: the figures per kind, or that nothing changed. */
export function reportSummary(report: ChangeReport, threshold: number): string {
  if (report.changes.length === 0) return t('changes.pane.none', { compared: report.compared });
  const parts = CHANGE_KINDS.filter((kind) => report.counts[kind] > 0).map((kind) =>
    t(COUNT_KEYS[kind], { count: report.counts[kind], threshold }),
  );
  return t('changes.pane.summary', { count: report.organizations, list: listed(parts) });
}

/** The latest As of of a reading's cards; null without cards. */
const latestAsOf = (reading: WorkbookReading): number | null =>
  [...reading.values()].reduce<number | null>(
    (latest, sheet) => (sheet.asOf === null ? latest : Math.max(latest ?? sheet.asOf, sheet.asOf)),
    null,
  );

/**
 * `checkRows`: opens Review matches on rows a refresh found matched to another organization (app.ts
 * hands over the review's own action: sections do not import each other).
 */
export function mountChanges(context: PaneContext, checkRows: (rows: RowsToCheck) => Promise<void>): ChangesSection {
  const thresholdInput = byId('changes-threshold', 'fluent-text-input');
  const modePicker = byId('changes-mode', 'select');
  const status = byId('changes-status');
  const list = byId('changes-list', 'ul');
  const checks = byId('changes-check');

  /** One button per sheet with rows to check: "Check the 3 rows on “Suppliers” in Review matches". */
  const offerChecks = (toCheck: readonly RowsToCheck[]): void => {
    replaceChildren(
      checks,
      ...toCheck.map((rows) => {
        const button = el(
          'fluent-button',
          { type: 'button', appearance: 'primary', size: 'small', 'data-sheet': rows.sheet },
          t('changes.pane.checkMatches', { count: rows.rows.length, sheet: rows.sheet }),
        );
        button.addEventListener('click', () => void withBusy(button, status, () => checkRows(rows)));
        return button;
      }),
    );
    checks.hidden = toCheck.length === 0;
  };

  const saved = readChangesOptions();
  thresholdInput.value = String(saved.threshold ?? DEFAULT_SCORE_THRESHOLD);
  modePicker.value = saved.mode ?? 'add';

  /** The options as typed, saved into the workbook when they changed; a bad threshold refuses the refresh. */
  const options = async (): Promise<{ threshold: number; mode: ChangesMode }> => {
    const threshold = readThreshold(fieldText(thresholdInput));
    markInvalid(thresholdInput, threshold === null);
    if (threshold === null) throw new Error(t('changes.pane.badThreshold'));
    const mode: ChangesMode = modePicker.value === 'replace' ? 'replace' : 'add';
    // Saved only when they differ from what applies, so a workbook whose person never touched them carries nothing.
    if (threshold !== (saved.threshold ?? DEFAULT_SCORE_THRESHOLD) || mode !== (saved.mode ?? 'add')) {
      await rememberChangesOptions({ threshold, mode });
      Object.assign(saved, { threshold, mode });
    }
    return { threshold, mode };
  };

  const scoreMax = (): number => (context.settings.current().scoreScale === '0-1' ? 1 : 100);

  /**
   * `beforeAt`: when the values read before were produced (ms), null when the workbook does not say;
   * `rows`: the rows read, when not the whole sheets.
   */
  const show = async (
    before: WorkbookReading,
    beforeAt: number | null,
    after: WorkbookReading,
    chosen: { threshold: number; mode: ChangesMode },
    rows: SheetRange | undefined,
  ) => {
    const report = compareWorkbook(before, after, chosen.threshold);
    const block = {
      sheet: listed([...after.keys()]),
      rows: rows && { first: rows.box.rowIndex + 1, last: rows.box.rowIndex + rows.box.rowCount },
      report,
      before: beforeAt === null ? null : calendarDate(new Date(beforeAt)),
      after: calendarDate(new Date(latestAsOf(after) ?? Date.now())),
    };
    const sheet = await writeChanges(block, chosen.mode, supportsImages() ? await logoBase64() : null);
    const summary =
      sheet === null
        ? reportSummary(report, chosen.threshold)
        : sentences(reportSummary(report, chosen.threshold), t('changes.pane.listed', { sheet }));
    setStatus(status, report.toCheck.length > 0 ? 'info' : 'success', summary);
    offerChecks(report.toCheck);
    replaceChildren(
      list,
      ...report.changes
        .slice(0, NAMES_SHOWN)
        .map((change) =>
          el(
            'li',
            {},
            externalLink(change.link, change.organization),
            el('span', { class: 'meta' }, whatChanged(change)),
          ),
        ),
    );
  };

  const around = async <T>(refresh: () => Promise<T>, rows?: SheetRange): Promise<T> => {
    const chosen = await options();
    const read = (among?: WorkbookReading) =>
      rows ? readSheetRows(scoreMax(), rows) : readWorkbook(scoreMax(), among);
    offerChecks([]);
    let before: WorkbookReading | null = null;
    let beforeAt: number | null = null;
    try {
      before = await read();
      // The cards' As of; else (values carry none) when the workbook's cells were last all brought up to date.
      beforeAt = latestAsOf(before) ?? readCellsUpdatedAt(Date.now());
    } catch (error) {
      setStatus(status, 'info', t('changes.pane.notCompared', { reason: (error as Error).message }));
    }
    const result = await refresh();
    if (before === null) return result;
    await engineIdle(context.engine);
    try {
      await show(before, beforeAt, await read(before), chosen, rows);
    } catch (error) {
      setStatus(status, 'error', (error as Error).message);
    }
    return result;
  };

  return { around };
}
