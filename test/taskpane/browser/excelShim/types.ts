/**
 * What the fake Excel of the pane's page is given and gives back (the test's side), and the model its
 * parts share inside the page.
 */

export interface ShimSheet {
  name: string;
  rows: Array<Array<string | number | boolean | null>>;
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** More areas selected with `selection` (Ctrl+click, or Select Visible Cells over filtered rows). */
  moreAreas?: Array<ShimSheet['selection']>;
  /**
   * Office.context.displayLanguage, the language of Office's own interface as an RFC 1766 tag ("de-DE",
   * per Office's typings, Context.displayLanguage); absent: the property is left as office.js has it.
   */
  displayLanguage?: string;
  /**
   * Office.context.officeTheme, the theme chosen under File > Account (Office.OfficeTheme in Office's
   * typings: body and control colours as "#RRGGBB" triplets, isDarkTheme for Black and Dark Gray,
   * themeId); absent: the property is left as office.js has it, undefined outside Office, as Excel on
   * the web also leaves it (office-js#6134).
   */
  officeTheme?: {
    bodyBackgroundColor: string;
    bodyForegroundColor: string;
    controlBackgroundColor: string;
    controlForegroundColor: string;
    isDarkTheme?: boolean;
    themeId?: number;
  };
  /** Office.context.requirements as the host reports them (set -> version); absent: none, as outside Office. */
  requirements?: Record<string, string>;
  /** Images already floating on the first sheet (points; the shim's cells are 64 x 20). */
  images?: Array<{ name: string; left: number; top: number; width: number; height: number }>;
  /** Excel tables (ListObjects) on the first sheet: their whole range, header and total rows included. */
  tables?: ShimTable[];
  /** More sheets of the workbook, after the first (values only). */
  otherSheets?: Array<{ name: string; rows: Array<Array<string | number | boolean | null>> }>;
  /**
   * What CLIMATE.ORG returns on this host, per organization (its first argument's value, lower case):
   * an Entity cell value, or an error text such as `#N/A`. Absent: CLIMATE.ORG stays uncalculated.
   */
  entities?: Record<string, unknown>;
  /** Document settings the workbook arrives with (as a file someone sent would). */
  documentSettings?: Record<string, unknown>;
  /** Review > Protect Sheet on the first sheet: every write to it fails with AccessDenied. */
  protected?: boolean;
  /** Review > Protect Workbook (its structure): adding a sheet fails with AccessDenied. */
  workbookProtected?: boolean;
  /** Merged areas of the first sheet (Home > Merge & Center): a value sits in an area's top-left cell. */
  merged?: Box[];
  /** Hidden columns of the first sheet (0-based). */
  hiddenColumns?: number[];
}

/** Limits of Excel the shim enforces, with the figures Microsoft gives. */
export interface ShimLimits {
  /** Bytes of one request or response (Excel on the web: RequestPayloadSizeLimitExceeded above it). */
  payloadBytes: number;
  /** Merged areas Range.getMergedAreasOrNullObject returns at most (more: it fails). */
  mergedAreas: number;
}

/** An Excel table: its name, its range (header and total rows included) and which of those it shows. */
export interface ShimTable {
  name: string;
  box: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** Table.showHeaders: the first row of `box` is the header row (Excel's default). */
  showHeaders?: boolean;
  /** Table.showTotals: the last row of `box` is the total row. */
  showTotals?: boolean;
}

/** One sheet as the test reads it back. */
export interface SheetDump {
  name: string;
  id: string;
  cells: Array<{
    row: number;
    column: number;
    value: unknown;
    formula: string | null;
    bold: boolean;
    numberFormat: string | null;
  }>;
  /** Charts (sheet.charts.add(type, sourceData, seriesBy)): source as `'Sheet'!A1:B2`, position as its top-left cell. */
  charts: Array<{
    name: string;
    type: string;
    source: string;
    seriesBy: string;
    title: string;
    position: string | null;
    /** Its series: from the source as Excel makes them, and those added (ExcelApi 1.7); ranges without the sheet. */
    series: ChartSeries[];
  }>;
  hiddenColumns: number[];
  /** Names of the images on this sheet (all of them, with their placement, are in WorkbookDump.shapes). */
  shapes: string[];
}

/** What the test reads back (`window.__workbook.dump()`). */
export interface WorkbookDump {
  cells: Array<{ row: number; column: number; value: unknown; formula: string | null; bold: boolean }>;
  inserts: Array<{ row: number; count: number; direction: string }>;
  shapes: Array<{
    name: string;
    altTextDescription: string;
    base64Length: number;
    left: number;
    top: number;
    height: number;
  }>;
  calculations: Array<{ scope: 'workbook' | 'range'; type?: string; box?: number[] }>;
  documentSettings: Record<string, unknown>;
  documentSettingsSaves: number;
  /** Conditional formats added (range.conditionalFormats.add), with the custom rule and fill set on them. */
  conditionalFormats: Array<{ box: number[]; type: string; formula: string | null; fill: string | null }>;
  /** The selection now (range.select() moves it). */
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** Every sheet in order (the first is the one `cells` shows), and the active one's name. */
  sheets: SheetDump[];
  activeSheet: string;
  /** The base64 .xlsx file of each workbook Excel.createWorkbook was asked to open, in order. */
  createdWorkbooks: string[];
}

/** A chart's series: its name, its values and categories (`Q28:Q29`), how many points, its line style. */
export interface ChartSeries {
  name: string;
  values: string;
  categories: string | null;
  points: number;
  lineStyle: string;
}

/**
 * A cell as the shim keeps it: a formula's value is worked out when read (cardFormulas.ts), a
 * CLIMATE.ORG call's from `answers`, the cards the service answered when the cell was last calculated.
 */
export type Cell = {
  value: unknown;
  formula: string | null;
  bold: boolean;
  numberFormat?: string;
  answers?: Record<string, unknown>;
  /** How it was last calculated: its formula entered, or a Range.calculate over it. */
  calculatedBy?: 'entry' | 'range';
};
export type Box = { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
export type Chart = SheetDump['charts'][number];

export type Sheet = {
  name: string;
  id: string;
  cells: Map<string, Cell>;
  charts: Chart[];
  hidden: Set<number>;
  /** Review > Protect Sheet. */
  protected: boolean;
  merged: Box[];
  /** Its tables; inserted rows move them as they move cells. */
  tables: ShimTable[];
  /** The Excel.Worksheet the add-in is handed (worksheet.ts). */
  worksheet: Record<string, unknown>;
  shapes: () => Array<Record<string, unknown>>;
};

/** The workbook's state, shared by the parts and changed by what the add-in does. */
export interface Book {
  sheets: Sheet[];
  dump: WorkbookDump;
  selection: Box;
  /** Areas selected besides `selection` (a selection of several areas); empty for one block. */
  moreAreas: Box[];
  /** The error the next sync throws, as Excel reports a failed request there. */
  failure: Error | null;
  /** Excel's error object: its code is what callers tell errors apart by. */
  error(code: string, message: string): Error;
  /** Office.context.requirements.isSetSupported as the host answers it (every set, when the test names none). */
  supports(set: string, version: string): boolean;
  /** The error of a request or response over limits.payloadBytes. */
  tooLarge(): Error;
  /** Excel's limits the shim enforces (index.ts says where each comes from). */
  limits: ShimLimits;
  /** What the request being built loads (a range and the properties asked), measured at its sync. */
  loads: Array<{ of: Record<string, unknown>; properties: unknown }>;
  /** Bytes of the values and formulas the request being built writes. */
  requestBytes: number;
  /** Each sync's response, as bytes of the JSON it loaded: what a test reads to see how close a read came. */
  responses: number[];
  /**
   * Records a refusal for the next sync (the first one of a request counts). True when the request
   * already failed or `state` is protected: Excel runs nothing after a failed operation of a request.
   */
  refused(state: Sheet | null): boolean;
  /** Review > Protect Workbook. */
  workbookProtected: boolean;
  /** The active sheet's name. */
  active: string;
  /** Number formats set on cells not written yet, by `sheet id|cell key`: they land once the cell is. */
  pendingFormats: Map<string, string>;
}
