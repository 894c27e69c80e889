/**
 * The tasks waiting to leave, and the quiet window that decides when a batch that is not full may
 * go: QUIET_MS after the last task arrived, or MAX_WAIT_MS after the first, so a single cell answers
 * quickly while a burst goes out in full batches. One timer serves a whole burst: when it fires early
 * (tasks kept arriving), it is set again for the rest. And how many items the next batch takes.
 */
import { timerDelay } from './backoff';
import type { Task } from './batchVerdict';

export const QUIET_MS = 25;
export const MAX_WAIT_MS = 100;
/** Items per batch while the window keeps up with the queue. */
export const PREFERRED_BATCH = 50;

/**
 * Items for the next batch: PREFERRED_BATCH while the free slots keep up with the queue (small
 * batches answer sooner); when requests back up, the free slots filled evenly, up to `largest` (the
 * service takes 100), so a backlog leaves in one round rather than several.
 */
export function batchSize(waiting: number, freeSlots: number, largest: number): number {
  return Math.min(largest, Math.max(PREFERRED_BATCH, Math.ceil(waiting / Math.max(1, freeSlots))));
}

export class BatchQueue {
  private tasks: Task[] = [];
  /** When the oldest and newest waiting tasks arrived. */
  private readonly arrivals = { first: 0, last: 0 };
  /** The quiet window has passed (or the tasks waited already): a batch leaves even if not full. */
  private flushDue = false;
  private quietWindow: ReturnType<typeof setTimeout> | null = null;

  /** `quiet`: the quiet window passed with tasks waiting. */
  constructor(
    private readonly now: () => number,
    private readonly quiet: () => void,
  ) {}

  get length(): number {
    return this.tasks.length;
  }

  push(task: Task): void {
    this.arrivals.last = this.now();
    if (this.tasks.length === 0) this.arrivals.first = this.arrivals.last;
    this.tasks.push(task);
    if (!this.quietWindow) this.armQuietWindow();
  }

  /** Back at the front, due at once: they have waited already. */
  putBack(tasks: Task[]): void {
    if (this.tasks.length === 0) this.arrivals.first = this.now();
    this.tasks.unshift(...tasks);
    this.flushDue = true;
  }

  /** Takes a waiting task back; false when it is not waiting here. */
  withdraw(task: Task): boolean {
    const index = this.tasks.indexOf(task);
    if (index < 0) return false;
    this.tasks.splice(index, 1);
    return true;
  }

  /** A batch of `size` may leave: that many wait, or the quiet window has passed. */
  ready(size: number): boolean {
    return this.tasks.length >= size || (this.flushDue && this.tasks.length > 0);
  }

  take(size: number): Task[] {
    return this.tasks.splice(0, size);
  }

  /** Once nothing waits, the next task starts a new quiet window. */
  endIfEmpty(): void {
    if (this.tasks.length > 0) return;
    this.flushDue = false;
    this.stop();
  }

  /** Empties the queue, returning what waited. */
  drain(): Task[] {
    const tasks = this.tasks;
    this.tasks = [];
    this.stop();
    return tasks;
  }

  stop(): void {
    if (this.quietWindow) clearTimeout(this.quietWindow);
    this.quietWindow = null;
  }

  private armQuietWindow(): void {
    const due = (): number => Math.min(this.arrivals.last + QUIET_MS, this.arrivals.first + MAX_WAIT_MS);
    this.quietWindow = setTimeout(
      () => {
        this.quietWindow = null;
        if (this.now() < due()) return this.armQuietWindow();
        this.flushDue = true;
        this.quiet();
      },
      timerDelay(due() - this.now()),
    );
  }
}
