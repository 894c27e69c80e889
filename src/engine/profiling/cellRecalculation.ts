/**
 * Asking Excel to recalculate the cells whose profiles moved. Excel may refuse for now (a cell being
 * edited, Excel busy): those cells are asked again, soon at first and then every few seconds, until
 * Excel takes them or the runtime ends. Nobody else would ask: a cell whose profile became final while
 * the user was typing would keep showing "Profiling" for good. Addresses that name nothing any more
 * (their sheet deleted or renamed) are forgotten, so that no later move of a profile asks for them.
 */

import type { Recalculate, RecalculationOutcome } from '../types';

/** Excel took every cell it was asked for. */
export const ALL_TAKEN: RecalculationOutcome = Object.freeze({ refused: [], gone: [] });

/** Waits before each new attempt; the last one repeats. */
const RETRY_MS = [500, 1_000, 2_000, 4_000, 5_000];

export class CellRecalculation {
  private readonly refused = new Set<string>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private disposed = false;

  constructor(
    private readonly recalculate: Recalculate | undefined,
    /** Drops addresses from the profiles that wait on them. */
    private readonly forget: (gone: readonly string[]) => void,
  ) {}

  request(addresses: readonly string[]): void {
    // a closed workbook has no cells to update
    if (!this.recalculate || addresses.length === 0 || this.disposed) return;
    this.recalculate([...addresses]).then(
      ({ refused, gone }) => {
        if (gone.length > 0 && !this.disposed) this.forget(gone);
        this.settle(refused);
      },
      () => undefined, // a failure that would fail again: asking again would not help
    );
  }

  dispose(): void {
    this.disposed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** Refused cells join those waiting for the next attempt; one timer for all of them. */
  private settle(refused: readonly string[]): void {
    if (this.disposed) return;
    if (refused.length === 0) {
      if (!this.retryTimer) this.attempts = 0; // Excel took everything it was asked: the next refusal starts over
      return;
    }
    for (const address of refused) this.refused.add(address);
    if (this.retryTimer) return;
    const delay = RETRY_MS[Math.min(this.attempts, RETRY_MS.length - 1)];
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const cells = [...this.refused];
      this.refused.clear();
      this.request(cells);
    }, delay);
  }
}
