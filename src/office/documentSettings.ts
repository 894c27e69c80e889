/**
 * What the workbook itself remembers: which project it is scored with, by id and name. Document
 * settings travel with the file to everyone it is shared with, so nothing else is written here, and
 * the key never is: the record below is built field by field, never spread from a project object.
 * Also the ids of the sheets the Climate summary created, so that it never overwrites another sheet.
 */

export const WORKBOOK_PROJECT_SETTING = 'climate.project';

export interface WorkbookProject {
  id: string | null;
  name: string;
}

function settings(): Office.Settings | null {
  if (typeof Office === 'undefined') return null;
  return Office.context?.document?.settings ?? null;
}

/** True when there is a document to remember things in (inside Excel). */
export function hasDocumentSettings(): boolean {
  return settings() !== null;
}

export function readWorkbookProject(): WorkbookProject | null {
  const raw = settings()?.get(WORKBOOK_PROJECT_SETTING) as unknown;
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, name } = raw as { id?: unknown; name?: unknown };
  if (typeof name !== 'string' || !name) return null;
  return { id: typeof id === 'string' || typeof id === 'number' ? String(id) : null, name };
}

export const SUMMARY_SHEETS_SETTING = 'climate.summarySheets';

/** Worksheet ids (stable across renames) of the sheets the Climate summary created in this workbook. */
export function readSummarySheetIds(): string[] {
  const raw = settings()?.get(SUMMARY_SHEETS_SETTING) as unknown;
  return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds a sheet the summary created to the workbook's record, and saves it into the document. */
export async function rememberSummarySheet(id: string): Promise<boolean> {
  const store = settings();
  if (!store) return false;
  store.set(SUMMARY_SHEETS_SETTING, [...new Set([...readSummarySheetIds(), id])]);
  await save(store);
  return true;
}

function save(store: Office.Settings): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    store.saveAsync((result) => (result.status === Office.AsyncResultStatus.Failed ? reject(new Error('Excel could not save the workbook settings.')) : resolve())),
  );
}

/** Records the project (or forgets it with null) and saves the settings into the document. */
export async function rememberWorkbookProject(project: WorkbookProject | null): Promise<boolean> {
  const store = settings();
  if (!store) return false;
  if (project) store.set(WORKBOOK_PROJECT_SETTING, { id: project.id, name: project.name });
  else store.remove(WORKBOOK_PROJECT_SETTING);
  await save(store);
  return true;
}
