/**
 * How a row whose organization the engine could not give ends, said once for every section and read
 * from what its CLIMATE cells show (functions/errors.ts chooses the code): #N/A is "no value" now (not
 * found, no profile, or a service that failed, limited requests, was too slow or unreachable: nothing
 * written is wrong), #VALUE! is an error (the input or the key must change). The Climate summary counts
 * the same rows by the same codes, so the pane and the sheet agree.
 */
import { failureFrom } from '../../functions/results/errors';
import { t } from '../../i18n/translate';

export type FailedRow = 'no value' | 'error';

/**
 * What Score a column's summary calls the rows of each count, in the pane's language at the time it is
 * read (getters: the language is known only once Office answers). The Climate summary sheet's words for
 * them are its own (summary.json's summary.figure.notFound and .errors).
 */
export const FAILED_ROW_LABELS: Readonly<Record<FailedRow, string>> = {
  get 'no value'() {
    return t('common.failed.noValue');
  },
  get error() {
    return t('common.failed.error');
  },
};

export function failedRow(error: unknown): FailedRow {
  return failureFrom(error).code === '#N/A' ? 'no value' : 'error';
}
