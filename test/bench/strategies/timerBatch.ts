/**
 * Baseline 2, "timer-batch": Microsoft's published batching pattern for custom functions. Each call
 * is pushed onto a queue; a 100 ms timer flushes everything queued into `POST /batch`, all requests
 * sent at once. No de-duplication and no retry: a failed request leaves its cells unsettled (#BUSY!
 * in Excel). The only change from the sample is splitting at the service's batch limit, without which
 * it cannot run at all.
 */
import { ClimateClient } from '../../../src/service/client';
import { decodeOrganization } from '../../../src/service/records';
import { cellValue, type CellOutcome, type CellSpec } from '../cells';

const FLUSH_MS = 100;

export async function runTimerBatch(
  client: ClimateClient,
  cells: readonly CellSpec[],
  serviceMaxBatch: number,
): Promise<CellOutcome[]> {
  const outcomes: CellOutcome[] = cells.map(() => ({ kind: 'unsettled' }));
  let queue: number[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const inFlight: Promise<void>[] = [];

  const send = async (chunk: number[]): Promise<void> => {
    try {
      const answers = await client.batch(
        chunk.map((index) => ({ url: '/organizations', method: 'POST' as const, body: cells[index].row.request })),
      );
      answers.forEach((answer, i) => {
        const index = chunk[i];
        outcomes[index] =
          answer.status >= 200 && answer.status < 300
            ? cellValue(decodeOrganization(answer.body), cells[index].field)
            : { kind: 'error', message: `HTTP ${answer.status}` };
      });
    } catch {
      // The published sample has no error path: these cells never settle.
    }
  };

  const flush = (): void => {
    timer = null;
    const batch = queue;
    queue = [];
    for (let start = 0; start < batch.length; start += serviceMaxBatch) {
      inFlight.push(send(batch.slice(start, start + serviceMaxBatch)));
    }
  };

  cells.forEach((_cell, index) => {
    queue.push(index);
    timer ??= setTimeout(flush, FLUSH_MS);
  });
  await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 1));
  await Promise.all(inFlight);
  return outcomes;
}
