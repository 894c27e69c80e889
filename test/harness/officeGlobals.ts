/**
 * The globals Excel's custom-functions runtime gives a functions bundle, as far as ours uses them:
 * `CustomFunctions` (associate, Error, ErrorCode), `Office` (onReady, context.requirements,
 * context.document.settings), `OfficeRuntime.storage` and `Excel.run` with worksheets -> getRange ->
 * calculate and application.calculate (a request over Excel on the web's size limit refused:
 * requestPayload.ts; any request refused while a cell is being edited, as Office.js does). They are bound
 * to a Workbook, which does the calculating. Realm-neutral: installed on a vm context in Node and on
 * `window` in Chromium.
 */
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
  /** A cell is being edited: Excel takes no request until the user leaves it. */
  editing(): boolean;
  storage: Map<string, string>;
  /** Office.context.document.settings: what the workbook file carries (values kept as JSON copies). */
  documentSettings: Map<string, unknown>;
}

export interface RequestContextShim {
  workbook: {
    worksheets: { getItem(name: string): WorksheetShim; getActiveWorksheet(): WorksheetShim };
    application: { calculate(type: string): void };
  };
  sync(): Promise<void>;
}

interface WorksheetShim {
  getRange(address: string): { calculate(): void };
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

/** What Office.js rejects a request with while a cell is being edited (its code, and its message in English). */
function cellEditModeError(): Error {
  const message =
    "The operation isn't available while Excel is in Edit cell mode. Exit Edit mode by using the Enter or Tab keys, or by selecting another cell, and then try again.";
  return Object.assign(new Error(message), { code: 'InvalidOperationInCellEditMode' });
}

/**
 * Excel.CalculationType: `Full` and `FullRebuild` calculate every formula again; `Recalculate` only what
 * changed since the last calculation, which never includes a (non-volatile) custom function's cell here.
 */
const CALCULATES_ALL = new Set(['Full', 'FullRebuild']);

function requestContext(host: GlobalsHost): RequestContextShim {
  let queued: QueuedCalculation[] = [];
  let all = false;
  const worksheet = (sheet: string | null): WorksheetShim => ({
    getRange: (address: string) => ({ calculate: () => void queued.push({ sheet, address }) }),
  });
  const application = {
    calculate: (type: string) => {
      if (!['Recalculate', ...CALCULATES_ALL].includes(type)) throw new Error(`harness: no calculation type ${type}`);
      all ||= CALCULATES_ALL.has(type);
    },
  };
  return {
    workbook: {
      worksheets: { getItem: (name: string) => worksheet(name), getActiveWorksheet: () => worksheet(null) },
      application,
    },
    async sync() {
      const [batch, whole] = [queued, all];
      [queued, all] = [[], false];
      if (batch.length === 0 && !whole) return;
      if (host.editing()) throw cellEditModeError();
      checkRequestSize(batch); // Excel on the web refuses the whole request
      if (batch.length > 0) host.calculate(batch);
      if (whole) host.calculateAll();
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
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    context: {
      document: { settings: documentSettingsShim(host.documentSettings) },
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
  const Excel = {
    run: <T>(batch: (context: RequestContextShim) => Promise<T>) =>
      host.run(async () => {
        const context = requestContext(host);
        const result = await batch(context);
        await context.sync(); // Excel.run syncs what is still queued when the batch returns
        return result;
      }),
  };
  return { CustomFunctions, Office, OfficeRuntime, Excel };
}
