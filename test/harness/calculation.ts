/**
 * Calling the custom functions a bundle associated, as Excel does for each formula cell: the
 * function is found by its metadata name (namespace stripped; unknown or unassociated -> #NAME?),
 * a formula with too few or too many arguments is refused, omitted arguments are null, the invocation
 * always comes last (with the address when `requiresAddress` is declared), and a call superseded by a newer one is cancelled
 * through `onCanceled` and its late result ignored. A settled cell's dependents are calculated again.
 */
import { argumentValue, fieldValue } from './cellReads';
import { BUSY, type Cell, type Grid } from './grid';
import type { HostRequirements } from './requirements';
import { resultOutcome, thrown, type Returned, type ReturnHost } from './returnedValues';
import { parseCell } from '../stand-ins/addresses';
import { parseFormula } from './formula';
import type { Activity } from './settling';
import type { CellOutcome, FunctionMetadata, FunctionsMetadata, HarnessStats } from './types';

type CustomFunction = (...args: unknown[]) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && 'then' in value;

export class Calculation {
  private readonly functions = new Map<string, CustomFunction>();
  private readonly byName = new Map<string, FunctionMetadata>();
  private readonly byWritten = new Map<string, FunctionMetadata | undefined>();
  /** Ids passed to CustomFunctions.associate, with the number of times each was. */
  readonly associations: Record<string, number> = {};
  /** What the host says about returned values (returnedValues.ts). */
  private readonly returns: ReturnHost;

  constructor(
    private readonly grid: Grid,
    private readonly activity: Activity,
    private readonly requirements: HostRequirements,
    private readonly counters: Pick<HarnessStats, 'invocations' | 'cancellations' | 'serializedBytes'>,
    metadata: FunctionsMetadata,
  ) {
    for (const fn of metadata.functions) this.byName.set(fn.name.toUpperCase(), fn);
    this.returns = {
      customData: metadata.allowCustomDataForDataTypeAny === true,
      supports: (name, version) => this.requirements.supports(name, version),
    };
  }

  /** CustomFunctions.associate: the runtime's function for a metadata id. */
  associate(id: string, fn: CustomFunction): void {
    const key = id.toUpperCase();
    this.functions.set(key, fn);
    this.associations[key] = (this.associations[key] ?? 0) + 1;
  }

  /** The runtime is gone: no function of it is called any more. */
  forgetFunctions(): void {
    this.functions.clear();
  }

  /** Refuses a formula whose argument count the function's metadata does not allow, as Excel does. */
  check(cell: Cell): void {
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

  /** Marks a formula cell dirty: busy, not yet invoked. */
  markDirty(cell: Cell): void {
    cell.outcome = { kind: 'busy' };
    this.activity.busy.add(cell);
  }

  invoke(cell: Cell): void {
    const formula = cell.formula;
    if (!formula) return;
    const blocked = this.grid.blocked(cell);
    if (blocked === 'waiting') return this.markDirty(cell);
    // Excel's own results (a dot field, an error passed on): nothing crosses the runtime's boundary.
    if (formula.field)
      return this.finish(cell, cell.generation, {
        outcome: fieldValue(this.grid, formula.field, cell.sheet),
        bytes: 0,
      });
    if (blocked !== null) return this.finish(cell, cell.generation, { outcome: blocked, bytes: 0 });
    if (cell.running) {
      this.counters.cancellations += 1;
      cell.running.onCanceled?.();
    }
    const generation = ++cell.generation;
    cell.invocations += 1;
    this.counters.invocations += 1;
    cell.outcome = BUSY;
    cell.running = null;
    this.activity.busy.add(cell);
    const meta = this.metadataFor(formula.parsed.name);
    const fn = meta ? this.functions.get(meta.id.toUpperCase()) : undefined;
    if (!meta || !fn) return this.finish(cell, generation, { outcome: { kind: 'error', code: '#NAME?' }, bytes: 0 });
    const parsed = formula.parsed;
    const args: unknown[] = meta.parameters.map((param, i) =>
      argumentValue(this.grid, parsed.args[i], param, cell.sheet),
    );
    // The invocation always comes last (custom-functions-parameter-options: "Excel passes the
    // invocation parameter as the last argument" whether declared or not); the address only with requiresAddress.
    const invocation: { address?: string; functionName: string; onCanceled?: () => void } = { functionName: meta.id };
    if (meta.options?.requiresAddress) invocation.address = cell.address;
    cell.running = invocation;
    args.push(invocation);
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      return this.finish(cell, generation, thrown(error));
    }
    // A value returned (not promised) is the cell's value at once, as Excel takes it.
    if (!isThenable(result)) return this.finish(cell, generation, resultOutcome(result, meta, this.returns));
    // Its own then: wrapping the runtime's promise in one of this realm would cost a promise and a turn.
    result.then(
      (value) => this.finish(cell, generation, resultOutcome(value, meta, this.returns)),
      (error) => this.finish(cell, generation, thrown(error)),
    );
  }

  /**
   * Excel's formula-value preview of `text` typed into `address`: the function is called with
   * `isInValuePreview` and what it returns is shown, not kept. Null on hosts without it
   * (CustomFunctionsRuntime below 1.5), where Excel previews no custom function.
   */
  async preview(text: string, address: string): Promise<CellOutcome | null> {
    if (!this.requirements.supports('CustomFunctionsRuntime', '1.5')) return null;
    const parsed = parseFormula(text);
    const meta = this.metadataFor(parsed.name);
    const fn = meta ? this.functions.get(meta.id.toUpperCase()) : undefined;
    if (!meta || !fn) return { kind: 'error', code: '#NAME?' };
    const sheet = parseCell(address).sheet ?? 'Sheet1';
    const args: unknown[] = meta.parameters.map((param, i) => argumentValue(this.grid, parsed.args[i], param, sheet));
    args.push({ functionName: meta.id, isInValuePreview: true, address, onCanceled: undefined });
    this.counters.invocations += 1;
    try {
      return resultOutcome(await fn(...args), meta, this.returns).outcome;
    } catch (error) {
      return thrown(error).outcome;
    }
  }

  private finish(cell: Cell, generation: number, { outcome, bytes }: Returned): void {
    if (generation !== cell.generation) return; // superseded: Excel ignores a cancelled call's result
    cell.outcome = outcome;
    cell.bytes = bytes;
    this.counters.serializedBytes += bytes;
    cell.running = null;
    this.activity.busy.delete(cell);
    // Excel recalculates what references a cell once it has a new value.
    for (const dependent of this.grid.dependentsOf(cell)) this.invoke(dependent);
    this.activity.changed();
  }

  /** By the name as written: looked up at every invocation, so each spelling is worked out once. */
  private metadataFor(name: string): FunctionMetadata | undefined {
    if (this.byWritten.has(name)) return this.byWritten.get(name);
    const meta = this.byName.get(name.toUpperCase().replace(/^CLIMATE\./, ''));
    this.byWritten.set(name, meta);
    return meta;
  }
}
