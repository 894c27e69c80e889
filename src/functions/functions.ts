/**
 * The CLIMATE custom functions: the entry Excel loads. Each function's JSDoc is its metadata
 * (custom-functions-metadata-plugin generates functions.json from it, and its loader appends the
 * `CustomFunctions.associate` call for each id, so none is written here). The work is done by the
 * catalogue; this file only declares signatures Excel understands and crosses the Excel boundary.
 *
 * Functions that read an organization are `@requiresAddress` and cancelable: a profile still being built
 * shows #N/A "Profiling (...) — this cell updates itself", and the engine recalculates exactly those
 * addresses once the profile is final (see src/office/excelCalculate.ts).
 *
 * Result types: SCORE and FLAG return `number | DoubleCellValue` / `boolean | BooleanCellValue`,
 * which the metadata declares as `any` (allowed to carry data types thanks to the generated
 * `allowCustomDataForDataTypeAny`), so that hosts with CustomFunctionsRuntime 1.4 and ExcelApi 1.19
 * get an attributed cell value and older hosts a plain number or boolean from the same function.
 * MATCH does the same with `string | StringCellValue`. ORG returns `string | EntityCellValue`: the
 * organization's card where entities render (CustomFunctionsRuntime 1.4 and ExcelApi 1.16), its name
 * elsewhere.
 *
 * While Excel previews a formula being typed (`isInValuePreview`, CustomFunctionsRuntime 1.5) nothing is
 * sent: a value this runtime holds is shown, or a short text saying the value comes on entering it.
 *
 * Five JSDoc lines run past 120 characters on purpose: the generator keeps a line break inside a
 * description, and Excel would show it in the argument's tooltip.
 */
import { preloadRuntime, runtimeEngine, runtimeSettings } from '../runtime';
import { calledBack } from '../office/cellCallbacks';
import { officeReady, supportsDataTypes, supportsEntities } from '../office/host';
import { speakOfficeLanguage } from '../office/language';
import { holdsClimateFormulas } from '../office/startupBehavior';
import { createCatalogue, type Catalogue, type FunctionCall, type Spill } from './catalogue';
import { callContext, cellError, toCellNow, toSpill } from './excelBoundary';
import type { Answer } from './results/errors';
import { isAcceptedMatch } from './results/acceptedMatches';
import { LoadingGate } from './loadingGate';
import { providerLogoUrl } from './results/providerLogo';

let shared: Catalogue | null = null;
const gate = new LoadingGate();
// Inside Excel the engine reads its cache as soon as Office is ready, before Excel's first call (runtime.ts);
// the cells speak Office's display language from then on, the pane open or not.
void officeReady().then(({ host }) => {
  speakOfficeLanguage();
  if (host !== null) preloadRuntime();
});

/**
 * The Excel boundary's forms (excelBoundary.ts), each behind the loading gate: a cell invoked while the
 * engine loads (a workbook just opened) holds one wait there, not a promise per layer, and is let go in
 * slices once loaded (loadingGate.ts); after it the cache answers at once.
 */
const afterLoading = <T>(work: () => Answer<T>): Answer<T> => gate.pass(runtimeEngine().loading(), work);
const cellNow = <T>(work: () => Answer<T>): Answer<T> => afterLoading(() => toCellNow(work));
const cell = <T>(work: () => Answer<T>): Promise<T> => Promise.resolve(cellNow(work));
const spill = (work: () => Spill | Promise<Spill>): Promise<unknown[][]> =>
  Promise.resolve(afterLoading(() => toSpill(work)));

/**
 * The call's context. The cell has called: what a recalculation checks for (cellCallbacks.ts), and the
 * sign that the workbook holds CLIMATE formulas, so the runtime starts with it (startupBehavior.ts).
 */
function called(invocation: CustomFunctions.CancelableInvocation | undefined): FunctionCall {
  speakOfficeLanguage(); // a call before Office.onReady has answered (language.ts keeps the first answer)
  if (invocation?.address) {
    calledBack(invocation.address);
    holdsClimateFormulas();
  }
  return callContext(invocation);
}

/** One catalogue per runtime, over the engine the task pane shares. */
function catalogue(): Catalogue {
  shared ??= createCatalogue({
    engine: runtimeEngine,
    scoreScale: () => runtimeSettings().current().scoreScale,
    dataTypes: supportsDataTypes,
    entities: supportsEntities,
    logoUrl: providerLogoUrl,
    isAccepted: isAcceptedMatch,
    deadlineMs: () => runtimeSettings().current().deadlineMs,
  });
  return shared;
}

/**
 * The organization as one cell: a card with its whole profile; read fields with =B2.Score or =B2.[Industry rank].
 * @customfunction ORG
 * @helpurl https://localhost:3000/help/functions.html#org
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization (lei:, isin:, duns:, name:, web: force a kind).
 * @param [website] Website of the organization, to tell apart organizations with similar names.
 * @param [country] Country of the head office: a code such as US or DEU, or its name, e.g. Germany.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns The organization's card where Excel shows data types (fields by dot notation), else its matched name.
 * @requiresAddress
 * @cancelable
 */
export function org(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<string | Excel.EntityCellValue> {
  return cell(() => catalogue().org(organization, website, country, called(invocation))) as Promise<
    string | Excel.EntityCellValue
  >;
}

/**
 * The climate score of an organization: 0 (worst) to 100 (best), or 0-1 if the Climate pane says so.
 * @customfunction SCORE
 * @helpurl https://localhost:3000/help/functions.html#score
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization (lei:, isin:, duns:, name:, web: force a kind).
 * @param [website] Website of the organization, to tell apart organizations with similar names.
 * @param [country] Country of the head office: a code such as US or DEU, or its name, e.g. Germany.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns The climate score, with the profile card and provider logo where Excel shows data types.
 * @requiresAddress
 * @cancelable
 */
export function score(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): number | Excel.DoubleCellValue | Promise<number | Excel.DoubleCellValue> {
  return cellNow(() => catalogue().score(organization, website, country, called(invocation))) as
    number | Excel.DoubleCellValue | Promise<number | Excel.DoubleCellValue>;
}

/**
 * TRUE if the organization takes part in an initiative (or has a reduction action on record), FALSE if not.
 * @customfunction FLAG
 * @helpurl https://localhost:3000/help/functions.html#flag
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param initiative The initiative, e.g. "SBTi", "CDP", "RE100", "Climate Pledge", "UN Global Compact", "EcoVadis" or "reduction_action".
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns TRUE or FALSE, with the profile card and provider logo where Excel shows data types.
 * @requiresAddress
 * @cancelable
 */
export function flag(
  organization: unknown,
  initiative: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): boolean | Excel.BooleanCellValue | Promise<boolean | Excel.BooleanCellValue> {
  return cellNow(() => catalogue().flag(organization, initiative, website, country, called(invocation))) as
    boolean | Excel.BooleanCellValue | Promise<boolean | Excel.BooleanCellValue>;
}

/**
 * How sure the answer is about the organization: identifier, exact, parent, subsidiary, check or accepted.
 * @customfunction MATCH
 * @helpurl https://localhost:3000/help/functions.html#match
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns One word; where Excel shows data types, its card names what was asked, what matched and how alike.
 * @requiresAddress
 * @cancelable
 */
export function match(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): string | Excel.StringCellValue | Promise<string | Excel.StringCellValue> {
  return cellNow(() => catalogue().match(organization, website, country, called(invocation))) as
    string | Excel.StringCellValue | Promise<string | Excel.StringCellValue>;
}

/**
 * The 14 flags of an organization as one row: the 13 initiatives, then reduction action (headers: CLIMATE.HEADERS()).
 * @customfunction FLAGS
 * @helpurl https://localhost:3000/help/functions.html#flags
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns One row of 14 TRUE/FALSE values.
 * @requiresAddress
 * @cancelable
 */
export function flags(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spill(() => catalogue().flags(organization, website, country, called(invocation)));
}

/**
 * The climate profile of an organization: every field as a two-column table, or the fields you name as one row.
 * @customfunction PROFILE
 * @helpurl https://localhost:3000/help/functions.html#profile
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [fields] Field names, comma-separated or a range of them, e.g. "score,percentile,industry_rank,sbti"; "all" or "flags" for groups.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns A spilled table (field, value) or one spilled row of values.
 * @requiresAddress
 * @cancelable
 */
export function profile(
  organization: unknown,
  fields?: unknown[][],
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spill(() => catalogue().profile(organization, fields, website, country, called(invocation)));
}

/**
 * The header row for CLIMATE.FLAGS (no argument) or for CLIMATE.PROFILE with the same fields.
 * @customfunction HEADERS
 * @helpurl https://localhost:3000/help/functions.html#headers
 * @param [fields] The fields given to CLIMATE.PROFILE; leave out for the headers of CLIMATE.FLAGS.
 * @returns One spilled row of headers.
 */
export function headers(fields?: unknown[][]): string[][] {
  try {
    return catalogue().headers(fields);
  } catch (error) {
    throw cellError(error);
  }
}

/**
 * The public profile page of an organization, for =HYPERLINK(CLIMATE.LINK(A2), "profile").
 * @customfunction LINK
 * @helpurl https://localhost:3000/help/functions.html#link
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns The profile URL.
 * @requiresAddress
 * @cancelable
 */
export function link(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<string> {
  return cell(() => catalogue().link(organization, website, country, called(invocation)));
}

/**
 * Where the organization's profile stands: synced (ready), errored, or the step it is at (e.g. researching).
 * @customfunction STATUS
 * @helpurl https://localhost:3000/help/functions.html#status
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns The processing status, updated until it is final.
 * @requiresAddress
 * @cancelable
 */
export function status(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<string> {
  return cell(() => catalogue().status(organization, website, country, called(invocation)));
}

/**
 * The industries of the service (id and name), all of them or those whose name contains a word.
 * @customfunction INDUSTRIES
 * @helpurl https://localhost:3000/help/functions.html#industries
 * @param [search] A word of the industry name, e.g. "steel"; leave out for all industries.
 * @param invocation Excel's invocation: cancellation.
 * @returns A spilled table with a header row: Industry id, Industry.
 * @cancelable
 */
export function industries(search?: unknown, invocation?: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return spill(() => catalogue().industries(search, called(invocation)));
}

/**
 * The science-based-targets record of a company (weekly snapshot), all fields or one.
 * @customfunction SBTI
 * @helpurl https://localhost:3000/help/functions.html#sbti
 * @param company ISIN, LEI or company name (isin:, lei: or name: force a kind).
 * @param [field] One field, e.g. "near_term_target_status" or "net_zero_year"; leave out for all.
 * @param invocation Excel's invocation: cancellation.
 * @returns One value, or a spilled (field, value) table.
 * @cancelable
 */
export function sbti(
  company: unknown,
  field?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spill(() => catalogue().sbti(company, field, called(invocation)));
}

/**
 * Recommended climate actions for an organization, as a table with a header row.
 * @customfunction ACTIONS
 * @helpurl https://localhost:3000/help/functions.html#actions
 * @param organization Name, website, e-mail, DUNS, LEI, ISIN or spg:<id> of the organization.
 * @param [website] Website of the organization.
 * @param [country] Country of the head office: a code (US, DEU) or its name.
 * @param invocation Excel's invocation: the calling cell, and cancellation.
 * @returns A spilled table: emission category, recommended actions, savings, case study, contract term, QBR question, updated.
 * @requiresAddress
 * @cancelable
 */
export function actions(
  organization: unknown,
  website?: unknown,
  country?: unknown,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spill(() => catalogue().actions(organization, website, country, called(invocation)));
}
