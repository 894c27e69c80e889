/**
 * Cells invoked while the engine loads its settings and cache (the first sheet of a runtime, a workbook
 * just opened) wait here, and are let go in slices once it has loaded, each slice a task of its own.
 * Between slices the runtime reads what the network has answered (a key's probe, the first batches)
 * and sends more: let go all at once, 200,000 cells are one task of a second or more, and the probe's
 * answer (and with it every other request) waits for the last of them.
 */
import type { Answer } from './errors';

/** Cells let go per task: about 70 ms of asking at a cold sheet's pace, so a browser's 4 ms timer clamp costs little. */
export const SLICE = 10_000;

export class LoadingGate {
  private parked: Array<() => void> = [];
  /** The next parked cell to let go. */
  private next = 0;
  private releasing = false;

  /** `cell` at once when nothing is loading; otherwise once `loading` has settled, in its slice. */
  pass<T>(loading: Promise<void> | null, cell: () => Answer<T>): Answer<T> {
    if (loading === null) return cell();
    return new Promise<T>((resolve, reject) => {
      this.parked.push(() => {
        try {
          resolve(cell());
        } catch (error) {
          reject(error);
        }
      });
      if (this.releasing) return;
      this.releasing = true;
      const release = (): void => this.releaseSlice();
      loading.then(release, release); // a failed load is the cells' to report: they ask, and are told
    });
  }

  private releaseSlice(): void {
    const end = Math.min(this.parked.length, this.next + SLICE);
    for (; this.next < end; this.next += 1) this.parked[this.next]();
    if (this.next < this.parked.length) {
      setTimeout(() => this.releaseSlice(), 0);
      return;
    }
    this.parked = [];
    this.next = 0;
    this.releasing = false;
  }
}
