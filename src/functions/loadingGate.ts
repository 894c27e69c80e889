/**
 * Cells invoked while the engine loads its settings and cache (the first sheet of a runtime, a workbook
 * just opened) wait here, and are let go in slices once it has loaded, each slice a task of its own.
 * Between slices the runtime reads what the network has answered (a key's probe, the first batches)
 * and sends more: let go all at once, 200,000 cells are one task of a second or more, and the probe's
 * answer (and with it every other request) waits for the last of them.
 */
import type { Answer } from './results/errors';

/** Cells let go per task: about 70 ms of asking at a cold sheet's pace, so a browser's 4 ms timer clamp costs little. */
export const SLICE = 10_000;

const nothing = (): void => undefined;

export class LoadingGate {
  /**
   * The load the current slices wait for (a later load is another promise, so it starts slices of its
   * own), the slice new cells join (it settles once its turn comes) and how many have joined it.
   */
  private loading: Promise<void> | null = null;
  private slice: Promise<void> | null = null;
  private inSlice = 0;

  /**
   * `cell` at once when nothing is loading; otherwise once `loading` has settled, in its slice. A waiting
   * cell is one reaction on its slice (no promise of its own to resolve by hand, no closure to park): a
   * reopened workbook holds 400,000 of them while its cache loads, and the collector copies each.
   */
  pass<T>(loading: Promise<void> | null, cell: () => Answer<T>): Answer<T> {
    if (loading === null) return cell();
    const slice = loading === this.loading && this.inSlice < SLICE ? this.slice! : this.openSlice(loading);
    this.inSlice += 1;
    return slice.then(cell);
  }

  /**
   * The first slice of a load settles with it, failed or not (a failed load is the cells' to report:
   * they ask, and are told). Each later one settles a task after the one before it has been let go:
   * its reaction is registered after that slice's cells, so it runs after them.
   */
  private openSlice(loading: Promise<void>): Promise<void> {
    const before = loading === this.loading ? this.slice : null;
    this.loading = loading;
    this.inSlice = 0;
    this.slice =
      before === null
        ? loading.then(nothing, nothing)
        : before.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    return this.slice;
  }
}
