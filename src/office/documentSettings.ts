/**
 * What the workbook itself remembers: which project it is scored with, by id and name, and the
 * matches the analyst accepted, as (input, matched organization id) pairs. Document settings travel
 * with the file to everyone it is shared with, so nothing else is written here (never a figure), and
 * the key never is: the records below are built field by field, never spread from another object.
 * Also the ids of the sheets the Climate summary and the Changes report created, so that neither ever
 * overwrites another sheet, how this workbook's refreshes report changes (a threshold, add or replace), and when the runtime last brought every CLIMATE cell up to date (a time, no figure of the data).
 *
 * Two analysts may work in one workbook at once (coauthoring), each runtime with its own in-memory copy
 * of the settings, and saveAsync writes that whole copy over the document's: so a pair is added to
 * the document's current list (refreshAsync first, which the typings give for exactly this), never to
 * a copy read earlier. Document settings hold about 2 MB in all (office-js#621), and saves are reported
 * failing from about 1 MB (office-js#3957): the pairs keep to ACCEPTED_MATCHES_BYTES.
 */
import { t } from '../i18n/translate';

export const WORKBOOK_PROJECT_SETTING = 'climate.project';
export const ACCEPTED_MATCHES_SETTING = 'climate.acceptedMatches';
/**
 * Bytes of JSON the accepted pairs may take: a quarter of the 2 MB document settings hold, half of
 * the 1 MB where saves are reported failing, some 8,000 pairs of long names. A setting that arrives
 * larger (edited by hand) is read up to here.
 */
export const ACCEPTED_MATCHES_BYTES = 500_000;

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
export const CHANGES_SHEETS_SETTING = 'climate.changesSheets';
/** The lists of sheets the add-in created: the Climate summary's, the Changes sheet's. */
export type OwnSheetsSetting = typeof SUMMARY_SHEETS_SETTING | typeof CHANGES_SHEETS_SETTING;

/**
 * Worksheet ids (stable across renames) of the sheets the add-in created under `setting`, as the file
 * says: only their shape is checked here, so the writers check each sheet itself (summarySheet.ts).
 */
export function readOwnSheetIds(setting: OwnSheetsSetting): string[] {
  const raw = settings()?.get(setting) as unknown;
  return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds a sheet the add-in created to the workbook's list under `setting`, and saves it into the document. */
export async function rememberOwnSheet(setting: OwnSheetsSetting, id: string): Promise<boolean> {
  const store = settings();
  if (!store) return false;
  await update(store, () => store.set(setting, [...new Set([...readOwnSheetIds(setting), id])]));
  return true;
}

export const readSummarySheetIds = (): string[] => readOwnSheetIds(SUMMARY_SHEETS_SETTING);
export const rememberSummarySheet = (id: string): Promise<boolean> => rememberOwnSheet(SUMMARY_SHEETS_SETTING, id);

export const CHANGES_OPTIONS_SETTING = 'climate.changes';

/** How this workbook reports the changes a refresh brings: the score threshold, and a new block or the last replaced. */
export interface ChangesOptions {
  threshold: number;
  mode: 'add' | 'replace';
}

/** The workbook's Changes options, each as the file says when it is one (else null: the pane's default). */
export function readChangesOptions(): Partial<ChangesOptions> {
  const raw = settings()?.get(CHANGES_OPTIONS_SETTING) as unknown;
  if (typeof raw !== 'object' || raw === null) return {};
  const { threshold, mode } = raw as { threshold?: unknown; mode?: unknown };
  const options: Partial<ChangesOptions> = {};
  if (typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 0 && threshold <= 100)
    options.threshold = threshold;
  if (mode === 'add' || mode === 'replace') options.mode = mode;
  return options;
}

/** Records the Changes options in the document (two plain fields, built here, never spread from elsewhere). */
export async function rememberChangesOptions(options: ChangesOptions): Promise<void> {
  const store = settings();
  if (!store) return;
  await update(store, () => store.set(CHANGES_OPTIONS_SETTING, { threshold: options.threshold, mode: options.mode }));
}

/** Records the project (or forgets it with null) and saves the settings into the document. */
export async function rememberWorkbookProject(project: WorkbookProject | null): Promise<boolean> {
  const store = settings();
  if (!store) return false;
  await update(store, () => {
    if (project) store.set(WORKBOOK_PROJECT_SETTING, { id: project.id, name: project.name });
    else store.remove(WORKBOOK_PROJECT_SETTING);
  });
  return true;
}

/** Reads the document's saved settings into this runtime's copy (a coauthor may have saved since). */
function refresh(store: Office.Settings): Promise<void> {
  // Office.Settings.refreshAsync is in every host that has document settings; a page without it has no coauthors.
  if (typeof store.refreshAsync !== 'function') return Promise.resolve();
  return new Promise<void>((resolve, reject) =>
    store.refreshAsync((result) =>
      result.status === Office.AsyncResultStatus.Failed ? reject(new Error(t('office.settings.notRead'))) : resolve(),
    ),
  );
}

export const CELLS_UPDATED_SETTING = 'climate.cellsUpdatedAt';

/**
 * When the CLIMATE cells of this workbook were last all brought up to date (ms since 1970), as the file
 * says; null when never, or when the setting is not a time up to now (edited by hand, a clock ahead).
 */
export function readCellsUpdatedAt(now: number): number | null {
  const raw = settings()?.get(CELLS_UPDATED_SETTING) as unknown;
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 && raw <= now ? raw : null;
}

/** Records that every CLIMATE cell was brought up to date at `time`, and saves it into the document. */
export async function rememberCellsUpdatedAt(time: number): Promise<void> {
  const store = settings();
  if (!store) return;
  await update(store, () => store.set(CELLS_UPDATED_SETTING, time));
}

/**
 * Changes the document's settings as they are now: a save writes this runtime's whole copy over the
 * document's, so a coauthor's saves are read in first, or the save would drop them.
 */
async function update(store: Office.Settings, change: () => void): Promise<void> {
  await refresh(store);
  change();
  await save(store);
}

function save(store: Office.Settings): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    store.saveAsync((result) =>
      result.status === Office.AsyncResultStatus.Failed ? reject(new Error(t('office.settings.notSaved'))) : resolve(),
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

/** A pair's bytes in the saved list: its JSON in UTF-8, and the comma after it. */
const pairBytes = (pair: AcceptedMatch): number => new TextEncoder().encode(JSON.stringify(pair)).length + 1;

/** The accepted pairs, as far as they are well formed (the setting may have been edited by hand) and within ACCEPTED_MATCHES_BYTES. */
export function readAcceptedMatches(): AcceptedMatch[] {
  const raw = settings()?.get(ACCEPTED_MATCHES_SETTING) as unknown;
  if (!Array.isArray(raw)) return [];
  const pairs: AcceptedMatch[] = [];
  let bytes = 2;
  for (const item of raw) {
    const { input, organization } = (item ?? {}) as { input?: unknown; organization?: unknown };
    if (typeof input !== 'string' || input === '' || !Number.isSafeInteger(organization)) continue;
    const pair = { input, organization: organization as number };
    bytes += pairBytes(pair);
    if (bytes > ACCEPTED_MATCHES_BYTES) break;
    pairs.push(pair);
  }
  return pairs;
}

/** The workbook keeps no more accepted matches: said with what the analyst can do instead. */
export class AcceptedMatchesFullError extends Error {
  constructor(kept: number) {
    super(t('office.accepted.full', { count: kept, kilobytes: ACCEPTED_MATCHES_BYTES / 1000 }));
    this.name = 'AcceptedMatchesFullError';
  }
}

/**
 * Adds a pair (once) to the document's list as it is now, coauthors' pairs included, and saves it;
 * refuses with AcceptedMatchesFullError, changing nothing, when the list would pass ACCEPTED_MATCHES_BYTES.
 */
export async function rememberAcceptedMatch(match: AcceptedMatch): Promise<void> {
  const store = settings();
  if (!store) throw new Error(t('office.accepted.outsideExcel'));
  await refresh(store);
  // A coauthor's pairs may have arrived with the refresh: MATCH rebuilds its lookup either way.
  acceptedChanges++;
  const pairs = readAcceptedMatches();
  const pair = { input: match.input, organization: match.organization };
  const known = pairs.some((each) => each.input === pair.input && each.organization === pair.organization);
  if (!known) {
    const bytes = 2 + [...pairs, pair].reduce((sum, each) => sum + pairBytes(each), 0);
    if (bytes > ACCEPTED_MATCHES_BYTES) throw new AcceptedMatchesFullError(pairs.length);
    store.set(ACCEPTED_MATCHES_SETTING, [...pairs, pair]);
  }
  // Accepting a pair that came with the file makes it this user's: the review stops marking it.
  acceptedHere.push(pair);
  acceptedChanges++;
  if (!known) await save(store);
}

/** Removes the pairs `drop` names (accepted here or with the file) and saves the settings into the document. */
export async function forgetAcceptedMatches(drop: (pair: AcceptedMatch) => boolean): Promise<void> {
  const store = settings();
  if (!store) throw new Error(t('office.accepted.outsideExcel'));
  await update(store, () =>
    store.set(
      ACCEPTED_MATCHES_SETTING,
      readAcceptedMatches().filter((pair) => !drop(pair)),
    ),
  );
  for (let i = acceptedHere.length - 1; i >= 0; i--) if (drop(acceptedHere[i])) acceptedHere.splice(i, 1);
  acceptedChanges++;
}
