/**
 * Baseline 1, "naive": what an add-in without batching does. Every cell sends its own
 * `POST /organizations`, six at a time (a browser's connection limit per host), no cache, no retry.
 */
import { ClimateClient } from '../../../src/service/client';
import { cellValue, type CellOutcome, type CellSpec } from '../cells';

export async function runNaive(client: ClimateClient, cells: readonly CellSpec[]): Promise<CellOutcome[]> {
  const outcomes: CellOutcome[] = cells.map(() => ({ kind: 'unsettled' }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cells.length) {
      const index = next;
      next += 1;
      const cell = cells[index];
      try {
        outcomes[index] = cellValue(await client.registerOrganization(cell.row.request), cell.field);
      } catch (error) {
        outcomes[index] = { kind: 'error', message: (error as Error).message };
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return outcomes;
}
