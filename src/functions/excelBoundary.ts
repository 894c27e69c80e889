/**
 * Where the catalogue meets Excel's custom-functions runtime: invocations become call contexts (the
 * cell's address, and a signal that fires when Excel cancels the call), and failures become
 * `CustomFunctions.Error` values, thrown for a single cell or placed in a spilled array. Every text
 * a result holds leaves here made safe (cellText.ts).
 */
import type { CancelSignal, FunctionCall, Spill } from './catalogue';
import { safeResult } from './arguments/cellText';
import { andThen, CellFailure, convertFailures, failureFrom, type Answer } from './results/errors';

/**
 * Excel's `onCanceled` as the engine's cancel signal. Thousands of cells each get one, and each has a
 * single listener (the engine's), so this is a field, not an AbortController with an event target.
 */
class InvocationSignal implements CancelSignal {
  aborted = false;
  private listener: (() => void) | null = null;

  constructor(invocation: CustomFunctions.CancelableInvocation) {
    invocation.onCanceled = () => {
      if (this.aborted) return;
      this.aborted = true;
      const listener = this.listener;
      this.listener = null;
      listener?.();
    };
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.listener !== null) throw new Error('InvocationSignal: one listener per invocation');
    this.listener = listener;
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    if (this.listener === listener) this.listener = null;
  }
}

/**
 * Excel previews a formula while it is typed (CustomFunctionsRuntime 1.5): the typings declare the flag
 * a string, Excel's documentation a boolean, so both spellings count.
 */
function inValuePreview(invocation: CustomFunctions.Invocation): boolean {
  const flag: unknown = invocation.isInValuePreview;
  return flag === true || flag === 'true';
}

export function callContext(invocation: CustomFunctions.CancelableInvocation | undefined): FunctionCall {
  if (!invocation) return {};
  const call: FunctionCall = { address: invocation.address, signal: new InvocationSignal(invocation) };
  if (inValuePreview(invocation)) call.preview = true;
  return call;
}

function excelError(failure: CellFailure): CustomFunctions.Error {
  const code =
    failure.code === '#N/A' ? CustomFunctions.ErrorCode.notAvailable : CustomFunctions.ErrorCode.invalidValue;
  return new CustomFunctions.Error(code, failure.message);
}

/** What a failed cell shows: #VALUE! or #N/A with our message. */
export function cellError(error: unknown): CustomFunctions.Error {
  return excelError(failureFrom(error));
}

/**
 * One cell: the value, its texts made safe (at once when `work` has it at once: Excel takes a value as
 * well as a promise), or Excel's error with our message.
 */
export function toCellNow<T>(work: () => Answer<T>): Answer<T> {
  return convertFailures(() => andThen(work(), safeResult), cellError);
}

/** One cell, always as a promise (for functions whose metadata declares a promised type). */
export function toCell<T>(work: () => Answer<T>): Promise<T> {
  return Promise.resolve(toCellNow(work));
}

/** A spilled array: values as they are, failed elements as error values in their place. */
export async function toSpill(work: () => Spill | Promise<Spill>): Promise<unknown[][]> {
  const rows = await toCell(work);
  return rows.map((row) => row.map((element) => (element instanceof CellFailure ? excelError(element) : element)));
}
