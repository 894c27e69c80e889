/** Tasks whose answer is an organization record, and what a record means for the calls that wait on it. */
import { decodeOrganization } from '../service/records';
import type { BatchRequestItem, OrganizationRecord } from '../service/types';
import type { Task } from './dispatcher';
import { EngineError, engineErrorFrom, registrationErrorFrom } from './errors';
import { isFinal, toTheSecond } from './recordCache';
import type { OrganizationOutcome } from './types';

/** What a record means for its calls; `receivedAt`: when the service sent it (told to the second, as stored). */
export function outcomeOf(record: OrganizationRecord, receivedAt: number): OrganizationOutcome | EngineError {
  if (record.status === 'errored') {
    const name = record.name ?? record.matching_organization?.name ?? `organization ${record.id}`;
    return new EngineError('errored', `The service could not build a climate profile for ${name}.`);
  }
  return { state: isFinal(record) ? 'ready' : 'pending', record, receivedAt: toTheSecond(receivedAt) };
}

export function recordUrl(id: number, privateFigures: boolean): string {
  return `/organizations/${id}${privateFigures ? '/private' : ''}`;
}

export interface RecordHandlers {
  /** Someone still waits for the answer (otherwise the dispatcher drops the task). */
  wanted(): boolean;
  onRecord(record: OrganizationRecord): void;
  onError(error: EngineError): void;
  onDropped(): void;
}

/** A task whose 2xx answer is an organization record; an undecodable one is retried. */
export function recordTask(item: BatchRequestItem, handlers: RecordHandlers): Task {
  return {
    item,
    attempts: 0,
    wanted: handlers.wanted,
    accept: (answer) => {
      let record: OrganizationRecord;
      try {
        record = decodeOrganization(answer.body);
      } catch {
        return false;
      }
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
