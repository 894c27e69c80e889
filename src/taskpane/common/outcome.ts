/**
 * How a row whose organization the engine could not give ends, said once for every section: a
 * service that found nothing or gave up profiling is "not found" (as CLIMATE cells show #N/A), any
 * other failure is an error.
 */
import { isEngineError } from '../../engine';

export type FailedRow = 'not found' | 'error';

export function failedRow(error: unknown): FailedRow {
  return isEngineError(error, 'not-found', 'errored') ? 'not found' : 'error';
}
