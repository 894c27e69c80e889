/**
 * A fake Excel for the pane's page: `Excel.run` over in-memory sheets (the test's sheet, any others it
 * gives, and those the add-in adds) that records what the pane writes (values, formulas, number
 * formats, inserted rows, hidden columns, images, charts with their type and source range,
 * recalculations, conditional formats, tables with their header and total rows, protected sheets and
 * workbook structure (writes fail with AccessDenied), merged areas (a write into part of one fails
 * with InvalidOperation), hidden columns, the selection: one block, or several areas, which
 * Workbook.getSelectedRange refuses with InvalidSelection as docs/excel/excel-add-ins-workbooks.md of
 * office-js-docs-pr says Excel does), plus `Office.context.document` settings and the
 * ribbon's actions, and the files of the workbooks it was asked to create (Excel.createWorkbook). It implements only the slice of the Excel API that src/office uses, with the same
 * names, so the built bundle runs unchanged; it calculates only what the card layout needs
 * (cardFormulas.ts).
 *
 * This module runs in the page: bundled with its parts and the models it shares with the workbook
 * harness (test/stand-ins/) by index.ts, it leaves `installExcelShim` on the window for the script
 * index.ts writes to call before the page's own scripts run.
 */
import { MERGED_AREAS_LIMIT, REQUEST_PAYLOAD_LIMIT } from '../../../stand-ins/limits';
import { setSupported } from '../../../stand-ins/requirementSets';
import { shimCardFormulas } from './cardFormulas';
import * as grid from './grid';
import { shimRange } from './range';
import { shimSettings } from './settings';
import type { Book, ShimLimits, ShimSheet, Sheet, WorkbookDump } from './types';
import { shimWorksheet } from './worksheet';

/** What this bundle leaves on the page's window. */
export interface ShimWindow {
  installExcelShim(sheet: ShimSheet): void;
}

/** Excel's limits, as Microsoft gives them (test/stand-ins/limits.ts): every host, as the pane runs on the web too. */
const LIMITS: ShimLimits = { payloadBytes: REQUEST_PAYLOAD_LIMIT, mergedAreas: MERGED_AREAS_LIMIT };

function installExcelShim(sheet: ShimSheet): void {
  const page = window as unknown as Record<string, unknown>;
  const ribbon: Record<string, (event: { completed(): void }) => void> = {};
  /** Excel's error object: its code is what callers tell errors apart by. */
  const excelError = (code: string, message: string): Error => Object.assign(new Error(message), { code });
  const book: Book = {
    error: excelError,
    tooLarge: () =>
      excelError(
        'RequestPayloadSizeLimitExceeded',
        'The request payload size has exceeded the limit. Please refer to the documentation: ' +
          'https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins.',
      ),
    limits: LIMITS,
    // Every set, when the test names none (as the pane's own checks then find no requirements at all).
    supports: (set, version) => !sheet.requirements || setSupported(sheet.requirements, set, version),
    loads: [],
    requestBytes: 0,
    responses: [],
    sheets: [],
    selection: { ...sheet.selection },
    moreAreas: (sheet.moreAreas ?? []).map((area) => ({ ...area })),
    failure: null,
    refused(state) {
      if (!book.failure && state?.protected)
        book.failure = excelError('AccessDenied', "The cell or chart you're trying to change is on a protected sheet.");
      return book.failure !== null;
    },
    workbookProtected: sheet.workbookProtected === true,
    active: sheet.name,
    pendingFormats: new Map(),
    dump: {
      cells: [],
      inserts: [],
      shapes: [],
      calculations: [],
      documentSettings: { ...(sheet.documentSettings ?? {}) },
      documentSettingsSaves: 0,
      conditionalFormats: [],
      selection: { ...sheet.selection },
      sheets: [],
      activeSheet: sheet.name,
      createdWorkbooks: [],
    },
  };
  const formulas = shimCardFormulas(sheet.entities);
  const range = shimRange(book, formulas);
  const makeWorksheet = shimWorksheet(book, range);

  const addSheet = (
    name: string,
    rows: ShimSheet['rows'],
    images: ShimSheet['images'] = [],
    tables: ShimSheet['tables'] = [],
  ): Sheet => {
    const id = `{00000000-0001-0000-${String(book.sheets.length).padStart(4, '0')}-000000000000}`;
    const state: Sheet = {
      name,
      id,
      cells: new Map(),
      charts: [],
      hidden: new Set(),
      protected: false,
      merged: [],
      tables: tables.map((table) => ({ ...table, box: { ...table.box } })),
      worksheet: {},
      shapes: () => [],
    };
    rows.forEach((row, r) =>
      row.forEach((value, c) => {
        if (value !== null && value !== '') state.cells.set(grid.key(r, c), { value, formula: null, bold: false });
      }),
    );
    state.worksheet = makeWorksheet(state, images);
    book.sheets.push(state);
    return state;
  };
  Object.assign(addSheet(sheet.name, sheet.rows, sheet.images, sheet.tables), {
    protected: sheet.protected === true,
    merged: sheet.merged ?? [],
    hidden: new Set(sheet.hiddenColumns),
  });
  for (const other of sheet.otherSheets ?? []) addSheet(other.name, other.rows);
  const find = (name: string): Sheet | undefined =>
    book.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  const first = (): Sheet => book.sheets[0];

  const activeSheet = (): Sheet => find(book.active) ?? first();
  const context = {
    workbook: {
      // Workbook.getSelectedRange: a selection of several areas fails the request with InvalidSelection.
      getSelectedRange: () => {
        if (book.moreAreas.length > 0)
          book.failure = excelError('InvalidSelection', 'The current selection is invalid for this operation.');
        return range(activeSheet(), book.selection);
      },
      // Workbook.getSelectedRanges (ExcelApi 1.9): every area, as a RangeAreas.
      getSelectedRanges: () => {
        const items = [book.selection, ...book.moreAreas].map((area) => range(activeSheet(), area));
        const collection = { items, load: () => collection };
        const areas = { areaCount: items.length, areas: collection, load: () => areas };
        return areas;
      },
      worksheets: {
        // WorksheetCollection.getItem: a missing sheet fails the request at sync() with ItemNotFound (the
        // typings: "Gets a worksheet object using its name or ID"; the *OrNullObject twin is for not failing).
        // Until then the add-in holds a stand-in whose every member is another stand-in.
        getItem(name: string) {
          const found = find(name);
          if (found) return found.worksheet;
          book.failure ??= excelError('ItemNotFound', "The requested resource doesn't exist.");
          const nothing: unknown = new Proxy(() => undefined, {
            get: (_, key) => (key === 'then' ? undefined : nothing),
            apply: () => nothing,
          });
          return nothing;
        },
        getItemOrNullObject: (name: string) => find(name)?.worksheet ?? { isNullObject: true, load: () => undefined },
        // WorksheetCollection.add(name): names are unique regardless of case, at most 31 characters,
        // and never History, which Excel keeps for itself.
        add(name: string) {
          if (book.workbookProtected)
            throw excelError('AccessDenied', 'The workbook is protected: its structure cannot be changed.');
          if (find(name)) throw new Error(`ItemAlreadyExists: a sheet called ${name} exists.`);
          if (!name || name.length > 31 || /[:\\/?*[\]]/.test(name) || /^history$/i.test(name))
            throw new Error(`InvalidArgument: ${name} cannot name a sheet.`);
          return addSheet(name, []).worksheet;
        },
        getActiveWorksheet: () => activeSheet().worksheet,
        // WorksheetCollection.load('items/name'): every sheet, in tab order.
        load() {
          return this;
        },
        get items() {
          return book.sheets.map((state) => state.worksheet);
        },
      },
      // Workbook.protection (ExcelApi 1.7): Review > Protect Workbook, which locks its structure.
      protection: {
        load() {
          return this;
        },
        get protected() {
          return book.workbookProtected;
        },
      },
      application: { calculate: (type: string) => void book.dump.calculations.push({ scope: 'workbook', type }) },
    },
    sync: async () => {
      // The response: every property loaded since the last sync, as JSON.
      const response = book.loads.reduce((sum, { of, properties }) => {
        const names = Array.isArray(properties) ? properties : String(properties ?? '').split(',');
        const loaded = Object.fromEntries(names.map((name) => [name.trim(), of[String(name).trim()]]));
        return sum + new TextEncoder().encode(JSON.stringify(loaded)).length;
      }, 0);
      Object.assign(book, { loads: [], requestBytes: 0 });
      book.responses.push(response);
      if (response > LIMITS.payloadBytes) book.failure ??= book.tooLarge();
      const failure = book.failure;
      book.failure = null;
      if (failure) throw failure;
      // Formats set before their cells were written land on them once both are in.
      for (const [k, format] of [...book.pendingFormats]) {
        const [id, cellKey] = k.split('|');
        const cell = book.sheets.find((s) => s.id === id)?.cells.get(cellKey);
        if (cell) {
          cell.numberFormat = format;
          book.pendingFormats.delete(k);
        }
      }
    },
  };
  // Excel.run(batch) or Excel.run(options, batch) (Excel.RunOptions, e.g. delayForCellEdit: no cell is
  // ever being edited here, so the batch runs at once).
  type Batch = (ctx: unknown) => Promise<unknown>;
  page.Excel = {
    run: async (first: Batch | object, second?: Batch) => (typeof first === 'function' ? first : second!)(context),
    // Excel.createWorkbook(base64File) (ExcelApi 1.8, the typings: "Creates and opens a new workbook …
    // pre-populated with a Base64-encoded .xlsx file"): the new workbook opens apart from this one, out of
    // the add-in's reach, so the shim only keeps the file, for the test to open as another program would.
    createWorkbook: async (base64?: string) => void book.dump.createdWorkbooks.push(base64 ?? ''),
  };

  // The document's saved settings: this page's own, or the store a test shares between pages (coauthors)
  // through the functions it exposes to each page (../sharedSettings.ts).
  let savedHere = JSON.stringify(book.dump.documentSettings);
  const shared = page as { __settingsLoad?: () => Promise<string>; __settingsStore?: (json: string) => Promise<void> };
  const settingsDocument = {
    load: async () => (shared.__settingsLoad ? shared.__settingsLoad() : savedHere),
    store: async (json: string) =>
      void (shared.__settingsStore ? await shared.__settingsStore(json) : (savedHere = json)),
  };
  const settings = shimSettings(book.dump.documentSettings, settingsDocument, () => {
    book.dump.documentSettingsSaves += 1;
  });
  // office.js (a plain script in <head>) has run once the document is interactive, and the add-in's
  // deferred bundles have not: registering here puts this onReady callback before theirs.
  document.addEventListener('readystatechange', () => {
    const office = page.Office as { onReady(callback: () => void): unknown; context: object } | undefined;
    if (document.readyState !== 'interactive' || !office) return;
    // The ribbon: Office.actions of a host with add-in commands, so a test can press a button.
    const associate = (name: string, handler: (event: { completed(): void }) => void) => void (ribbon[name] = handler);
    Object.defineProperty(office, 'actions', { configurable: true, value: { associate } });
    office.onReady(() => {
      Object.defineProperty(office.context, 'document', { configurable: true, value: { settings } });
      if (sheet.displayLanguage)
        Object.defineProperty(office.context, 'displayLanguage', { configurable: true, value: sheet.displayLanguage });
      if (sheet.officeTheme)
        Object.defineProperty(office.context, 'officeTheme', { configurable: true, value: { ...sheet.officeTheme } });
      const have = sheet.requirements;
      if (!have) return;
      const isSetSupported = (name: string, version: string) => setSupported(have, name, version);
      Object.defineProperty(office.context, 'requirements', { configurable: true, value: { isSetSupported } });
    });
  });

  page.__workbook = {
    /** Presses a ribbon button (an ExecuteFunction action the add-in associated). */
    press(name: string) {
      ribbon[name]?.({ completed: () => undefined });
    },
    /** Renames a sheet (double-click on its tab), as the person may while the pane works. */
    rename(from: string, to: string) {
      const state = find(from);
      if (state) state.name = to;
      if (book.active.toLowerCase() === from.toLowerCase()) book.active = to;
    },
    /** Review > Protect Sheet on a sheet of the workbook (one the add-in made, say). */
    protect(sheetName: string) {
      const state = find(sheetName);
      if (state) state.protected = true;
    },
    /** Selects a box, on another sheet when named (which becomes the active sheet, as in Excel). */
    select(box: Book['selection'], sheetName?: string) {
      if (sheetName) book.active = sheetName;
      book.selection = { ...box };
      book.moreAreas = [];
    },
    /** The cards CLIMATE.ORG answers with from the next calculation of its cell on (the service's records changed). */
    answerOnRecalculation(cards: Record<string, unknown>) {
      formulas.renew(cards);
    },
    /** How many CLIMATE.ORG cells of a sheet a Range.calculate calculated and no formula entry has since. */
    awaitingEntry(sheetName: string): number {
      const state = find(sheetName);
      return state ? formulas.awaitingEntry(state) : 0;
    },
    /** The bytes each sync so far loaded (its response), in order. */
    responses: (): number[] => [...book.responses],
    dump(): WorkbookDump {
      const list = (state: Sheet) => {
        const out = [...state.cells].map(([k, cell]) => {
          const [row, column] = grid.place(k);
          return {
            row,
            column,
            value: formulas.calculated(state, cell),
            formula: cell.formula,
            bold: cell.bold,
            numberFormat: cell.numberFormat ?? null,
          };
        });
        return out.sort((a, b) => a.row - b.row || a.column - b.column);
      };
      const sheets = book.sheets.map((state) => ({
        name: state.name,
        id: state.id,
        cells: list(state),
        charts: state.charts,
        hiddenColumns: [...state.hidden].sort((a, b) => a - b),
        shapes: state.shapes().map((shape) => String(shape.name)),
      }));
      const cells = list(first()).map(({ numberFormat: _, ...cell }) => cell);
      const { dump } = book;
      return JSON.parse(
        JSON.stringify({ ...dump, cells, selection: book.selection, sheets, activeSheet: book.active }),
      );
    },
  };
}

(window as unknown as ShimWindow).installExcelShim = installExcelShim;
