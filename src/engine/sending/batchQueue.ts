/**
 * The tasks waiting to leave, and the quiet window that decides when a batch that is not full may
 * go: QUIET_MS after the last task arrived, or MAX_WAIT_MS after the first, so a single cell answers
 * quickly while a burst goes out in full batches. One timer serves a whole burst: when it fires early
 * (tasks kept arriving), it is set again for the rest. And how many items the batches leaving take.
 */
import { timerDelay } from '../flow/backoff';
import type { Task } from './task';
import { BROWSER_H1_CONNECTIONS } from '../flow/limiter';

export const QUIET_MS = 25;
export const MAX_WAIT_MS = 100;
/** Items per batch while the window keeps up with the queue. */
export const PREFERRED_BATCH = 50;
/** How far the batches of a backlog spread around their mean size, each way: a fifth. */
export const SIZE_SPREAD = 0.2;

/** The batches that may leave now: their sizes, in sending order, and whether they differ on purpose. */
export interface RoundCut {
  sizes: number[];
  /** Sizes spread around their mean (staggeredSizes): the limiter judges a size new to it by sizes near it. */
  staggered: boolean;
}

/**
 * The items of each batch that may leave now, in sending order: batches of PREFERRED_BATCH while the
 * free slots keep up with the queue (small batches answer sooner); when requests back up, the free
 * slots filled up to `largest` (the service takes 100), so a backlog leaves in one round rather than
 * several. A backlog that fills every free slot, with room in each for a fifth more, is spread over
 * sizes from a fifth under their mean to a fifth over (staggeredSizes). Not with less room: the spread
 * would shrink to what the service's largest batch leaves, and its own work spreads the answers about
 * as much (a known key's round of 16 batches, 82 to 100 items or 91 each, measured the same). Nor
 * when the service's rate is `rationed`: then every request is worth as many items as it can carry,
 * and a rate that lets only the first few batches leave now would send the smallest. With 0 waiting, none.
 */
export function batchSizes(waiting: number, freeSlots: number, largest: number, rationed: boolean): RoundCut {
  const slots = Math.max(1, freeSlots);
  const size = Math.min(largest, Math.max(PREFERRED_BATCH, Math.ceil(waiting / slots)));
  const count = Math.min(slots, Math.ceil(waiting / size));
  const roomy = count === slots && count > 1 && (1 + SIZE_SPREAD) * waiting <= count * largest;
  if (roomy && !rationed) return { sizes: staggeredSizes(waiting, count), staggered: true };
  return { sizes: Array.from({ length: count }, () => size), staggered: false };
}

/**
 * `waiting` items over `count` batches of sizes rising evenly from SIZE_SPREAD under the mean to as far
 * over. A service takes longer for a larger batch, so the answers of such a round come back one after
 * another, and the runtime's one thread reads each while the larger ones are still being served;
 * batches of one size come back together and wait for it in turn. They go out in waves of
 * a browser's six HTTP/1.1 connections taken from the small end and the large end in turn, the large
 * ones largest first: behind six connections the connection freed first (it carried the smallest) takes
 * the largest next, so every connection carries about the same share and the round takes no longer.
 */
function staggeredSizes(waiting: number, count: number): number[] {
  const mean = waiting / count;
  const spread = SIZE_SPREAD * mean;
  // Items in the first k batches of the rising line, rounded so that the sizes add up to `waiting`.
  const upTo = (k: number): number => Math.round(k * mean + spread * ((k * (k - 1)) / (count - 1) - k));
  const rising = Array.from({ length: count }, (_, j) => upTo(j + 1) - upTo(j));
  const sizes: number[] = [];
  for (let wave = 0; rising.length > 0; wave += 1) {
    const taken = Math.min(BROWSER_H1_CONNECTIONS, rising.length);
    sizes.push(...(wave % 2 === 0 ? rising.splice(0, taken) : rising.splice(-taken).reverse()));
  }
  return sizes;
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
