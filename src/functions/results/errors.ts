/**
 * What a cell shows when it has no value. Excel lets custom functions attach a message to two codes
 * only, #VALUE! and #N/A, and the choice between them is deliberate:
 *
 * - #VALUE!  the input or the setup must change before a value can come: a malformed argument, an
 *            unknown initiative or field, a request the service rejected as invalid, a missing or
 *            refused API key.
 * - #N/A     there is no value now, and none of the input is wrong: still profiling (the cell updates
 *            itself), not found, profiling failed, no value published, the service busy, unreachable
 *            or too slow. IFNA() catches exactly these.
 *
 * The message is always a sentence a person can act on, in the runtime's language (the code is what
 * formulas test, with ISNA or IFERROR, and it is the same in every language); never a stack trace,
 * never the API key (engine and client messages never carry it), and a missing value is never shown as 0.
 */
import { t } from '../../i18n/translate';
import { isEngineError, type EngineErrorKind } from '../../engine';
import { clip } from '../../text/clip';
import { ServiceError, type ServiceErrorKind } from '../../service/errors';
import { ArgumentError } from '../arguments/argumentError';

export type CellErrorCode = '#VALUE!' | '#N/A';

export class CellFailure extends Error {
  constructor(
    readonly code: CellErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CellFailure';
  }
}

/** The engine's failures that need #VALUE!: the key or the request must change. */
const VALUE_KINDS: readonly EngineErrorKind[] = ['auth', 'invalid'];
/**
 * The same for the client's own failures, which reach a cell where it reads a listing page by page
 * (a listing cut off, with no end in sight or past its deadline, is #N/A).
 */
const SERVICE_VALUE_KINDS: readonly ServiceErrorKind[] = ['auth', 'validation'];

const MAX_MESSAGE = 250;

export function failureFrom(error: unknown): CellFailure {
  if (error instanceof CellFailure) return error;
  if (error instanceof ArgumentError) return new CellFailure('#VALUE!', error.message);
  if (isEngineError(error))
    return new CellFailure(VALUE_KINDS.includes(error.kind) ? '#VALUE!' : '#N/A', sentence(error));
  if (error instanceof ServiceError) {
    return new CellFailure(SERVICE_VALUE_KINDS.includes(error.kind) ? '#VALUE!' : '#N/A', sentence(error));
  }
  return new CellFailure('#VALUE!', t('cells.unexpected', { detail: sentence(error) }));
}

/**
 * `work`'s answer, with a failure, thrown at once (a bad argument) or rejected later (the engine's),
 * turned by `convert` into what the caller's callers expect. Promise steps, not an async frame: every
 * cell of a sheet passes through here.
 */
export function convertFailures<T>(work: () => Answer<T>, convert: (error: unknown) => unknown): Answer<T> {
  try {
    const answer = work();
    return answer instanceof Promise
      ? answer.then(undefined, (error: unknown) => {
          throw convert(error);
        })
      : answer;
  } catch (error) {
    return Promise.reject(convert(error));
  }
}

/**
 * A value now, or later. A cell answered from the cache stays synchronous all the way to Excel: a
 * recalculation of 200,000 cells then leaves no promise per cell alive until the next turn.
 */
export type Answer<T> = T | Promise<T>;

/** `next` applied to the answer: at once for a value, after it for a promise. */
export function andThen<T, U>(answer: Answer<T>, next: (value: T) => U): Answer<U> {
  return answer instanceof Promise ? answer.then(next) : next(answer);
}

/** A profile still being built: #N/A now, and the engine recalculates the cell once it is final. */
export function pendingFailure(status: string | null): CellFailure {
  // The status is the service's own word (`researching`), shown as it is sent.
  return new CellFailure('#N/A', t('cells.profiling', { status: status ?? t('cells.profilingStarted') }));
}

/** A field the service left empty for this organization; `what` is the field's name (fixed in every language). */
export function notPublished(what: string, organization: string): CellFailure {
  return new CellFailure('#N/A', t('cells.notPublished', { what, organization }));
}

/** MATCH's similarity when no name was compared: the service publishes none; this add-in measures it. */
export function noNameCompared(organization: string): CellFailure {
  return new CellFailure('#N/A', t('cells.noSimilarity', { organization }));
}

/**
 * A flag the answer could not carry: the service's Summary response format leaves every initiative
 * out, which says nothing about the organization (the card says so too: `cells.initiativesLeftOut`).
 */
export function initiativesLeftOut(what: string, organization: string): CellFailure {
  return new CellFailure('#N/A', t('cells.flagLeftOut', { what, organization }));
}

/** The first line of a message, bounded: never a stack, never a wall of text. */
function sentence(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const line = raw.split(/\r?\n/)[0].trim() || t('cells.noDetails');
  return clip(line, MAX_MESSAGE);
}
