/**
 * The harness core: a workbook that calculates custom-function formulas the way Excel does, with
 * the functions a bundle associated. Every formula cell is invoked concurrently; its previous value
 * is replaced by the result of its latest invocation only (calculation.ts); `range.calculate()` from
 * `Excel.run` re-invokes exactly the formula cells in the range, but cells holding an error as
 * `errorCells` says (types.ts: what OfficeDev's trackers report), and writing a formula enters it anew.
 * A saved workbook reopens as the desktop (nothing calculated) or the web (everything) does. Results
 * are kept as the JSON copy that crossed the runtime's boundary, with its size (returnedValues.ts).
 *
 * Checks Excel makes and the harness makes too, so that wiring mistakes show up in tests:
 * - a formula names a function by its metadata name (namespace stripped); unknown or unassociated
 *   -> #NAME?; too few or too many arguments -> the formula is refused (a test mistake);
 * - arguments follow the metadata (cellReads.ts, calculation.ts): omitted ones are null, an empty cell
 *   is null, a `matrix` parameter gets a 2-D array, the invocation always comes last and carries the
 *   address only with `requiresAddress`;
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
import { expandRange, parseCell } from '../stand-ins/addresses';
import { Calculation } from './calculation';
import { BUSY, Grid, type Cell } from './grid';
import { officeGlobals, type Block, type BlockContents } from './officeGlobals';
import { HostRequirements } from './requirements';
import { Activity } from './settling';
import type { QueuedCalculation } from './requestPayload';
import type {
  CellOutcome,
  ErrorCellsOnCalculate,
  HarnessOptions,
  HarnessStats,
  InputValue,
  ReopenedBy,
  SheetResults,
  SheetSpec,
} from './types';

export class Workbook {
  readonly storage: Map<string, string>;
  readonly globals: ReturnType<typeof officeGlobals>;
  private readonly grid = new Grid();
  private readonly requirements: HostRequirements;
  private readonly counters = {
    invocations: 0,
    cancellations: 0,
    serializedBytes: 0,
    excelRuns: 0,
    fullCalculations: 0,
  };
  private readonly activity = new Activity(this.counters);
  private readonly calculation: Calculation;
  private readonly recalculations: string[][] = [];
  /** The cell the user is editing, if any (`editCell`), and the batches delayed until the user leaves it. */
  private edited: string | null = null;
  private editWaiters: Array<() => void> = [];
  private readonly errorCells: ErrorCellsOnCalculate;
  /** Error outcomes whose first calculation was ignored (`first-ignored`): the next one invokes the cell. */
  private readonly ignoredOnce = new WeakSet<object>();
  /** Office.addin.setStartupBehavior: kept with the document, so a reopened workbook starts its runtime. */
  private startup = 'None';

  constructor(options: HarnessOptions) {
    this.storage = new Map(Object.entries(options.storage ?? {}));
    this.requirements = new HostRequirements(options.requirements, options.requirementsAbsent === true);
    this.calculation = new Calculation(this.grid, this.activity, this.requirements, this.counters, options.metadata);
    this.errorCells = options.errorCells ?? 'recalculated';
    const cellEditRefusal = options.cellEditRefusal ?? 'InvalidOperation';
    this.globals = officeGlobals({
      associate: (id, fn) => this.calculation.associate(id, fn),
      isSetSupported: (name, version) => this.requirements.isSetSupported(name, version),
      run: (batch) => this.activity.run(batch),
      calculate: (ranges) => this.calculateRanges(ranges),
      calculateAll: () => {
        this.counters.fullCalculations += 1;
        this.calculateAgain([...this.grid.formulas()]);
      },
      editRefusal: () => (this.edited === null ? null : cellEditRefusal),
      editEnded: () =>
        this.edited === null ? Promise.resolve() : new Promise<void>((resolve) => this.editWaiters.push(resolve)),
      sheetNames: () => this.grid.sheetNames(),
      usedRange: (sheet) => this.grid.usedRange(this.existingSheet(sheet)),
      read: (sheet, block) => readBlock(this.grid, this.existingSheet(sheet), block),
      write: (sheet, block, formulas) => this.write(this.existingSheet(sheet), block, formulas),
      setStartupBehavior: (behavior) => void (this.startup = behavior),
      startupBehavior: () => this.startup,
      storage: this.storage,
      documentSettings: new Map(Object.entries(options.documentSettings ?? {})),
      displayLanguage: options.displayLanguage ?? 'en-US',
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
   * node.ts; ReopenedBy): on the desktop nothing is calculated and every cell shows what was saved; on
   * the web every formula cell is calculated again. Returns the addresses of the cells calculated.
   */
  reopen(by: ReopenedBy): string[] {
    if (by === 'desktop') return [];
    const cells = [...this.grid.formulas()];
    this.calculateAgain(cells);
    return cells.map((cell) => cell.address);
  }

  /** Office.addin.setStartupBehavior as the document keeps it: `Load` starts the runtime with the workbook. */
  startupBehavior(): string {
    return this.startup;
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
   * Excel refuses every request of the JavaScript API with `cellEditRefusal`'s code, but for those run
   * with `delayForCellEdit`, which wait until the user leaves the cell (excel-add-ins-delay-in-cell-edit).
   */
  editCell(address: string | null): void {
    this.edited = address;
    if (address !== null) return;
    const waiters = this.editWaiters;
    this.editWaiters = [];
    for (const resume of waiters) resume();
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

  /**
   * Formula cells calculated again by Excel (a range's or a full calculation, a web reopen): cells
   * holding an error are left as `errorCells` says; the rest are invoked.
   */
  private calculateAgain(cells: Iterable<Cell>): Cell[] {
    const invoked: Cell[] = [];
    for (const cell of cells) {
      if (this.skipsCalculation(cell)) continue;
      this.calculation.invoke(cell);
      invoked.push(cell);
    }
    return invoked;
  }

  private skipsCalculation(cell: Cell): boolean {
    const outcome = cell.outcome;
    if (this.errorCells === 'recalculated' || outcome.kind !== 'error' || cell.formula?.field) return false;
    if (this.errorCells === 'never') return true;
    if (this.ignoredOnce.has(outcome)) return false;
    this.ignoredOnce.add(outcome);
    this.calculation.markDirty(cell); // #BUSY!, and not invoked (office-js#3234)
    return true;
  }

  /** `range.calculate()` queued in an Excel.run, at its `context.sync()`. */
  private calculateRanges(ranges: QueuedCalculation[]): void {
    const calculated: string[] = [];
    for (const { sheet, address } of ranges) {
      const name = this.existingSheet(sheet ?? 'Sheet1');
      const cells = expandRange(address).map((ref) => this.grid.find(name, ref.column, ref.row));
      const invoked = this.calculateAgain(cells.filter((cell): cell is Cell => cell?.formula != null));
      calculated.push(...invoked.map((cell) => cell.address));
    }
    this.recalculations.push(calculated);
  }

  /** Range.formulas written: a formula is entered anew and calculated (as typing it is), a value kept as typed. */
  private write(sheet: string, block: Block, formulas: unknown[][]): void {
    const entered: Cell[] = [];
    const changed: Cell[] = [];
    formulas.forEach((row, i) =>
      row.forEach((entry, j) => {
        const [column, number] = [block.column + j, block.row + i + 1];
        if (typeof entry === 'string' && entry.startsWith('=')) {
          const cell = this.grid.enterFormula(sheet, column, number, entry);
          this.calculation.check(cell);
          this.grid.watchPrecedents(cell);
          entered.push(cell);
          return;
        }
        const cell = this.grid.cellAt(sheet, column, number);
        if (cell.formula) throw new Error(`harness: writing a value over the formula of ${cell.address}`);
        cell.input = entry === '' ? null : (entry as InputValue);
        changed.push(cell);
      }),
    );
    this.calculateTogether(entered);
    for (const cell of changed)
      for (const dependent of this.grid.dependentsOf(cell)) this.calculation.invoke(dependent);
  }

  /** The sheet, if the workbook has it: Excel fails the sync with ItemNotFound otherwise. */
  private existingSheet(sheet: string): string {
    if (!this.grid.hasSheet(sheet)) {
      throw Object.assign(new Error(`The requested resource doesn't exist: sheet ${sheet}`), { code: 'ItemNotFound' });
    }
    return sheet;
  }
}

/** Excel.RangeValueType of what a cell shows. */
function valueType(value: unknown): string {
  if (value === null || value === '') return 'Empty';
  if (typeof value === 'number') return 'Double';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'string') return 'String';
  return 'Richvalue';
}

/** Range.load('formulas, values, valueTypes') of a block: a formula's text, and what the cell shows. */
function readBlock(grid: Grid, sheet: string, block: Block): BlockContents {
  const contents: BlockContents = { formulas: [], values: [], valueTypes: [] };
  for (let i = 0; i < block.rows; i += 1) {
    const [formulas, values, types]: [unknown[], unknown[], string[]] = [[], [], []];
    for (let j = 0; j < block.columns; j += 1) {
      const cell = grid.find(sheet, block.column + j, block.row + i + 1);
      const shown = cell ? shownValue(cell) : { value: '', type: 'Empty' };
      formulas.push(cell?.formula ? cell.formula.text : (cell?.input ?? ''));
      values.push(shown.value);
      types.push(shown.type);
    }
    contents.formulas.push(formulas);
    contents.values.push(values);
    contents.valueTypes.push(types);
  }
  return contents;
}

/** Range.values of a cell: an error or #BUSY! as its text with type Error, a data type's basic value. */
function shownValue(cell: Cell): { value: unknown; type: string } {
  if (!cell.formula) return { value: cell.input ?? '', type: valueType(cell.input) };
  const outcome = cell.outcome.kind === 'array' ? (cell.outcome.rows[0]?.[0] ?? BUSY) : cell.outcome;
  if (outcome.kind === 'busy') return { value: '#BUSY!', type: 'Error' };
  if (outcome.kind === 'error') return { value: outcome.code, type: 'Error' };
  const value = outcome.value as { basicValue?: unknown } | null;
  const basic = typeof value === 'object' && value !== null ? (value.basicValue ?? '#VALUE!') : (value ?? '');
  return { value: basic, type: typeof basic === 'string' && basic.startsWith('#') ? 'Error' : valueType(basic) };
}
