/**
 * The batches in flight, in the order they were sent, and how long each waited in line for a
 * connection. A browser carries six requests at a time to one host over HTTP/1.1 and keeps the others
 * waiting, unseen, first come first served; the request timeout runs from `fetch`, so a batch that
 * waited there behind a slow service would be given up on, and sent again, without the service ever
 * having seen it. So a batch's timeout counts from when it reached the front of the line, at the
 * latest when the last batch sent before it was answered: when the timeout runs out, the time it
 * spent in line since the last check is granted again (`patienceMs`). A request that hangs on the wire
 * is given up at its timeout plus at most the time it waited in line.
 */
import type { Task } from './task';
import type { Ticket } from '../flow/limiter';

/** One batch in flight, with the congestion event (see Dispatcher) and the key it was sent under. */
export interface BatchInFlight {
  readonly controller: AbortController;
  readonly tasks: Task[];
  readonly ticket: Ticket;
  readonly congestionEvent: number;
  readonly keyGeneration: number;
}

interface Line {
  /** When a batch sent before it was last answered (at first: when it was sent). */
  frontAt: number;
  /** When its timeout last ran out (at first: when it was sent). */
  checkedAt: number;
}

export class BatchesInFlight implements Iterable<BatchInFlight> {
  private readonly batches = new Map<BatchInFlight, Line>();

  [Symbol.iterator](): Iterator<BatchInFlight> {
    return this.batches.keys();
  }

  add(batch: BatchInFlight): void {
    const sentAt = batch.ticket.sentAt;
    this.batches.set(batch, { frontAt: sentAt, checkedAt: sentAt });
  }

  /** `batch` ended at `now` (answered or failed): every batch sent after it moved up the line. */
  ended(batch: BatchInFlight, now: number): void {
    let after = false;
    for (const [other, line] of this.batches) {
      if (after) line.frontAt = now;
      else after = other === batch;
    }
    this.batches.delete(batch);
  }

  /** `batch`'s timeout ran out at `now`: the time it spent in line since the last check (0: give up). */
  patienceMs(batch: BatchInFlight, now: number): number {
    const line = this.batches.get(batch);
    if (line === undefined) return 0;
    const inLine = Math.max(0, line.frontAt - line.checkedAt);
    line.checkedAt = now;
    return inLine;
  }

  clear(): void {
    this.batches.clear();
  }
}
