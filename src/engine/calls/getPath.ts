/**
 * Plain GETs of the service (industries, SBTi, recommended actions), and reads of one record by its id
 * (a card's organization): one flight per path, 2xx answers only.
 */
import { t } from '../../i18n/translate';
import type { BatchResponseItem, OrganizationRecord } from '../../service/types';
import type { Dispatcher } from '../sending/dispatcher';
import { EngineError, engineErrorFrom } from '../errors';
import type { CallContext } from '../types';
import { FlightTable } from './flightTable';
import type { EngineLifecycle } from '../lifecycle';
import { readTask, recordPath } from '../sending/recordTask';

/** A path of the service (`/industries?page=2`); an absolute URL is accepted only under the base URL. */
function servicePath(url: string, base: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (url.startsWith(`${base}/`)) return url.slice(base.length);
  throw new EngineError('invalid', t('cells.onlyService', { base }));
}

export class GetPath {
  private readonly flights: FlightTable<BatchResponseItem>;
  private readonly records: FlightTable<OrganizationRecord>;

  constructor(
    private readonly lifecycle: EngineLifecycle,
    dispatcher: Dispatcher,
    now: () => number,
    onJoined: () => void,
  ) {
    this.flights = new FlightTable(dispatcher, now, onJoined);
    this.records = new FlightTable(dispatcher, now, onJoined);
  }

  /**
   * Record `id`, read as every record is (with the project's private figures when the settings ask for
   * them); an answer holding another record, as a batch answered out of order holds, is read again.
   */
  record(id: number, ctx: CallContext | undefined): Promise<OrganizationRecord> {
    const refusal = this.lifecycle.refuse(ctx);
    if (refusal) throw refusal;
    const { privatePerformances, deadlineMs } = this.lifecycle.applied;
    return this.records.join(recordPath(id, privatePerformances), ctx, deadlineMs, ({ flight, forget }) =>
      readTask(id, privatePerformances, {
        wanted: () => flight.waiting > 0,
        onRecord: (record) => {
          forget();
          flight.resolve(record);
        },
        onError: (error) => {
          forget();
          flight.reject(error);
        },
        onDropped: forget,
      }),
    );
  }

  /** Throws what fails the call at once; otherwise a place in the flight for this path. */
  ask(url: string, ctx: CallContext | undefined): Promise<BatchResponseItem> {
    const path = servicePath(url, this.lifecycle.applied.baseUrl);
    const refusal = this.lifecycle.refuse(ctx);
    if (refusal) throw refusal;
    return this.flights.join(path, ctx, this.lifecycle.applied.deadlineMs, ({ flight, forget }) => ({
      item: { url: path, method: 'GET' },
      attempts: 0,
      wanted: () => flight.waiting > 0,
      accept: (answer) => {
        forget();
        flight.resolve(answer);
        return true;
      },
      fail: (error, attempts) => {
        forget();
        flight.reject(engineErrorFrom(error, attempts));
      },
      dropped: forget,
    }));
  }

  /** Another scope: running flights belong to the old one. */
  clear(): void {
    this.flights.clear();
    this.records.clear();
  }
}
