/**
 * The callers waiting for one answer. Every caller has its own deadline and its own cancellation, so
 * one cell giving up never disturbs the others, and every promise settles: with the shared answer,
 * with the shared failure, at its deadline, or when Excel cancels it. A deadline means the service
 * did not answer: it runs from the later of the call and the service's last answer to any batch, so a
 * call waiting its turn behind a rate limit, while the service keeps answering, is not failed for it;
 * and a call whose deadline passes while the service has asked everyone to wait is told that instead
 * (`ServiceHeard.overdue`).
 *
 * A sheet joins thousands of callers to a few hundred flights, so a flight waits for one deadline, its
 * callers' earliest, rather than one per caller; and the flights of a table share one timer (deadlines.ts).
 */
import type { Deadlines, Expiring } from './deadlines';
import { cancelledError, deadlineError, EngineError } from '../errors';
import type { CallContext, CancelSignal } from '../types';

/** What deadlines read of the service (the dispatcher). */
export interface ServiceHeard {
  /** When the service last answered a batch: a deadline runs from the later of this and the call. */
  readonly heardAt: number;
  /** What a call past its deadline is told. */
  overdue(deadlineMs: number): EngineError;
}

/** A service never heard from: a call past its deadline was not answered. */
const UNHEARD: ServiceHeard = { heardAt: -Infinity, overdue: deadlineError };

interface Call<T> {
  resolve(value: T): void;
  reject(error: EngineError): void;
  deadlineAt: number;
  deadlineMs: number;
  signal?: CancelSignal;
  onAbort(): void;
}

export class Flight<T> implements Expiring {
  private readonly calls = new Set<Call<T>>();
  /** The earliest deadline of a caller still waiting, as the table's deadlines know it (Infinity: none). */
  private due = Infinity;
  /** Cells that asked, including those that left: they all show this organization. */
  readonly addresses = new Set<string>();

  /**
   * `onEmpty` runs when the last waiting caller leaves before the answer (deadline or cancel); `now` is
   * the engine's clock, which deadlines are measured on (and `deadlines` runs on).
   */
  constructor(
    private readonly onEmpty: () => void,
    private readonly now: () => number,
    private readonly deadlines: Deadlines,
    private readonly service: ServiceHeard = UNHEARD,
  ) {}

  get dueAt(): number {
    return this.due;
  }

  get waiting(): number {
    return this.calls.size;
  }

  join(ctx: CallContext | undefined, deadlineMs: number): Promise<T> {
    if (ctx?.address) this.addresses.add(ctx.address);
    return new Promise<T>((resolve, reject) => {
      const call: Call<T> = {
        resolve,
        reject,
        deadlineAt: this.now() + deadlineMs,
        deadlineMs,
        signal: ctx?.signal,
        onAbort: () => this.leave(call, cancelledError()),
      };
      this.calls.add(call);
      call.signal?.addEventListener('abort', call.onAbort, { once: true });
      if (call.deadlineAt < this.due) this.arm(call.deadlineAt);
    });
  }

  resolve(value: T): void {
    for (const call of this.take()) call.resolve(value);
  }

  reject(error: EngineError): void {
    for (const call of this.take()) call.reject(error);
  }

  private take(): Call<T>[] {
    const calls = [...this.calls];
    this.calls.clear();
    this.disarm();
    for (const call of calls) call.signal?.removeEventListener('abort', call.onAbort);
    return calls;
  }

  private leave(call: Call<T>, error: EngineError): void {
    if (!this.calls.delete(call)) return;
    call.signal?.removeEventListener('abort', call.onAbort);
    call.reject(error);
    if (this.calls.size === 0) {
      this.disarm();
      this.onEmpty();
    }
  }

  private arm(at: number): void {
    this.due = at;
    this.deadlines.add(this);
  }

  private disarm(): void {
    if (this.due === Infinity) return;
    this.due = Infinity;
    this.deadlines.dropped();
  }

  /** Callers past their deadline leave; the flight waits again for the next deadline, if any (deadlines.ts runs it). */
  expire(): void {
    this.due = Infinity;
    const now = this.now();
    const heard = this.service.heardAt;
    let next = Infinity;
    for (const call of [...this.calls]) {
      call.deadlineAt = Math.max(call.deadlineAt, heard + call.deadlineMs);
      if (call.deadlineAt <= now) this.leave(call, this.service.overdue(call.deadlineMs));
      else next = Math.min(next, call.deadlineAt);
    }
    if (next < Infinity && this.calls.size > 0) this.arm(next);
  }
}
