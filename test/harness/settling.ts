/**
 * What is under way in the workbook, and waiting for it to end: the formula cells busy (being
 * calculated, or waiting for a cell they reference), the `Excel.run` batches in flight, and the
 * listeners woken at each change, so that `settled()` waits for events rather than polling.
 */
import type { Cell } from './grid';
import type { HarnessStats } from './types';

export class Activity {
  readonly busy = new Set<Cell>();
  private readonly listeners = new Set<() => void>();
  private inFlight = 0;

  constructor(private readonly counters: Pick<HarnessStats, 'excelRuns'>) {}

  get runsInFlight(): number {
    return this.inFlight;
  }

  /** An `Excel.run` batch: counted while it runs. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    this.counters.excelRuns += 1;
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
      this.changed();
    }
  }

  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** No cell busy and no Excel.run under way, for `quietMs` in a row (a settle may trigger a recalc). */
  isSettled(): boolean {
    return this.busy.size === 0 && this.inFlight === 0;
  }

  async settled(timeoutMs: number, quietMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.isSettled()) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        if (this.isSettled()) return;
      } else {
        await this.nextChange(Math.max(0, deadline - Date.now()));
      }
      if (Date.now() > deadline) {
        const busy = [...this.busy].slice(0, 5).map((cell) => cell.address);
        throw new Error(
          `harness: not settled after ${timeoutMs} ms: ${this.busy.size} cells busy (${busy.join(', ')}), ${this.inFlight} Excel.run in flight`,
        );
      }
    }
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
