/**
 * Baseline 2, "timer-batch": Microsoft's published batching pattern for custom functions. Each call
 * is pushed onto a queue; a 100 ms timer flushes everything queued into `POST /batch`, all requests
 * sent at once. No de-duplication and no retry: a failed request leaves its cells unsettled (#BUSY!
 * in Excel). The only change from the sample is splitting at the service's batch limit, without which
 * it cannot run at all.
 */
import type { ClimateClient } from '../../../src/service/client';
import { decodeOrganization } from '../../../src/service/records';
import type { OrganizationRecord, OrganizationRequest } from '../../../src/service/types';
import type { BaselineAddin } from './baselineAddin';

const FLUSH_MS = 100;

interface Queued {
  request: OrganizationRequest;
  resolve(record: OrganizationRecord): void;
  reject(error: Error): void;
}

export function timerBatchAddin(client: ClimateClient, serviceMaxBatch: number): BaselineAddin {
  let queue: Queued[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushed: Promise<void> | null = null;
  let markFlushed = (): void => undefined;
  const inFlight: Promise<void>[] = [];

  const send = async (chunk: Queued[]): Promise<void> => {
    try {
      const answers = await client.batch(
        chunk.map((call) => ({ url: '/organizations', method: 'POST' as const, body: call.request })),
      );
      answers.forEach((answer, i) => {
        if (answer.status >= 200 && answer.status < 300) chunk[i].resolve(decodeOrganization(answer.body));
        else chunk[i].reject(new Error(`HTTP ${answer.status}`));
      });
    } catch {
      // The published sample has no error path: these cells never settle.
    }
  };

  const flush = (): void => {
    timer = null;
    const batch = queue;
    queue = [];
    for (let start = 0; start < batch.length; start += serviceMaxBatch)
      inFlight.push(send(batch.slice(start, start + serviceMaxBatch)));
    markFlushed();
  };

  return {
    lookup(request: OrganizationRequest): Promise<OrganizationRecord> {
      flushed ??= new Promise((resolve) => (markFlushed = resolve));
      timer ??= setTimeout(flush, FLUSH_MS);
      return new Promise((resolve, reject) => queue.push({ request, resolve, reject }));
    },
    async idle(): Promise<void> {
      await flushed;
      await Promise.all(inFlight);
    },
  };
}
