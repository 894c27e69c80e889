/**
 * The callers waiting for one answer. Every caller has its own deadline and its own cancellation, so
 * one cell giving up never disturbs the others, and every promise settles: with the shared answer,
 * with the shared failure, at its deadline, or when Excel cancels it.
 */
import { cancelledError, deadlineError, EngineError } from './errors';

export interface CallContext {
  /** The calling cell, e.g. "Sheet1!B2": recalculated when a profile it asked for is ready. */
  address?: string;
  signal?: AbortSignal;
}

interface Call<T> {
  resolve(value: T): void;
  reject(error: EngineError): void;
  timer: ReturnType<typeof setTimeout>;
  signal?: AbortSignal;
  onAbort(): void;
}

export class Flight<T> {
  private readonly calls = new Set<Call<T>>();
  /** Cells that asked, including those that left: they all show this organization. */
  readonly addresses = new Set<string>();

  /** `onEmpty` runs when the last waiting caller leaves before the answer (deadline or cancel). */
  constructor(private readonly onEmpty: () => void) {}

  get waiting(): number {
    return this.calls.size;
  }

  join(ctx: CallContext | undefined, deadlineMs: number): Promise<T> {
    if (ctx?.address) this.addresses.add(ctx.address);
    return new Promise<T>((resolve, reject) => {
      const call: Call<T> = {
        resolve,
        reject,
        signal: ctx?.signal,
        timer: setTimeout(() => this.leave(call, deadlineError(deadlineMs)), deadlineMs),
        onAbort: () => this.leave(call, cancelledError()),
      };
      this.calls.add(call);
      call.signal?.addEventListener('abort', call.onAbort, { once: true });
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
    for (const call of calls) this.release(call);
    return calls;
  }

  private leave(call: Call<T>, error: EngineError): void {
    if (!this.calls.delete(call)) return;
    this.release(call);
    call.reject(error);
    if (this.calls.size === 0) this.onEmpty();
  }

  private release(call: Call<T>): void {
    clearTimeout(call.timer);
    call.signal?.removeEventListener('abort', call.onAbort);
  }
}
