/** Tasks whose answer is an organization record, and what a record means for the calls that wait on it. */
import { t } from '../../i18n/translate';
import { decodeOrganization } from '../../service/records';
import type { BatchRequestItem, OrganizationRecord, OrganizationRequest } from '../../service/types';
import type { Task } from './task';
import { EngineError, engineErrorFrom, registrationErrorFrom } from '../errors';
import { isFinal, toTheSecond } from '../cache/recordCache';
import type { OrganizationOutcome } from '../types';

/** What a record means for its calls; `receivedAt`: when the service sent it (told to the second, as stored). */
export function outcomeOf(record: OrganizationRecord, receivedAt: number): OrganizationOutcome | EngineError {
  if (record.status === 'errored') {
    const name =
      record.name ?? record.matching_organization?.name ?? t('cells.organizationId', { id: String(record.id) });
    return new EngineError('errored', t('cells.profileFailed', { name }));
  }
  return { state: isFinal(record) ? 'ready' : 'pending', record, receivedAt: toTheSecond(receivedAt) };
}

export interface RecordHandlers {
  /** Someone still waits for the answer (otherwise the dispatcher drops the task). */
  wanted(): boolean;
  onRecord(record: OrganizationRecord): void;
  onError(error: EngineError): void;
  onDropped(): void;
}

/**
 * The registration of an organization (`POST /organizations`): the service answers with the record it
 * matched or created, whose id nothing here can check.
 */
export function registrationTask(request: OrganizationRequest, handlers: RecordHandlers): Task {
  return recordTask({ url: '/organizations', method: 'POST', body: request }, null, handlers);
}

/**
 * The read of record `id` (`/private`: with the project's private figures). A batch's answers are
 * matched to its requests by their order alone, so an answer holding another record (answers swapped
 * or repeated) is refused, retried like a malformed answer: cached, it would show one organization's
 * figures for another's cells for a day.
 */
export function readTask(id: number, privateFigures: boolean, handlers: RecordHandlers): Task {
  return recordTask({ url: recordPath(id, privateFigures), method: 'GET' }, id, handlers);
}

/** Where record `id` is read: with the project's private figures when the settings ask for them. */
export function recordPath(id: number, privateFigures: boolean): string {
  return `/organizations/${id}${privateFigures ? '/private' : ''}`;
}

/** A task whose 2xx answer is an organization record (`id`: the one it must be, when known). */
function recordTask(item: BatchRequestItem, id: number | null, handlers: RecordHandlers): Task {
  return {
    item,
    attempts: 0,
    wanted: handlers.wanted,
    accept: (answer) => {
      let record: OrganizationRecord;
      try {
        record = decodeOrganization(answer.body);
      } catch {
        return t('service.malformed.unreadable');
      }
      if (id !== null && record.id !== id)
        return t('service.malformed.otherOrganization', { url: item.url, id: String(record.id) });
      handlers.onRecord(record);
      return true;
    },
    fail: (error, attempts) =>
      handlers.onError(
        item.method === 'POST' ? registrationErrorFrom(error, attempts) : engineErrorFrom(error, attempts),
      ),
    dropped: handlers.onDropped,
  };
}
