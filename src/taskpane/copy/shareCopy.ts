/**
 * The Share a copy section: one button writes the sheets that have CLIMATE cells into a new workbook
 * for people without the add-in (copyPlan.ts, xlsxFile.ts) and opens it with `Excel.createWorkbook`
 * (ExcelApi 1.8: "Creates and opens a new workbook … pre-populated with a Base64-encoded .xlsx file").
 * A new file, not new sheets in this one: this workbook carries the add-in's part, its document
 * settings and, once a CLIMATE cell ran, its start-with-the-document behaviour, which make Excel
 * without the add-in report an add-in error on open (office-js#3558). The workbook itself is only read.
 * The matched names and profile links come from the engine (its cache, or one batched request for the
 * organizations it does not hold), as the cells read them. An Excel without ExcelApi 1.8 gets the same
 * file as a download link instead, and the status says what that Excel lacks and what to do when no
 * file arrives (a pane in Excel on the Mac downloads nothing: office-js#2700, #3385).
 */
import { isSetSupported } from '../../office/host';
import { displayName } from '../../functions/results/results';
import { t } from '../../i18n/translate';
import { PROVIDER } from '../../provider';
import { fromBase64, toBase64 } from '../../text/base64';
import { calendarDate } from '../common/calendarDate';
import type { PaneContext } from '../common/paneContext';
import { organizationQuery, rowOrganization } from '../sheet/climateCells';
import { run } from '../sheet/excel';
import type { CellGrid } from '../sheet/grid';
import { readRows } from '../sheet/read';
import { logoBase64 } from '../ui/logo';
import { byId, setStatus, withBusy } from '../ui/view';
import { planCopy, scoredSheets, type NoteTexts, type RowOrganization, type TypedGrid } from './copyPlan';
import { xlsxFile } from './xlsxFile';

/** Excel.createWorkbook's requirement set. */
const CREATE_WORKBOOK: readonly [string, string] = ['ExcelApi', '1.8'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every sheet's used range, values, formulas, value types and number formats, in tab order. */
async function readWorkbook(): Promise<TypedGrid[]> {
  const names = await run(async (context) => {
    const sheets = context.workbook.worksheets.load('items/name');
    await context.sync();
    return sheets.items.map((sheet) => sheet.name);
  });
  const grids: TypedGrid[] = [];
  for (const name of names) {
    const grid = await readRows(name, 0, Infinity, { valueTypes: true, numberFormat: true });
    if (grid?.valueTypes) grids.push({ ...grid, valueTypes: grid.valueTypes });
  }
  return grids;
}

/** The matched name and profile link of each row's organization, by `sheet|row`, as the engine holds them. */
async function rowOrganizations(
  context: PaneContext,
  grids: readonly CellGrid[],
): Promise<Map<string, RowOrganization>> {
  const asked = new Map<string, Promise<RowOrganization | null>>();
  const rows = new Map<string, Promise<RowOrganization | null>>();
  for (const grid of grids) {
    grid.formulas.forEach((_, r) => {
      const row = grid.rowIndex + r;
      const args = rowOrganization(grid, row);
      const query = args && organizationQuery(args);
      if (!args || !query) return;
      const key = JSON.stringify(query);
      if (!asked.has(key))
        asked.set(
          key,
          context.engine.organization(query).then(
            ({ record }) => ({
              name: displayName(record, String(args.organization ?? '')),
              link: record.matching_organization?.link ?? null,
            }),
            () => null, // not found, refused or unreachable: the row keeps what it shows, without a link
          ),
        );
      rows.set(`${grid.sheet}|${row}`, asked.get(key)!);
    });
  }
  const settled = new Map<string, RowOrganization>();
  for (const [key, found] of rows) {
    const organization = await found;
    if (organization) settled.set(key, organization);
  }
  return settled;
}

function noteTexts(copied: readonly string[]): NoteTexts {
  const values = { date: calendarDate(), provider: PROVIDER.name, sheets: copied.join(', ') };
  return {
    sheet: t('copy.note.sheet'),
    title: t('copy.note.title'),
    lines: [t('copy.note.snapshot', values), t('copy.note.values'), t('copy.note.sheets', values)],
  };
}

export function mountShareCopy(context: PaneContext): void {
  const button = byId('copy-run', 'fluent-button');
  const status = byId('copy-status');
  const download = byId('copy-download', 'a');

  /** The download link of a copy's file, or none (the link of an earlier copy is let go). */
  const offerFile = (file: Uint8Array | null): void => {
    if (download.href) URL.revokeObjectURL(download.href);
    download.removeAttribute('href');
    download.hidden = file === null;
    if (file === null) return;
    download.href = URL.createObjectURL(new Blob([file.slice().buffer], { type: XLSX_TYPE }));
    download.download = t('copy.fileName', { date: calendarDate() });
  };

  const share = async (): Promise<void> => {
    offerFile(null);
    setStatus(status, 'busy', t('copy.reading'));
    const grids = scoredSheets(await readWorkbook());
    const organizations = await rowOrganizations(context, grids);
    const plan = planCopy({
      sheets: grids,
      organization: (sheet, row) => organizations.get(`${sheet}|${row}`) ?? null,
      note: noteTexts,
    });
    if (plan === null) {
      setStatus(status, 'info', t('copy.nothing'));
      return;
    }
    const logo = await logoBase64();
    const file = xlsxFile(plan, logo === null ? null : fromBase64(logo));
    if (!isSetSupported(...CREATE_WORKBOOK)) {
      offerFile(file);
      setStatus(status, 'info', t('copy.asFile', { sheets: plan.copied.join(', '), download: t('copy.download') }));
      return;
    }
    await Excel.createWorkbook(toBase64(file));
    setStatus(
      status,
      'success',
      t('copy.done', {
        sheets: plan.copied.join(', '),
        count: plan.values,
        links: plan.links,
        note: plan.sheets[0].name,
      }),
    );
  };

  button.addEventListener('click', () => void withBusy(button, status, share));
}
