/**
 * The globals Excel's custom-functions runtime gives a functions bundle, as far as ours uses them:
 * `CustomFunctions` (associate, Error, ErrorCode), `Office` (onReady, context.requirements,
 * context.document.settings, addin.setStartupBehavior), `OfficeRuntime.storage` and `Excel.run`
 * (with `delayForCellEdit`) over worksheets -> getRange/getRangeByIndexes/getUsedRangeOrNullObject ->
 * calculate, load of formulas/values/valueTypes and formulas written, and application.calculate (a
 * request over Excel on the web's size limit refused: requestPayload.ts; any request refused while a
 * cell is being edited, as Office.js does, unless delayed). They are bound
 * to a Workbook, which does the calculating. Realm-neutral: installed on a vm context in Node and on
 * `window` in Chromium.
 */
import { columnName, expandRange, quoteSheet } from '../stand-ins/addresses';
import { checkRequestSize, type QueuedCalculation } from './requestPayload';

/** CustomFunctions.ErrorCode as the runtime defines it. */
export const ERROR_CODES = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
} as const;

/** CustomFunctions.Error: a code and, for #VALUE! and #N/A, a message Excel shows. */
export class CustomFunctionsError {
  readonly code: string;
  readonly message?: string;

  constructor(code: string, message?: string) {
    if (!Object.values(ERROR_CODES).includes(code as never)) throw new Error(`harness: unknown error code ${code}`);
    this.code = code;
    if (message !== undefined) this.message = message;
  }
}

/** A block of a sheet by its indexes (0-based row and column, as Range.rowIndex/columnIndex). */
export interface Block {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** What `range.load('formulas, values, valueTypes')` reads of a block, row by row. */
export interface BlockContents {
  formulas: unknown[][];
  values: unknown[][];
  valueTypes: string[][];
}

/** What the globals need from the workbook behind them. */
export interface GlobalsHost {
  associate(id: string, fn: (...args: unknown[]) => unknown): void;
  isSetSupported(name: string, version: string): boolean | null; // null: requirements absent
  /** Runs an Excel.run batch: counted, so the workbook knows when a recalculation is pending. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The calculations a `context.sync()` executes; rejects for an unknown sheet, as Excel does. */
  calculate(ranges: QueuedCalculation[]): void;
  /** `application.calculate('Full')`: every formula cell is calculated again. */
  calculateAll(): void;
  /** The code Excel refuses a request with while a cell is being edited; null when none is. */
  editRefusal(): string | null;
  /** Resolves once no cell is being edited (what `delayForCellEdit` waits for). */
  editEnded(): Promise<void>;
  /** The worksheets' names, in tab order. */
  sheetNames(): string[];
  /** Worksheet.getUsedRangeOrNullObject: null for a sheet with nothing on it; throws ItemNotFound for no such sheet. */
  usedRange(sheet: string): Block | null;
  /** Range.load of formulas, values and valueTypes; throws ItemNotFound for no such sheet. */
  read(sheet: string, block: Block): BlockContents;
  /** Range.formulas set: each formula entered anew (and calculated), each other entry written as a value. */
  write(sheet: string, block: Block, formulas: unknown[][]): void;
  /** Office.addin.setStartupBehavior, kept with the document. */
  setStartupBehavior(behavior: string): void;
  startupBehavior(): string;
  storage: Map<string, string>;
  /** Office.context.document.settings: what the workbook file carries (values kept as JSON copies). */
  documentSettings: Map<string, unknown>;
  /** Office.context.displayLanguage: Office's interface language as a tag (Context.displayLanguage in the typings). */
  displayLanguage: string;
}

export interface RequestContextShim {
  workbook: {
    worksheets: WorksheetCollectionShim;
    application: { calculate(type: string): void };
  };
  sync(): Promise<void>;
}

interface WorksheetCollectionShim {
  getItem(name: string): WorksheetShim;
  getActiveWorksheet(): WorksheetShim;
  load(properties?: string): WorksheetCollectionShim;
  readonly items: WorksheetShim[];
}

interface WorksheetShim {
  readonly name: string;
  getRange(address: string): RangeShim;
  getRangeByIndexes(row: number, column: number, rows: number, columns: number): RangeShim;
  getUsedRangeOrNullObject(valuesOnly?: boolean): RangeShim;
}

/** OfficeRuntime.storage over a map the test can read (values are strings, as in Office). */
function storageShim(items: Map<string, string>) {
  const text = (value: unknown) => {
    if (typeof value !== 'string') throw new Error('OfficeRuntime.storage stores strings only');
    return value;
  };
  return {
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, text(value)),
    removeItem: async (key: string) => void items.delete(key),
    getItems: async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, items.get(key) ?? null])),
    setItems: async (values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) items.set(key, text(value));
    },
    removeItems: async (keys: string[]) => {
      for (const key of keys) items.delete(key);
    },
    getKeys: async () => [...items.keys()],
  };
}

/** Office.Settings over a map: values are copied in and out, as the real settings serialize them. */
function documentSettingsShim(items: Map<string, unknown>) {
  const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
  return {
    get: (name: string) => (items.has(name) ? copy(items.get(name)) : null),
    set: (name: string, value: unknown) => void items.set(name, copy(value)),
    remove: (name: string) => void items.delete(name),
    saveAsync: (callback?: (result: { status: string }) => void) => callback?.({ status: 'succeeded' }),
  };
}

/**
 * What Office.js rejects a request with while a cell is being edited. Microsoft's page on it
 * (excel-add-ins-delay-in-cell-edit) says the batch "fails (`InvalidOperation` error)"; Office.js's
 * own message and `Excel.ErrorCodes` also know `InvalidOperationInCellEditMode`. Which one a client
 * sends is the workbook's `cellEditRefusal`.
 */
export function cellEditModeError(code: string): Error {
  const message =
    "The operation isn't available while Excel is in Edit cell mode. Exit Edit mode by using the Enter or Tab keys, or by selecting another cell, and then try again.";
  return Object.assign(new Error(message), { code });
}

/** An Office.js proxy property read before it was loaded and synced (Office.js throws PropertyNotLoaded). */
function notLoaded(property: string): never {
  throw Object.assign(new Error(`The property '${property}' is not available. Call load and sync first.`), {
    code: 'PropertyNotLoaded',
  });
}

/**
 * Excel.CalculationType: `Full` and `FullRebuild` calculate every formula again; `Recalculate` only what
 * changed since the last calculation, which never includes a (non-volatile) custom function's cell here.
 */
const CALCULATES_ALL = new Set(['Full', 'FullRebuild']);

/** What a context's next `sync()` executes, in order: calculations, writes, then loads. */
interface Queue {
  calculations: QueuedCalculation[];
  all: boolean;
  writes: Array<() => void>;
  loads: Array<() => void>;
}

/** "B2:D4" of a block (0-based indexes). */
function blockAddress(block: Block): string {
  const corner = (row: number, column: number) => `${columnName(column)}${row + 1}`;
  const last = corner(block.row + block.rows - 1, block.column + block.columns - 1);
  const first = corner(block.row, block.column);
  return first === last ? first : `${first}:${last}`;
}

function blockOf(address: string): Block {
  const cells = expandRange(address);
  const rows = cells.map((cell) => cell.row - 1);
  const columns = cells.map((cell) => cell.column);
  const [row, column] = [Math.min(...rows), Math.min(...columns)];
  return { row, column, rows: Math.max(...rows) - row + 1, columns: Math.max(...columns) - column + 1 };
}

/**
 * A range proxy: `calculate()` and a `formulas` write are queued for the next sync; `load` fills
 * `formulas`, `values`, `valueTypes`, `address` and the indexes there, read before that -> PropertyNotLoaded.
 * A used range asked of an empty sheet is a null object (`isNullObject`, ExcelApi 1.4).
 */
class RangeShim {
  private loaded: (BlockContents & Block & { address: string; isNullObject: boolean }) | null = null;

  constructor(
    private readonly host: GlobalsHost,
    private readonly queue: Queue,
    private readonly sheet: string | null,
    /** The block, found at sync (a used range is Excel's to work out); null: a null object. */
    private readonly where: () => Block | null,
    /** The address as the add-in wrote it, for a calculation. */
    private readonly written: string | null,
  ) {}

  calculate(): void {
    const address = this.written ?? blockAddress(this.where()!);
    this.queue.calculations.push({ sheet: this.sheet, address });
  }

  load(_properties?: string): RangeShim {
    this.queue.loads.push(() => {
      const block = this.where();
      const sheet = this.sheet ?? 'Sheet1';
      const address = block ? `${quoteSheet(sheet)}!${blockAddress(block)}` : '';
      const contents = block ? this.host.read(sheet, block) : { formulas: [], values: [], valueTypes: [] };
      const none = { row: 0, column: 0, rows: 0, columns: 0 };
      this.loaded = { ...(block ?? none), ...contents, address, isNullObject: block === null };
    });
    return this;
  }

  get isNullObject(): boolean {
    return this.loaded?.isNullObject ?? notLoaded('isNullObject');
  }
  get address(): string {
    return this.loaded?.address ?? notLoaded('address');
  }
  get rowIndex(): number {
    return this.loaded?.row ?? notLoaded('rowIndex');
  }
  get columnIndex(): number {
    return this.loaded?.column ?? notLoaded('columnIndex');
  }
  get rowCount(): number {
    return this.loaded?.rows ?? notLoaded('rowCount');
  }
  get columnCount(): number {
    return this.loaded?.columns ?? notLoaded('columnCount');
  }
  get values(): unknown[][] {
    return this.loaded?.values ?? notLoaded('values');
  }
  get valueTypes(): string[][] {
    return this.loaded?.valueTypes ?? notLoaded('valueTypes');
  }
  get formulas(): unknown[][] {
    return this.loaded?.formulas ?? notLoaded('formulas');
  }
  set formulas(formulas: unknown[][]) {
    this.queue.writes.push(() => this.host.write(this.sheet ?? 'Sheet1', this.where()!, formulas));
  }
}

function requestContext(host: GlobalsHost, delayForCellEdit: boolean): RequestContextShim {
  const queue: Queue = { calculations: [], all: false, writes: [], loads: [] };
  const worksheet = (sheet: string | null): WorksheetShim => ({
    get name() {
      return sheet ?? notLoaded('name');
    },
    getRange: (address: string) => new RangeShim(host, queue, sheet, () => blockOf(address), address),
    getRangeByIndexes: (row: number, column: number, rows: number, columns: number) =>
      new RangeShim(host, queue, sheet, () => ({ row, column, rows, columns }), null),
    getUsedRangeOrNullObject: () => new RangeShim(host, queue, sheet, () => host.usedRange(sheet ?? 'Sheet1'), null),
  });
  let items: WorksheetShim[] | null = null;
  const worksheets: WorksheetCollectionShim = {
    getItem: (name: string) => worksheet(name),
    getActiveWorksheet: () => worksheet(null),
    load() {
      queue.loads.push(() => (items = host.sheetNames().map(worksheet)));
      return worksheets;
    },
    get items() {
      return items ?? notLoaded('items');
    },
  };
  const application = {
    calculate: (type: string) => {
      if (!['Recalculate', ...CALCULATES_ALL].includes(type)) throw new Error(`harness: no calculation type ${type}`);
      queue.all ||= CALCULATES_ALL.has(type);
    },
  };
  return {
    workbook: { worksheets, application },
    async sync() {
      const { calculations, all, writes, loads } = queue;
      [queue.calculations, queue.all, queue.writes, queue.loads] = [[], false, [], []];
      if (calculations.length === 0 && !all && writes.length === 0 && loads.length === 0) return;
      let refusal = host.editRefusal();
      // delayForCellEdit (Excel.RunOptions, ExcelApi 1.11): the batch waits until the user leaves the cell.
      if (refusal !== null && delayForCellEdit && host.isSetSupported('ExcelApi', '1.11') === true) {
        await host.editEnded();
        refusal = host.editRefusal();
      }
      if (refusal !== null) throw cellEditModeError(refusal);
      checkRequestSize(calculations); // Excel on the web refuses the whole request
      if (calculations.length > 0) host.calculate(calculations);
      if (all) host.calculateAll();
      for (const write of writes) write();
      for (const load of loads) load();
    },
  };
}

export function officeGlobals(host: GlobalsHost) {
  const CustomFunctions = {
    associate(
      idOrMappings: string | Record<string, (...args: unknown[]) => unknown>,
      fn?: (...args: unknown[]) => unknown,
    ) {
      if (typeof idOrMappings === 'string') host.associate(idOrMappings, fn as (...args: unknown[]) => unknown);
      else for (const [id, mapped] of Object.entries(idOrMappings)) host.associate(id, mapped);
    },
    Error: CustomFunctionsError,
    ErrorCode: ERROR_CODES,
  };
  const requirements = {
    isSetSupported: (name: string, version = '1.1') => host.isSetSupported(name, version) === true,
  };
  const Office = {
    HostType: { Excel: 'Excel' },
    StartupBehavior: { none: 'None', load: 'Load' },
    // Office.addin (SharedRuntime 1.1): whether the runtime starts with this document (run-code-on-document-open).
    addin: {
      setStartupBehavior: async (behavior: string) => host.setStartupBehavior(behavior),
      getStartupBehavior: async () => host.startupBehavior(),
    },
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    context: {
      document: { settings: documentSettingsShim(host.documentSettings) },
      displayLanguage: host.displayLanguage,
      get requirements() {
        return host.isSetSupported('CustomFunctionsRuntime', '1.1') === null ? undefined : requirements;
      },
    },
    onReady: (callback?: (info: { host: string; platform: string }) => void) => {
      const info = { host: 'Excel', platform: 'OfficeOnline' };
      if (callback) callback(info);
      return Promise.resolve(info);
    },
  };
  const OfficeRuntime = { storage: storageShim(host.storage) };
  /** Excel.run(batch) or Excel.run(options, batch). */
  type Batch<T> = (context: RequestContextShim) => Promise<T>;
  const Excel = {
    run: <T>(first: Batch<T> | { delayForCellEdit?: boolean }, second?: Batch<T>) =>
      host.run(async () => {
        const batch = typeof first === 'function' ? first : second!;
        const delay = typeof first === 'object' && first.delayForCellEdit === true;
        const context = requestContext(host, delay);
        const result = await batch(context);
        await context.sync(); // Excel.run syncs what is still queued when the batch returns
        return result;
      }),
  };
  return { CustomFunctions, Office, OfficeRuntime, Excel };
}
