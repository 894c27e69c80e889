/**
 * One timer for the deadlines of every flight in a table. A cold sheet starts a flight per distinct
 * organization, tens of thousands within a second, and a timer of its own per flight (set with its
 * first caller, cleared with its answer) was a browser's DOM timer each: at 50,000 rows in Chromium,
 * a third of a second of the page's thread. Here each flight has an entry in a queue by time
 * (tinyqueue's binary heap), and one timer waits for the earliest.
 */
import TinyQueue from 'tinyqueue';
import { timerDelay } from '../flow/backoff';

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
  /** Entries by time. One whose owner is no longer due at its time is stale: dropped, never run. */
  private readonly queue = new TinyQueue<Entry>([], (a, b) => a.at - b.at);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;

  constructor(private readonly now: () => number) {}

  /** `owner` is due at `owner.dueAt` (already set): an entry for it, and the timer for the earliest. */
  add(owner: Expiring): void {
    this.queue.push({ at: owner.dueAt, owner });
    this.arm();
  }

  /** An owner stopped waiting (its dueAt changed): stale entries at the front go, so no timer waits for them. */
  dropped(): void {
    this.arm();
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    for (let next = this.queue.peek(); next !== undefined && next.at <= now; next = this.queue.peek()) {
      this.queue.pop();
      if (next.owner.dueAt === next.at) next.owner.expire(); // it may add itself again, for a later time
    }
    this.arm();
  }

  /** The timer set for the earliest entry still due, or cleared when none is left. */
  private arm(): void {
    let next = this.queue.peek();
    while (next !== undefined && next.owner.dueAt !== next.at) {
      this.queue.pop();
      next = this.queue.peek();
    }
    const at = next?.at ?? Infinity;
    if (at === this.timerAt) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at < Infinity) this.timer = setTimeout(() => this.fire(), timerDelay(at - this.now()));
  }
}
