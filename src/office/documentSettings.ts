/**
 * What the workbook itself remembers: which project it is scored with, by id and name, and the
 * matches the analyst accepted, as (input, matched organization id) pairs. Document settings travel
 * with the file to everyone it is shared with, so nothing else is written here (never a figure), and
 * the key never is: the records below are built field by field, never spread from another object.
 * Also the ids of the sheets the Climate summary created, so that it never overwrites another sheet.
 */

export const WORKBOOK_PROJECT_SETTING = 'climate.project';
export const ACCEPTED_MATCHES_SETTING = 'climate.acceptedMatches';
/** Pairs kept at most: a workbook of suppliers stays far below; a tampered setting is cut here. */
const MAX_ACCEPTED_MATCHES = 50_000;

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

/**
 * Worksheet ids (stable across renames) of the sheets the Climate summary created in this workbook, as
 * the file says: only their shape is checked here, so the writer checks each sheet itself (summarySheet.ts).
 */
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

/** Records the project (or forgets it with null) and saves the settings into the document. */
export async function rememberWorkbookProject(project: WorkbookProject | null): Promise<boolean> {
  const store = settings();
  if (!store) return false;
  if (project) store.set(WORKBOOK_PROJECT_SETTING, { id: project.id, name: project.name });
  else store.remove(WORKBOOK_PROJECT_SETTING);
  await save(store);
  return true;
}

function save(store: Office.Settings): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    store.saveAsync((result) =>
      result.status === Office.AsyncResultStatus.Failed
        ? reject(new Error('Excel could not save the workbook settings.'))
        : resolve(),
    ),
  );
}

/** An accepted match: the organization as the row asked for it, and the id of the one that answered. */
export interface AcceptedMatch {
  input: string;
  organization: number;
}

let acceptedChanges = 0;
/** The pairs this runtime accepted (the pane's Accept): any other pair came with the file. */
const acceptedHere: AcceptedMatch[] = [];

/** The pairs accepted in this runtime, by the person using it (the rest of the setting came with the file). */
export function acceptedInThisRuntime(): readonly AcceptedMatch[] {
  return acceptedHere;
}

/**
 * Counts the accepted-match writes of this runtime. The task pane and the functions share one
 * runtime (and one `Office.context.document.settings`), so a reader that kept a lookup rebuilds it
 * when this moves: that is how MATCH learns of a pair the pane just accepted.
 */
export function acceptedMatchesVersion(): number {
  return acceptedChanges;
}

/** The accepted pairs, as far as they are well formed (the setting may have been edited by hand). */
export function readAcceptedMatches(): AcceptedMatch[] {
  const raw = settings()?.get(ACCEPTED_MATCHES_SETTING) as unknown;
  if (!Array.isArray(raw)) return [];
  const pairs: AcceptedMatch[] = [];
  for (const item of raw.slice(0, MAX_ACCEPTED_MATCHES)) {
    const { input, organization } = (item ?? {}) as { input?: unknown; organization?: unknown };
    if (typeof input === 'string' && input !== '' && Number.isSafeInteger(organization)) {
      pairs.push({ input, organization: organization as number });
    }
  }
  return pairs;
}

/** Adds a pair (once) and saves the settings into the document. */
export async function rememberAcceptedMatch(match: AcceptedMatch): Promise<void> {
  const store = settings();
  if (!store) throw new Error('Open this pane in Excel: accepted matches are kept in the workbook.');
  const pairs = readAcceptedMatches();
  if (!pairs.some((pair) => pair.input === match.input && pair.organization === match.organization)) {
    pairs.push({ input: match.input, organization: match.organization });
  }
  store.set(ACCEPTED_MATCHES_SETTING, pairs);
  acceptedHere.push({ input: match.input, organization: match.organization });
  acceptedChanges++;
  await save(store);
}

/** Removes the pairs `drop` names (accepted here or with the file) and saves the settings into the document. */
export async function forgetAcceptedMatches(drop: (pair: AcceptedMatch) => boolean): Promise<void> {
  const store = settings();
  if (!store) throw new Error('Open this pane in Excel: accepted matches are kept in the workbook.');
  store.set(
    ACCEPTED_MATCHES_SETTING,
    readAcceptedMatches().filter((pair) => !drop(pair)),
  );
  for (let i = acceptedHere.length - 1; i >= 0; i--) if (drop(acceptedHere[i])) acceptedHere.splice(i, 1);
  acceptedChanges++;
  await save(store);
}
