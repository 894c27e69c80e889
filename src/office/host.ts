/**
 * Where the pane runs. Inside Excel, Office.onReady names the host and Office.context.requirements
 * answers requirement-set questions; in a plain browser (tests, a page opened by mistake) onReady
 * resolves with a null host and `requirements` is absent; without office.js there is no `Office` at
 * all. Every probe here handles the three.
 */

export interface HostInfo {
  /** `Excel` inside Excel, null anywhere else. */
  host: string | null;
}

export async function officeReady(): Promise<HostInfo> {
  if (typeof Office === 'undefined' || typeof Office.onReady !== 'function') return { host: null };
  const info = await Office.onReady();
  return { host: info?.host ? String(info.host) : null };
}

/** Office's display language as a tag ("de-DE"), or undefined where no Office host says one. */
export function displayLanguage(): string | undefined {
  if (typeof Office === 'undefined') return undefined;
  const language = Office.context?.displayLanguage;
  return typeof language === 'string' && language ? language : undefined;
}

/**
 * Office's theme (`Office.context.officeTheme`: the theme the person chose under File > Account, its
 * colours as "#RRGGBB" and whether it is dark), as the host gives it: undefined where no Office host
 * says one, and possibly undefined inside Excel too (office-js#6134: Excel on the web). Not checked
 * here: the pane trusts none of it (taskpane/ui/officeTheme.ts).
 */
export function officeTheme(): unknown {
  if (typeof Office === 'undefined') return undefined;
  return Office.context?.officeTheme;
}

/** False, not an exception, when the host cannot say. */
export function isSetSupported(name: string, version: string): boolean {
  if (typeof Office === 'undefined') return false;
  const requirements = Office.context?.requirements;
  return typeof requirements?.isSetSupported === 'function' ? requirements.isSetSupported(name, version) : false;
}

/** The Excel JavaScript API is there (Excel, or a page that provides `Excel.run`). */
export function hasExcelApi(): boolean {
  return typeof Excel !== 'undefined' && typeof Excel.run === 'function';
}

/**
 * What a cell value with the provider's attribution needs, per Office's typings: custom functions
 * may return cell values from CustomFunctionsRuntime 1.4, and Double/Boolean/String values carry
 * `properties`, `layouts` and `provider` from ExcelApi 1.19 (1.16 knows them only bare). A host with
 * the first and not the second would be given values its Excel does not know.
 */
export const ATTRIBUTED_VALUE_SETS: ReadonlyArray<readonly [name: string, version: string]> = [
  ['CustomFunctionsRuntime', '1.4'],
  ['ExcelApi', '1.19'],
];

/**
 * What an organization entity (CLIMATE.ORG's card) needs: custom functions may return cell values from
 * CustomFunctionsRuntime 1.4, and Entity values with properties, layouts, provider and property
 * metadata exist from ExcelApi 1.16.
 */
export const ENTITY_VALUE_SETS: ReadonlyArray<readonly [name: string, version: string]> = [
  ['CustomFunctionsRuntime', '1.4'],
  ['ExcelApi', '1.16'],
];

/** Answers per Office context and list of sets: a host's requirement sets do not change while it runs. */
const setAnswers = new WeakMap<object, Map<ReadonlyArray<readonly [string, string]>, boolean>>();

/** Every set of `sets` is supported; every cell asks, so the answer is kept per Office context. */
function supportsAll(sets: ReadonlyArray<readonly [string, string]>): boolean {
  const context = typeof Office === 'undefined' ? undefined : Office.context;
  if (!context) return false;
  let answers = setAnswers.get(context);
  const known = answers?.get(sets);
  if (known !== undefined) return known;
  if (!context.requirements) return false; // not kept: a page outside Office, or Office not ready yet
  const answer = sets.every(([name, version]) => isSetSupported(name, version));
  if (!answers) setAnswers.set(context, (answers = new Map()));
  answers.set(sets, answer);
  return answer;
}

/** Cells can carry data types with provider attribution (logo + link in the card): ATTRIBUTED_VALUE_SETS. */
export function supportsDataTypes(): boolean {
  return supportsAll(ATTRIBUTED_VALUE_SETS);
}

/** Custom functions can return entities (CLIMATE.ORG's card, read with `=B2.Score`): ENTITY_VALUE_SETS. */
export function supportsEntities(): boolean {
  return supportsAll(ENTITY_VALUE_SETS);
}

/** Images can be placed on a sheet (`worksheet.shapes.addImage`). */
export function supportsImages(): boolean {
  return isSetSupported('ExcelApi', '1.9');
}

/** Charts can be added to a sheet: Worksheet.charts, ChartCollection.add (ExcelApi 1.1, per the typings). */
export function drawsCharts(): boolean {
  return isSetSupported('ExcelApi', '1.1');
}

/**
 * Series can be added to a chart and styled: ChartSeriesCollection.add, ChartSeries.setValues and
 * setXAxisValues, ChartLineFormat.lineStyle (ExcelApi 1.7, per the typings).
 */
export function addsChartSeries(): boolean {
  return isSetSupported('ExcelApi', '1.7');
}

/** Shows the task pane (SharedRuntime 1.1); a no-op where the host cannot. */
export async function showPane(): Promise<void> {
  if (typeof Office === 'undefined' || typeof Office.addin?.showAsTaskpane !== 'function') return;
  await Office.addin.showAsTaskpane();
}

/**
 * Formulas spill (dynamic arrays: SORTBY, FILTER, SEQUENCE). No requirement set names them; the spill
 * APIs (Range.getSpillingToRange) arrived with ExcelApi 1.12, so a host with 1.12 calculates them. Not
 * the later array functions (TAKE, DROP, VSTACK): Excel 2021 reports ExcelApi 1.14 and lacks them.
 */
export function supportsDynamicArrays(): boolean {
  return isSetSupported('ExcelApi', '1.12');
}

/** A sheet's protection and its columns' visibility can be read: Worksheet.protection, Range.columnHidden (ExcelApi 1.2). */
export function readsSheetState(): boolean {
  return isSetSupported('ExcelApi', '1.2');
}

/** Whether the workbook's structure is protected can be read: Workbook.protection (ExcelApi 1.7). */
export function readsWorkbookProtection(): boolean {
  return isSetSupported('ExcelApi', '1.7');
}

/** A range's merged areas can be listed: Range.getMergedAreasOrNullObject (ExcelApi 1.13). */
export function listsMergedAreas(): boolean {
  return isSetSupported('ExcelApi', '1.13');
}
