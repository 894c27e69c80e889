/**
 * The harness in Node: the built scripts run in a fresh `vm` context whose globals are what the
 * shared runtime page offers a functions bundle — the Office globals of the harness, a `location`
 * on the add-in's origin, `self`/`window`, timers, fetch (undici) and the URL/abort/encoding
 * classes — and nothing of Node (no require, process or Buffer).
 */
import { readFileSync } from 'fs';
import path from 'path';
import vm from 'vm';
import { builtFunctions } from './dist';
import type { WorkbookSession } from './session';
import type { HarnessOptions } from './types';
import { Workbook } from './workbook';

export interface NodeWorkbookOptions extends Omit<HarnessOptions, 'metadata'> {
  distDir?: string;
  /** The runtime page's address; the add-in's assets are resolved against it. */
  location?: string;
  /** The runtime's `fetch` (default Node's), e.g. one that records what the add-in sends and gets. */
  fetch?: typeof fetch;
  /**
   * The runtime's IndexedDB (e.g. fake-indexeddb's IDBFactory; absent by default, as where a host has
   * none). Hand the same one to a second session to reopen the workbook over what the first stored.
   */
  indexedDB?: unknown;
  /**
   * A workbook opened again, as Excel opens a saved file: its grid (formulas, values) and settings
   * storage under a new runtime, once the last one was closed and released (Workbook.releaseRuntime);
   * `Workbook.reopen` then does what Excel does on open (desktop or web). Without it, a new empty workbook.
   */
  workbook?: Workbook;
}

export interface NodeWorkbookSession extends WorkbookSession {
  /** The in-process workbook, for what JSON cannot carry (benchmark heap, direct inspection). */
  readonly workbook: Workbook;
  readonly context: vm.Context;
}

/** Where the dev server serves the add-in: https, as Excel requires. */
export const DEFAULT_LOCATION = 'https://localhost:3000/taskpane.html';

export async function openNodeWorkbook(options: NodeWorkbookOptions = {}): Promise<NodeWorkbookSession> {
  const built = builtFunctions(options.distDir);
  // The workbook (Excel) gets what Excel has, not the runtime's own fetch or IndexedDB: what those hold
  // (open connections and their handlers) belongs to the runtime, and goes with it when it closes.
  const {
    distDir: _distDir,
    location: _location,
    fetch: _fetch,
    indexedDB: _indexedDB,
    workbook: saved,
    ...excel
  } = options;
  const workbook = saved ?? new Workbook({ ...excel, metadata: built.metadata });
  const errors: string[] = [];
  const console = {
    log: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    warn: () => undefined,
    error: (...args: unknown[]) => void errors.push(args.map(String).join(' ')),
  };
  const timers = new TimerSet();
  const context = vm.createContext({
    ...workbook.globals,
    console,
    location: new URL(options.location ?? DEFAULT_LOCATION),
    ...timers.globals(),
    queueMicrotask,
    fetch: options.fetch ?? fetch,
    Headers,
    Request,
    Response,
    FormData,
    AbortController,
    AbortSignal,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    structuredClone,
    performance,
    crypto: globalThis.crypto,
    ...(options.indexedDB === undefined ? {} : { indexedDB: options.indexedDB }),
  });
  vm.runInContext('globalThis.self = globalThis; globalThis.window = globalThis;', context);
  for (const script of built.scripts) {
    const file = path.join(built.distDir, script);
    runScript(readFileSync(file, 'utf8'), context, file);
  }
  return {
    runtime: 'node',
    workbook,
    context,
    calculate: async (sheet) => workbook.enter(sheet),
    settled: (timeoutMs) => workbook.settled(timeoutMs),
    results: async () => workbook.report(),
    recalculate: async (addresses) => workbook.recalculate(addresses),
    preview: (formula, address) => workbook.preview(formula, address),
    setRequirement: async (name, version) => workbook.setRequirement(name, version),
    storage: async () => workbook.storageSnapshot(),
    stats: async () => workbook.stats(),
    errors: () => [...errors],
    // Closing the workbook ends the runtime: its pending timers (polling, cache writes) never fire.
    close: async () => timers.closeAll(),
  };
}

/** Names a script can take as parameters: identifiers, not the ones strict code may not bind. */
const BINDABLE = /^[A-Za-z_$][\w$]*$/;
const UNBOUND = new Set(['eval', 'arguments', 'undefined', 'NaN', 'Infinity']);

/**
 * Runs a script of the runtime page with the page's globals handed to it as parameters of the same
 * names. A browser reads a page's globals about as fast as locals; in a `vm` context every read goes
 * through Node's interceptor (some 100 ns: `Object.keys` or `Promise` in every call of a 400,000-cell
 * sheet adds seconds no Excel runtime pays, and the baselines, which run outside the context, would
 * not pay either). The values are the context's at load: nothing on the page replaces its globals,
 * and a script's own top-level declarations stay its own (webpack's scripts share only through
 * `globalThis` properties).
 */
function runScript(source: string, context: vm.Context, filename: string): void {
  const read = vm.runInContext(
    '(bindable, unbound) => Object.getOwnPropertyNames(globalThis).filter((name) => bindable.test(name) && !unbound.has(name))' +
      '.map((name) => [name, globalThis[name]])',
    context,
  ) as (bindable: RegExp, unbound: Set<string>) => Array<[string, unknown]>;
  const globals = read(BINDABLE, UNBOUND);
  // The source starts on the wrapper's first line: its line numbers stay those of the file.
  const script = vm.runInContext(`(function (${globals.map(([name]) => name).join(', ')}) {${source}\n})`, context, {
    filename,
  }) as (...values: unknown[]) => void;
  script.apply(
    vm.runInContext('globalThis', context),
    globals.map(([, value]) => value),
  );
}

/** The runtime's timers, tracked so that closing the workbook stops them. */
class TimerSet {
  private readonly active = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  globals() {
    return {
      setTimeout: (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        if (this.closed) return undefined;
        const handle = setTimeout(() => {
          this.active.delete(handle);
          fn(...args);
        }, ms);
        this.active.add(handle);
        return handle;
      },
      clearTimeout: (handle: ReturnType<typeof setTimeout> | undefined) => {
        if (handle === undefined) return;
        this.active.delete(handle);
        clearTimeout(handle);
      },
      setInterval: (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        if (this.closed) return undefined;
        const handle = setInterval(fn, ms, ...args);
        this.active.add(handle);
        return handle;
      },
      clearInterval: (handle: ReturnType<typeof setInterval> | undefined) => {
        if (handle === undefined) return;
        this.active.delete(handle);
        clearInterval(handle);
      },
    };
  }

  closeAll(): void {
    this.closed = true;
    for (const handle of this.active) clearTimeout(handle);
    this.active.clear();
  }
}
