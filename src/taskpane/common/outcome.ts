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

/** How a settled or settling row of a scored block is counted: scored, still profiling, or failed. */
export type RowCount = 'scored' | 'profiling' | FailedRow;

/**
 * What Score a column's summary and the Climate summary sheet call the rows of each count: one word
 * for both, so the pane and the sheet agree. In the pane's language at the time it is read (getters:
 * the language is known only once Office answers).
 */
export const ROW_COUNT_LABELS: Readonly<Record<RowCount, string>> = {
  get scored() {
    return t('common.outcome.scored');
  },
  get profiling() {
    return t('common.outcome.profiling');
  },
  get 'no value'() {
    return t('common.outcome.noValue');
  },
  get error() {
    return t('common.outcome.error');
  },
};

export function failedRow(error: unknown): FailedRow {
  return failureFrom(error).code === '#N/A' ? 'no value' : 'error';
}
