/**
 * The harness's vocabulary, shared by its Node and Chromium runtimes and by the tests and the
 * benchmark that drive it. Everything a session hands back is JSON-compatible data, so results read
 * the same whichever runtime calculated them.
 */
import type { Outcome } from '../stand-ins/cellOutcome';

/** functions.json as custom-functions-metadata generates it. */
export interface FunctionsMetadata {
  allowCustomDataForDataTypeAny?: boolean;
  allowErrorForDataTypeAny?: boolean;
  functions: FunctionMetadata[];
}

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: ParameterMetadata[];
  result: { type?: string; dimensionality?: 'scalar' | 'matrix' };
  options?: { requiresAddress?: boolean; cancelable?: boolean; stream?: boolean; volatile?: boolean };
}

export interface ParameterMetadata {
  name: string;
  description?: string;
  type?: string;
  dimensionality?: 'scalar' | 'matrix';
  optional?: boolean;
  repeating?: boolean;
}

/**
 * What a worksheet cell holds without a formula: Excel's four plain kinds, null for empty, or a data
 * type kept as a value (an entity pasted as a value, or saved in the workbook by an earlier session).
 */
export type InputValue = string | number | boolean | null | ({ type: string } & Record<string, unknown>);

/* A settled value or error (test/stand-ins/cellOutcome.ts), shared with the pane's Excel.run shim. */
export type { Outcome };

export type CellOutcome = Outcome | { kind: 'array'; rows: Outcome[][] } | { kind: 'busy' };

export interface CellReport {
  /** As an invocation sees it: "Sheet1!B2". */
  address: string;
  formula: string;
  outcome: CellOutcome;
  /** How many times Excel (the harness) called the function for this cell. */
  invocations: number;
  /**
   * The characters of JSON its latest result crossed the runtime's boundary as (returnedValues.ts);
   * 0 for a dot field or FIELDVALUE, which Excel computes itself.
   */
  bytes: number;
}

export type SheetResults = Record<string, CellReport>;

/**
 * A sheet to calculate: rows of inputs in columns A, B, ... from `firstRow` (default 2, under a
 * header row), and per column a formula template where `{row}` is the row number, e.g.
 * `{ C: '=CLIMATE.SCORE(A{row})' }`. `cells` places further values, e.g. field names in H1:J1.
 */
export interface SheetSpec {
  name?: string;
  firstRow?: number;
  inputs: InputValue[][];
  formulas: Record<string, string>;
  cells?: Record<string, InputValue>;
}

export interface HarnessOptions {
  metadata: FunctionsMetadata;
  /** OfficeRuntime.storage at start, e.g. the settings (base URL of the test sandbox, key). */
  storage?: Record<string, string>;
  /** Office.context.requirements of the host (set -> version); default the modern host of hostProfiles.ts. */
  requirements?: Record<string, string>;
  /** Office.context.requirements missing altogether, as in a plain browser page. */
  requirementsAbsent?: boolean;
  /** The workbook's document settings (Office.context.document.settings) at open, e.g. accepted matches. */
  documentSettings?: Record<string, unknown>;
  /** What a calculation does with a custom-function cell holding an error (ErrorCellsOnCalculate). */
  errorCells?: ErrorCellsOnCalculate;
  /** The code Excel refuses a request with while a cell is being edited (default `InvalidOperation`, as documented). */
  cellEditRefusal?: 'InvalidOperation' | 'InvalidOperationInCellEditMode';
  /**
   * Office.context.displayLanguage, the language of Office's interface as a tag ("de-DE"; the typings'
   * Context.displayLanguage); default "en-US".
   */
  displayLanguage?: string;
}

/**
 * What OfficeDev's trackers report of custom-function cells whose last result was an error, which
 * Microsoft's docs do not say: `recalculated` (the documented behaviour, the default); `first-ignored`:
 * the next calculation leaves the cell `#BUSY!` without invoking it and only the one after calls it
 * (office-js#3234, Excel-Custom-Functions#376); `never`: no calculation (a range's or a full one)
 * invokes it again (office-js#4502). Entering the formula again always calculates it.
 */
export type ErrorCellsOnCalculate = 'recalculated' | 'first-ignored' | 'never';

/**
 * How Excel opens a saved workbook: `desktop` keeps every saved value and invokes no custom function
 * (office-js#1567, "by design": only volatile and streaming functions recalculate on open); `web`
 * calculates every formula again (office-js#2012, #3911).
 */
export type ReopenedBy = 'desktop' | 'web';

export interface HarnessStats {
  /** Function calls made, and calls whose invocation was cancelled (onCanceled called). */
  invocations: number;
  cancellations: number;
  /** The characters of JSON every settled result crossed the runtime's boundary as, together (returnedValues.ts). */
  serializedBytes: number;
  /** Ids passed to CustomFunctions.associate, with the number of times each was. */
  associations: Record<string, number>;
  /** Each `context.sync()` of an Excel.run that calculated ranges: the cell addresses, in order. */
  recalculations: string[][];
  /** `application.calculate('Full')` (or FullRebuild) syncs: every formula of the workbook calculated. */
  fullCalculations: number;
  /** Excel.run batches started, and those still running. */
  excelRuns: number;
  excelRunsInFlight: number;
}
