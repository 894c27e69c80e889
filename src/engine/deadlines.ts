/**
 * One timer for the deadlines of every flight in a table. A cold sheet starts a flight per distinct
 * organization, tens of thousands within a second, and a timer of its own per flight (set with its
 * first caller, cleared with its answer) was a browser's DOM timer each: at 50,000 rows in Chromium,
 * a third of a second of the page's thread. Here each flight has an entry in a heap by time, and one
 * timer waits for the earliest.
 */
import { timerDelay } from './backoff';

/** What waits for a deadline: `expire` runs once `dueAt` has come, unless `dueAt` has changed since. */
export interface Expiring {
  /** When it is due (Infinity: not waiting). */
  readonly dueAt: number;
  expire(): void;
}

interface Entry {
  at: number;
  owner: Expiring;
}

export class Deadlines {
  /** A binary min-heap by `at`. An entry whose owner is no longer due at its time is stale: skipped. */
  private readonly heap: Entry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;

  constructor(private readonly now: () => number) {}

  /** `owner` is due at `owner.dueAt` (already set): an entry for it, and the timer for the earliest. */
  add(owner: Expiring): void {
    this.push({ at: owner.dueAt, owner });
    this.arm();
  }

  /** An owner stopped waiting (its dueAt changed): its stale entries at the front go, so no timer waits for them. */
  dropped(): void {
    this.dropStale();
    this.arm();
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    while (this.heap.length > 0 && this.heap[0].at <= now) {
      const { at, owner } = this.pop();
      if (owner.dueAt === at) owner.expire(); // it may add itself again, for a later time
    }
    this.dropStale();
    this.arm();
  }

  private dropStale(): void {
    while (this.heap.length > 0 && this.heap[0].owner.dueAt !== this.heap[0].at) this.pop();
  }

  /** The timer set for the earliest entry, or cleared when none is left. */
  private arm(): void {
    const at = this.heap.length > 0 ? this.heap[0].at : Infinity;
    if (at === this.timerAt) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at < Infinity) this.timer = setTimeout(() => this.fire(), timerDelay(at - this.now()));
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    let i = heap.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].at <= entry.at) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): Entry {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const child = left + 1 < heap.length && heap[left + 1].at < heap[left].at ? left + 1 : left;
      if (heap[child].at >= last.at) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
