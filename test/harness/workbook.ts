/**
 * The harness core: a workbook that calculates custom-function formulas the way Excel does, with
 * the functions a bundle associated. Every formula cell is invoked concurrently; its previous value
 * is replaced by the result of its latest invocation only (an invocation that was superseded is
 * cancelled through `onCanceled` and its late result ignored); `range.calculate()` from `Excel.run`
 * re-invokes exactly the formula cells in the range. Results are kept as plain JSON per cell.
 *
 * Checks Excel makes and the harness makes too, so that wiring mistakes show up in tests:
 * - a formula names a function by its metadata name (namespace stripped); unknown or unassociated
 *   -> #NAME?; too few or too many arguments -> the formula is refused (a test mistake);
 * - arguments follow the metadata: omitted trailing ones are undefined, an empty cell is null,
 *   a `matrix` parameter gets a 2-D array, the invocation comes last when `requiresAddress` or
 *   `cancelable` is declared, and carries the address only with `requiresAddress`;
 * - what a function returns or throws becomes what Excel shows by the rules of returnedValues.ts
 *   (result shapes, which data types the host takes, Excel's rules for entities).
 *
 * Formulas may reference other formula cells: a cell waits (busy, not invoked) while a cell it
 * references is busy, takes that cell's error without being invoked when it holds one, and is
 * calculated again whenever that cell settles, as Excel recalculates dependents. Dot notation and
 * FIELDVALUE are Excel's own (entityFields.ts): calculated in the workbook, never a function call.
 * `preview` calls a function as Excel's formula-value preview does (CustomFunctionsRuntime 1.5).
 */
import { expandRange, formatCell, parseCell } from './addresses';
import { fieldOutcome, parseFieldFormula, type FieldFormula } from './entityFields';
import { resultOutcome, thrown, type ReturnHost } from './returnedValues';
import { parseFormula, type FormulaArgument, type ParsedFormula } from './formula';
import { MODERN_HOST, versionAtLeast } from './hostProfiles';
import { officeGlobals, type GlobalsHost } from './officeGlobals';
import type {
  CellOutcome,
  CellReport,
  FunctionMetadata,
  HarnessOptions,
  HarnessStats,
  InputValue,
  Outcome,
  ParameterMetadata,
  SheetResults,
  SheetSpec,
} from './types';

type CustomFunction = (...args: unknown[]) => unknown;

interface Cell {
  sheet: string;
  column: number;
  row: number;
  input: InputValue;
  formula:
    { text: string; parsed: ParsedFormula; field: null } | { text: string; parsed: null; field: FieldFormula } | null;
  outcome: CellOutcome;
  generation: number;
  invocations: number;
  /** The running invocation, to cancel when a newer one replaces it. */
  running: { onCanceled?: () => void } | null;
}

export class Workbook {
  readonly storage: Map<string, string>;
  readonly globals: ReturnType<typeof officeGlobals>;
  private readonly functions = new Map<string, CustomFunction>();
  private readonly byName = new Map<string, FunctionMetadata>();
  private readonly cells = new Map<string, Cell>();
  private readonly busy = new Set<Cell>();
  /** Per referenced cell's key, the formula cells that reference it. */
  private readonly dependents = new Map<string, Set<Cell>>();
  private readonly listeners = new Set<() => void>();
  private readonly requirements: Map<string, string>;
  private requirementsAbsent: boolean;
  private runsInFlight = 0;
  private readonly counters = { invocations: 0, cancellations: 0, excelRuns: 0 };
  private readonly associations: Record<string, number> = {};
  private readonly recalculations: string[][] = [];

  constructor(private readonly options: HarnessOptions) {
    for (const fn of options.metadata.functions) this.byName.set(fn.name.toUpperCase(), fn);
    this.storage = new Map(Object.entries(options.storage ?? {}));
    this.requirements = new Map(Object.entries(options.requirements ?? MODERN_HOST.requirements));
    this.requirementsAbsent = options.requirementsAbsent === true;
    const host: GlobalsHost = {
      associate: (id, fn) => {
        const key = id.toUpperCase();
        this.functions.set(key, fn);
        this.associations[key] = (this.associations[key] ?? 0) + 1;
      },
      isSetSupported: (name, version) => (this.requirementsAbsent ? null : this.supports(name, version)),
      run: (batch) => this.run(batch),
      calculate: (ranges) => this.calculateRanges(ranges),
      storage: this.storage,
      documentSettings: new Map(Object.entries(options.documentSettings ?? {})),
    };
    this.globals = officeGlobals(host);
  }

  // --- the sheet -----------------------------------------------------------------------------------

  /** Writes the inputs and formulas of a sheet, then invokes every formula at once. Returns their addresses. */
  enter(spec: SheetSpec): string[] {
    const sheet = spec.name ?? 'Sheet1';
    const firstRow = spec.firstRow ?? 2;
    spec.inputs.forEach((row, i) =>
      row.forEach((value, column) => (this.cellAt(sheet, column, firstRow + i).input = value)),
    );
    for (const [address, value] of Object.entries(spec.cells ?? {})) {
      const ref = parseCell(address);
      this.cellAt(ref.sheet ?? sheet, ref.column, ref.row).input = value;
    }
    const entered: Cell[] = [];
    spec.inputs.forEach((_row, i) => {
      for (const [column, template] of Object.entries(spec.formulas)) {
        const ref = parseCell(`${column}${firstRow + i}`);
        const cell = this.cellAt(sheet, ref.column, ref.row);
        const text = template.replace(/\{row\}/g, String(firstRow + i));
        const field = parseFieldFormula(text);
        cell.formula = field ? { text, parsed: null, field } : { text, parsed: parseFormula(text), field: null };
        this.check(cell);
        entered.push(cell);
      }
    });
    // All of them are dirty before any is calculated: a cell that references one waits for it.
    for (const cell of entered) {
      cell.outcome = { kind: 'busy' };
      this.busy.add(cell);
      for (const key of this.precedents(cell)) {
        const set = this.dependents.get(key) ?? new Set<Cell>();
        set.add(cell);
        this.dependents.set(key, set);
      }
    }
    for (const cell of entered) this.invoke(cell);
    return entered.map((cell) => this.address(cell));
  }

  /** Recalculates these formula cells, as F9 on them (or range.calculate) would. */
  recalculate(addresses: string[]): void {
    for (const address of addresses) {
      for (const ref of expandRange(address)) {
        const cell = this.cells.get(this.key(ref.sheet ?? 'Sheet1', ref.column, ref.row));
        if (cell?.formula) this.invoke(cell);
      }
    }
  }

  /**
   * Excel's formula-value preview of `text` typed into `address`: the function is called with
   * `isInValuePreview` and what it returns is shown, not kept. Null on hosts without it
   * (CustomFunctionsRuntime below 1.5), where Excel previews no custom function.
   */
  async preview(text: string, address = 'Sheet1!Z1'): Promise<CellOutcome | null> {
    if (!this.supports('CustomFunctionsRuntime', '1.5')) return null;
    const parsed = parseFormula(text);
    const meta = this.metadataFor(parsed.name);
    const fn = meta ? this.functions.get(meta.id.toUpperCase()) : undefined;
    if (!meta || !fn) return { kind: 'error', code: '#NAME?' };
    const sheet = parseCell(address).sheet ?? 'Sheet1';
    const args: unknown[] = meta.parameters.map((param, i) => this.argument(parsed.args[i], param, sheet));
    const invocation = { functionName: meta.id, isInValuePreview: true, address, onCanceled: undefined };
    if (meta.options?.requiresAddress || meta.options?.cancelable) args.push(invocation);
    this.counters.invocations += 1;
    try {
      return resultOutcome(await fn(...args), meta, this.returns);
    } catch (error) {
      return thrown(error);
    }
  }

  /** Every formula cell: its address, formula, current outcome and invocation count. */
  report(): SheetResults {
    const results: SheetResults = {};
    for (const cell of this.cells.values()) {
      if (!cell.formula) continue;
      const report: CellReport = {
        address: this.address(cell),
        formula: cell.formula.text,
        outcome: cell.outcome,
        invocations: cell.invocations,
      };
      results[report.address] = report;
    }
    return results;
  }

  setRequirement(name: string, version: string | null): void {
    if (version === null) this.requirements.delete(name);
    else this.requirements.set(name, version);
  }

  setRequirementsAbsent(absent: boolean): void {
    this.requirementsAbsent = absent;
  }

  stats(): HarnessStats {
    return {
      ...this.counters,
      associations: { ...this.associations },
      recalculations: this.recalculations.map((list) => [...list]),
      excelRunsInFlight: this.runsInFlight,
    };
  }

  storageSnapshot(): Record<string, string> {
    return Object.fromEntries(this.storage);
  }

  /** No cell busy and no Excel.run under way, for `quietMs` in a row (a settle may trigger a recalc). */
  isSettled(): boolean {
    return this.busy.size === 0 && this.runsInFlight === 0;
  }

  async settled(timeoutMs = 60_000, quietMs = 30): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.isSettled()) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        if (this.isSettled()) return;
      } else {
        await this.nextChange(Math.max(0, deadline - Date.now()));
      }
      if (Date.now() > deadline) {
        const busy = [...this.busy].slice(0, 5).map((cell) => this.address(cell));
        throw new Error(
          `harness: not settled after ${timeoutMs} ms: ${this.busy.size} cells busy (${busy.join(', ')}), ${this.runsInFlight} Excel.run in flight`,
        );
      }
    }
  }

  // --- invoking ------------------------------------------------------------------------------------

  private invoke(cell: Cell): void {
    const formula = cell.formula;
    if (!formula) return;
    const blocked = this.blocked(cell);
    if (blocked === 'waiting') {
      cell.outcome = { kind: 'busy' };
      this.busy.add(cell);
      return;
    }
    if (formula.field) return this.finish(cell, cell.generation, this.fieldValue(formula.field, cell.sheet));
    if (blocked !== null) return this.finish(cell, cell.generation, blocked);
    if (cell.running) {
      this.counters.cancellations += 1;
      cell.running.onCanceled?.();
    }
    const generation = ++cell.generation;
    cell.invocations += 1;
    this.counters.invocations += 1;
    cell.outcome = { kind: 'busy' };
    cell.running = null;
    this.busy.add(cell);
    const meta = this.metadataFor(formula.parsed.name);
    const fn = meta ? this.functions.get(meta.id.toUpperCase()) : undefined;
    if (!meta || !fn) return this.finish(cell, generation, { kind: 'error', code: '#NAME?' });
    const parsed = formula.parsed;
    const args: unknown[] = meta.parameters.map((param, i) => this.argument(parsed.args[i], param, cell.sheet));
    const options = meta.options ?? {};
    if (options.requiresAddress || options.cancelable) {
      const invocation: { address?: string; functionName: string; onCanceled?: () => void } = { functionName: meta.id };
      if (options.requiresAddress) invocation.address = this.address(cell);
      cell.running = invocation;
      args.push(invocation);
    }
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      return this.finish(cell, generation, thrown(error));
    }
    Promise.resolve(result).then(
      (value) => this.finish(cell, generation, resultOutcome(value, meta, this.returns)),
      (error) => this.finish(cell, generation, thrown(error)),
    );
  }

  private finish(cell: Cell, generation: number, outcome: CellOutcome): void {
    if (generation !== cell.generation) return; // superseded: Excel ignores a cancelled call's result
    cell.outcome = outcome;
    cell.running = null;
    this.busy.delete(cell);
    // Excel recalculates what references a cell once it has a new value.
    for (const dependent of this.dependents.get(this.key(cell.sheet, cell.column, cell.row)) ?? []) {
      this.invoke(dependent);
    }
    this.changed();
  }

  /** The keys of the cells a formula references. */
  private precedents(cell: Cell): string[] {
    const formula = cell.formula!;
    const addresses = formula.field
      ? [formula.field.address]
      : formula.parsed.args.flatMap((arg) => (arg.kind === 'cell' || arg.kind === 'range' ? [arg.address] : []));
    return addresses.flatMap((address) =>
      expandRange(address).map((ref) => this.key(ref.sheet ?? cell.sheet, ref.column, ref.row)),
    );
  }

  /** 'waiting' while a referenced formula cell is busy; the error of one that holds an error; else null. */
  private blocked(cell: Cell): 'waiting' | Outcome | null {
    let error: Outcome | null = null;
    for (const key of this.precedents(cell)) {
      const precedent = this.cells.get(key);
      if (!precedent?.formula) continue;
      if (precedent.outcome.kind === 'busy') return 'waiting';
      if (precedent.outcome.kind === 'error') error ??= precedent.outcome;
    }
    return cell.formula?.field ? null : error;
  }

  private fieldValue(formula: FieldFormula, sheet: string): Outcome {
    const ref = parseCell(formula.address);
    const source = this.cells.get(this.key(ref.sheet ?? sheet, ref.column, ref.row));
    if (source?.formula && source.outcome.kind !== 'value' && source.outcome.kind !== 'error') {
      return { kind: 'error', code: '#FIELD!' }; // a spilled array holds no entity
    }
    const outcome: Outcome = source?.formula
      ? (source.outcome as Outcome)
      : { kind: 'value', value: source?.input ?? null };
    return fieldOutcome(outcome, formula.field);
  }

  private argument(arg: FormulaArgument | undefined, param: ParameterMetadata, sheet: string): unknown {
    const matrix = param.dimensionality === 'matrix';
    if (arg === undefined) return undefined;
    if (arg.kind === 'omitted') return null;
    if (arg.kind === 'literal') return matrix ? [[arg.value]] : arg.value;
    if (arg.kind === 'cell') {
      const ref = parseCell(arg.address);
      const value = this.valueAt(ref.sheet ?? sheet, ref.column, ref.row);
      return matrix ? [[value]] : value;
    }
    const refs = expandRange(arg.address);
    if (!matrix) {
      if (refs.length === 1) return this.valueAt(refs[0].sheet ?? sheet, refs[0].column, refs[0].row);
      throw new Error(`harness: range ${arg.address} given to scalar parameter ${param.name}`);
    }
    const rows = new Map<number, unknown[]>();
    for (const ref of refs) {
      const row = rows.get(ref.row) ?? [];
      row.push(this.valueAt(ref.sheet ?? sheet, ref.column, ref.row));
      rows.set(ref.row, row);
    }
    return [...rows.values()];
  }

  /** An input cell's value (null when empty); a formula cell's settled value, a data type as its JSON. */
  private valueAt(sheet: string, column: number, row: number): unknown {
    const cell = this.cells.get(this.key(sheet, column, row));
    if (!cell) return null;
    if (!cell.formula) return cell.input;
    if (cell.outcome.kind === 'value') return cell.outcome.value;
    throw new Error(`harness: ${this.address(cell)} is referenced before it has a plain value`);
  }

  /** What the host says about returned values (returnedValues.ts). */
  private readonly returns: ReturnHost = {
    customData: this.options.metadata.allowCustomDataForDataTypeAny === true,
    supports: (name, version) => this.supports(name, version),
  };

  private supports(name: string, version: string): boolean {
    const have = this.requirements.get(name);
    return !this.requirementsAbsent && have !== undefined && versionAtLeast(have, version);
  }

  // --- Excel.run ---------------------------------------------------------------------------------

  private async run<T>(work: () => Promise<T>): Promise<T> {
    this.runsInFlight += 1;
    this.counters.excelRuns += 1;
    try {
      return await work();
    } finally {
      this.runsInFlight -= 1;
      this.changed();
    }
  }

  private calculateRanges(ranges: Array<{ sheet: string | null; address: string }>): void {
    const calculated: string[] = [];
    for (const { sheet, address } of ranges) {
      const name = sheet ?? 'Sheet1';
      if (![...this.cells.values()].some((cell) => cell.sheet === name)) {
        throw Object.assign(new Error(`The requested resource doesn't exist: sheet ${name}`), { code: 'ItemNotFound' });
      }
      for (const ref of expandRange(address)) {
        const cell = this.cells.get(this.key(name, ref.column, ref.row));
        if (cell?.formula) {
          calculated.push(this.address(cell));
          this.invoke(cell);
        }
      }
    }
    this.recalculations.push(calculated);
  }

  // --- bookkeeping ---------------------------------------------------------------------------------

  private metadataFor(name: string): FunctionMetadata | undefined {
    const bare = name.toUpperCase().replace(/^CLIMATE\./, '');
    return this.byName.get(bare);
  }

  private check(cell: Cell): void {
    const formula = cell.formula!;
    if (formula.field) return;
    const meta = this.metadataFor(formula.parsed.name);
    if (!meta) return; // #NAME? when calculated, as Excel shows it
    const required = meta.parameters.filter((p) => !p.optional).length;
    if (formula.parsed.args.length < required || formula.parsed.args.length > meta.parameters.length) {
      throw new Error(
        `harness: Excel refuses ${formula.text}: ${meta.name} takes ${required} to ${meta.parameters.length} arguments`,
      );
    }
  }

  private key(sheet: string, column: number, row: number): string {
    return `${sheet}\u0000${column}\u0000${row}`;
  }

  private cellAt(sheet: string, column: number, row: number): Cell {
    const key = this.key(sheet, column, row);
    let cell = this.cells.get(key);
    if (!cell) {
      cell = {
        sheet,
        column,
        row,
        input: null,
        formula: null,
        outcome: { kind: 'value', value: null },
        generation: 0,
        invocations: 0,
        running: null,
      };
      this.cells.set(key, cell);
    }
    return cell;
  }

  private address(cell: Cell): string {
    return formatCell(cell.sheet, cell.column, cell.row);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private nextChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.listeners.add(done);
    });
  }
}
