/**
 * The harness core: a workbook that calculates custom-function formulas the way Excel does, with
 * the functions a bundle associated. Every formula cell is invoked concurrently; its previous value
 * is replaced by the result of its latest invocation only (calculation.ts); `range.calculate()` from
 * `Excel.run` re-invokes exactly the formula cells in the range. Results are kept as the JSON copy that
 * crossed the runtime's boundary, with its size (returnedValues.ts).
 *
 * Checks Excel makes and the harness makes too, so that wiring mistakes show up in tests:
 * - a formula names a function by its metadata name (namespace stripped); unknown or unassociated
 *   -> #NAME?; too few or too many arguments -> the formula is refused (a test mistake);
 * - arguments follow the metadata (cellReads.ts, calculation.ts): omitted trailing ones are undefined, an empty cell
 *   is null, a `matrix` parameter gets a 2-D array, the invocation comes last when `requiresAddress`
 *   or `cancelable` is declared, and carries the address only with `requiresAddress`;
 * - what a function returns or throws becomes what Excel shows by the rules of returnedValues.ts
 *   (result shapes, which data types the host takes, Excel's rules for entities).
 *
 * Formulas may reference other formula cells (grid.ts): a cell waits (busy, not invoked) while a cell
 * it references is busy, takes that cell's error without being invoked when it holds one, and is
 * calculated again whenever that cell settles, as Excel recalculates dependents. Dot notation and
 * FIELDVALUE are Excel's own (entityFields.ts): calculated in the workbook, never a function call.
 * `preview` calls a function as Excel's formula-value preview does (CustomFunctionsRuntime 1.5).
 * This file wires those parts to the Office globals and keeps the runtime's lifecycle.
 */
import { expandRange, parseCell } from './addresses';
import { Calculation } from './calculation';
import { BUSY, Grid, type Cell } from './grid';
import { officeGlobals } from './officeGlobals';
import { HostRequirements } from './requirements';
import { Activity } from './settling';
import type { QueuedCalculation } from './requestPayload';
import type { CellOutcome, HarnessOptions, HarnessStats, SheetResults, SheetSpec } from './types';

export class Workbook {
  readonly storage: Map<string, string>;
  readonly globals: ReturnType<typeof officeGlobals>;
  private readonly grid = new Grid();
  private readonly requirements: HostRequirements;
  private readonly counters = { invocations: 0, cancellations: 0, serializedBytes: 0, excelRuns: 0 };
  private readonly activity = new Activity(this.counters);
  private readonly calculation: Calculation;
  private readonly recalculations: string[][] = [];
  /** The cell the user is editing, if any (`editCell`). */
  private edited: string | null = null;

  constructor(options: HarnessOptions) {
    this.storage = new Map(Object.entries(options.storage ?? {}));
    this.requirements = new HostRequirements(options.requirements, options.requirementsAbsent === true);
    this.calculation = new Calculation(this.grid, this.activity, this.requirements, this.counters, options.metadata);
    this.globals = officeGlobals({
      associate: (id, fn) => this.calculation.associate(id, fn),
      isSetSupported: (name, version) => this.requirements.isSetSupported(name, version),
      run: (batch) => this.activity.run(batch),
      calculate: (ranges) => this.calculateRanges(ranges),
      calculateAll: () => void this.recalculateAll(),
      editing: () => this.edited !== null,
      storage: this.storage,
      documentSettings: new Map(Object.entries(options.documentSettings ?? {})),
    });
  }

  // --- the sheet -----------------------------------------------------------------------------------

  /** Writes the inputs and formulas of a sheet, then invokes every formula at once. Returns their addresses. */
  enter(spec: SheetSpec): string[] {
    const sheet = spec.name ?? 'Sheet1';
    const firstRow = spec.firstRow ?? 2;
    spec.inputs.forEach((row, i) =>
      row.forEach((value, column) => (this.grid.cellAt(sheet, column, firstRow + i).input = value)),
    );
    for (const [address, value] of Object.entries(spec.cells ?? {})) {
      const ref = parseCell(address);
      this.grid.cellAt(ref.sheet ?? sheet, ref.column, ref.row).input = value;
    }
    const entered: Cell[] = [];
    const templates = Object.entries(spec.formulas).map(([column, template]) => ({
      column: parseCell(`${column}1`).column,
      template,
    }));
    spec.inputs.forEach((_row, i) => {
      for (const { column, template } of templates) {
        const text = template.replace(/\{row\}/g, String(firstRow + i));
        const cell = this.grid.enterFormula(sheet, column, firstRow + i, text);
        this.calculation.check(cell);
        entered.push(cell);
      }
    });
    for (const cell of entered) this.grid.watchPrecedents(cell);
    this.calculateTogether(entered);
    return entered.map((cell) => cell.address);
  }

  /**
   * What Excel does when it opens a saved workbook with custom functions (under a new runtime, see
   * node.ts): every formula cell is calculated again. Returns their addresses.
   */
  recalculateAll(): string[] {
    const cells = [...this.grid.formulas()];
    this.calculateTogether(cells);
    return cells.map((cell) => cell.address);
  }

  /** Recalculates these formula cells, as F9 on them (or range.calculate) would. */
  recalculate(addresses: string[]): void {
    for (const address of addresses) {
      const cell = this.grid.formulaCell(address);
      if (cell?.formula) {
        this.calculation.invoke(cell);
        continue;
      }
      for (const ref of expandRange(address)) {
        const cell = this.grid.find(ref.sheet ?? 'Sheet1', ref.column, ref.row);
        if (cell?.formula) this.calculation.invoke(cell);
      }
    }
  }

  /** Excel's formula-value preview of `text` typed into `address` (calculation.ts). */
  preview(text: string, address = 'Sheet1!Z1'): Promise<CellOutcome | null> {
    return this.calculation.preview(text, address);
  }

  /** Every formula cell: its address, formula, current outcome and invocation count. */
  report(): SheetResults {
    return this.grid.report();
  }

  // --- the runtime and the host --------------------------------------------------------------------

  /**
   * The runtime is gone (its page closed) while the grid stays: its functions are forgotten, no call
   * runs, and values it returned are copied out of its realm (`drop`: forgotten, read as empty),
   * so nothing of the grid holds the runtime's heap.
   */
  releaseRuntime(values: 'copy' | 'drop' = 'copy'): void {
    this.calculation.forgetFunctions();
    const cells = [...this.grid.all()];
    // One structured clone for every outcome: what cells shared (a card's properties) stays shared.
    const copies = values === 'copy' ? structuredClone(cells.map((cell) => cell.outcome)) : null;
    cells.forEach((cell, i) => {
      cell.running = null;
      // Dropped values leave their wrapper: that much of a value cell is the grid's.
      cell.outcome = copies?.[i] ?? (cell.outcome.kind === 'value' ? { kind: 'value', value: null } : BUSY);
    });
  }

  /** The user renames a sheet: its cells keep their formulas and values under the new name. */
  renameSheet(from: string, to: string): void {
    this.grid.renameSheet(from, to);
  }

  /**
   * The user starts editing `address` (null: leaves it, by Enter, Tab, Esc or another cell). Meanwhile
   * Excel refuses every request of the JavaScript API with InvalidOperationInCellEditMode.
   */
  editCell(address: string | null): void {
    this.edited = address;
  }

  setRequirement(name: string, version: string | null): void {
    this.requirements.set(name, version);
  }

  setRequirementsAbsent(absent: boolean): void {
    this.requirements.setAbsent(absent);
  }

  stats(): HarnessStats {
    return {
      ...this.counters,
      associations: { ...this.calculation.associations },
      recalculations: this.recalculations.map((list) => [...list]),
      excelRunsInFlight: this.activity.runsInFlight,
    };
  }

  storageSnapshot(): Record<string, string> {
    return Object.fromEntries(this.storage);
  }

  /** No cell busy and no Excel.run under way (settling.ts). */
  isSettled(): boolean {
    return this.activity.isSettled();
  }

  settled(timeoutMs = 60_000, quietMs = 30): Promise<void> {
    return this.activity.settled(timeoutMs, quietMs);
  }

  /** All of them are dirty before any is calculated: a cell that references one waits for it. */
  private calculateTogether(cells: Cell[]): void {
    for (const cell of cells) this.calculation.markDirty(cell);
    for (const cell of cells) this.calculation.invoke(cell);
  }

  /** `range.calculate()` queued in an Excel.run, at its `context.sync()`. */
  private calculateRanges(ranges: QueuedCalculation[]): void {
    const calculated: string[] = [];
    for (const { sheet, address } of ranges) {
      const name = sheet ?? 'Sheet1';
      if (!this.grid.hasSheet(name)) {
        throw Object.assign(new Error(`The requested resource doesn't exist: sheet ${name}`), { code: 'ItemNotFound' });
      }
      for (const ref of expandRange(address)) {
        const cell = this.grid.find(name, ref.column, ref.row);
        if (cell?.formula) {
          calculated.push(cell.address);
          this.calculation.invoke(cell);
        }
      }
    }
    this.recalculations.push(calculated);
  }
}
