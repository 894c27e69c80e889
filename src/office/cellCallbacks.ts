/**
 * Checking that a cell Excel was asked to recalculate really called its function, and entering its
 * formula again where it did not. OfficeDev's trackers report cells whose last result was an error
 * (a profile still being built shows #N/A "Profiling…") that a calculation leaves alone: the first one
 * only (office-js#3234, Excel-Custom-Functions#376) or every one, even a full calculation
 * (office-js#4502). Microsoft's docs say nothing of it, so this works either way: a cell Excel took a
 * calculation for and that has not called within CALLBACK_MS gets its formula entered again, which
 * Excel always calculates, as it does a formula typed in. Once: a cell that still does not call (its
 * formula replaced meanwhile) is not asked again.
 */
import { cellKey, groupBySheet } from './cellAddresses';
import { cellAreas } from './cellAreas';
import { codeOf, noExcel, REFUSED_FOR_NOW, runInExcel } from './excelRun';

/**
 * How long after Excel took a calculation a cell has to call: Excel invokes a range's custom functions
 * while it calculates, before the sync that asked for it resolves, so this is generous.
 */
export const CALLBACK_MS = 5_000;

/** Ranges whose formulas are read and written back per sync: two actions each, like a calculation's one. */
const AREAS_PER_SYNC = 2_000;

class CallbackCheck {
  /** By cell (cellKey): the address as asked, and when it is overdue (Infinity: Excel has not taken it yet). */
  private readonly awaiting = new Map<string, { address: string; due: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Some cell has called in this runtime. */
  anyCalled = false;

  /** Before Excel is asked: the cells' calls come during the sync that asks. */
  arm(addresses: readonly string[]): void {
    for (const address of addresses) this.awaiting.set(cellKey(address), { address, due: Infinity });
  }

  /** Excel took the calculation: the cells that have not called yet have CALLBACK_MS to. */
  start(addresses: readonly string[]): void {
    const due = Date.now() + CALLBACK_MS;
    for (const address of addresses) {
      const waiting = this.awaiting.get(cellKey(address));
      if (waiting) waiting.due = Math.min(waiting.due, due);
    }
    this.timer ??= setTimeout(() => this.check(), CALLBACK_MS);
  }

  /** Excel refused: nothing to wait for (the engine asks again). */
  withdraw(addresses: readonly string[]): void {
    for (const address of addresses) this.awaiting.delete(cellKey(address));
  }

  /** Every invocation passes here: nothing to do (no address parsed) unless cells are awaited. */
  calledBack(address: string): void {
    this.anyCalled = true;
    if (this.awaiting.size > 0) this.awaiting.delete(cellKey(address));
  }

  private check(): void {
    this.timer = null;
    const now = Date.now();
    const overdue: string[] = [];
    let next = Infinity;
    for (const [key, { address, due }] of this.awaiting) {
      if (due > now) next = Math.min(next, due);
      else {
        overdue.push(address);
        this.awaiting.delete(key);
      }
    }
    if (next < Infinity) this.timer = setTimeout(() => this.check(), next - now);
    if (overdue.length === 0) return;
    // Refused for now (edit mode on a host without delayForCellEdit): entered later.
    void reenterFormulas(overdue).then((refused) => {
      this.arm(refused);
      this.start(refused);
    });
  }
}

const check = new CallbackCheck();

/**
 * Runs `calculate`, Excel's calculation of these cells: once it resolves, each cell that has not
 * called within CALLBACK_MS is entered again. A calculation that fails awaits nothing.
 */
export async function checkingCallbacks<T>(addresses: readonly string[], calculate: () => Promise<T>): Promise<T> {
  if (noExcel()) return calculate();
  check.arm(addresses);
  try {
    const result = await calculate();
    check.start(addresses);
    return result;
  } catch (error) {
    check.withdraw(addresses);
    throw error;
  }
}

/** A cell called its function (any invocation with an address). */
export function calledBack(address: string): void {
  check.calledBack(address);
}

/** Whether any cell has called in this runtime (Excel calculating a workbook it opened, say). */
export function cellsHaveCalled(): boolean {
  return check.anyCalled;
}

/**
 * Enters each cell's formula again (read, then written back as it is), sheet by sheet; resolves with
 * the addresses Excel refused for now. A sheet gone since is left: its cells went with it, or moved.
 */
export async function reenterFormulas(addresses: readonly string[]): Promise<string[]> {
  const refused: string[] = [];
  if (noExcel()) return refused;
  for (const [sheet, { cells, addresses: named }] of groupBySheet(addresses)) {
    try {
      await runInExcel(async (context) => {
        const sheets = context.workbook.worksheets;
        const worksheet = sheet === null ? sheets.getActiveWorksheet() : sheets.getItem(sheet);
        const areas = cellAreas(cells);
        for (let from = 0; from < areas.length; from += AREAS_PER_SYNC) {
          const ranges = areas
            .slice(from, from + AREAS_PER_SYNC)
            .map((area) => worksheet.getRange(area).load('formulas'));
          await context.sync();
          for (const range of ranges) {
            const formulas = range.formulas; // written back as read: Excel enters each again
            range.formulas = formulas;
          }
          await context.sync();
        }
      });
    } catch (error) {
      if (REFUSED_FOR_NOW.has(codeOf(error))) refused.push(...named);
    }
  }
  return refused;
}
