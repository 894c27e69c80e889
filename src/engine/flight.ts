/**
 * The callers waiting for one answer. Every caller has its own deadline and its own cancellation, so
 * one cell giving up never disturbs the others, and every promise settles: with the shared answer,
 * with the shared failure, at its deadline, or when Excel cancels it. A deadline means the service
 * did not answer: it runs from the later of the call and the service's last answer to any batch, so a
 * call waiting its turn behind a rate limit, while the service keeps answering, is not failed for it;
 * and a call whose deadline passes while the service has asked everyone to wait is told that instead
 * (`ServiceHeard.overdue`).
 *
 * A sheet joins thousands of callers to a few hundred flights, so a flight keeps one timer for all
 * its callers (armed for the earliest deadline) rather than one per caller.
 */
import { timerDelay } from './backoff';
import { cancelledError, deadlineError, EngineError } from './errors';

/**
 * What the engine needs of a cancellation: an AbortSignal is one; the functions' boundary makes a
 * lighter one per Excel invocation (src/functions/excelBoundary.ts).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface CallContext {
  /** The calling cell, e.g. "Sheet1!B2": recalculated when a profile it asked for is ready. */
  address?: string;
  signal?: CancelSignal;
}

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

export class Flight<T> {
  private readonly calls = new Set<Call<T>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  /** Cells that asked, including those that left: they all show this organization. */
  readonly addresses = new Set<string>();

  /**
   * `onEmpty` runs when the last waiting caller leaves before the answer (deadline or cancel); `now` is
   * the engine's clock, which deadlines are measured on.
   */
  constructor(
    private readonly onEmpty: () => void,
    private readonly now: () => number = Date.now,
    private readonly service: ServiceHeard = UNHEARD,
  ) {}

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
      if (call.deadlineAt < this.timerAt) this.arm(call.deadlineAt);
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
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(() => this.expire(), timerDelay(at - this.now()));
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  /** Callers past their deadline leave; the timer is set again for the next deadline, if any. */
  private expire(): void {
    this.timer = null;
    this.timerAt = Infinity;
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
