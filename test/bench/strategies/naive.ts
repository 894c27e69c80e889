/**
 * Baseline 1, "naive": what an add-in without batching does. Every cell sends its own
 * `POST /organizations`, six at a time (a browser's connection limit per host), no cache, no retry.
 */
import type { ClimateClient } from '../../../src/service/client';
import type { OrganizationRecord, OrganizationRequest } from '../../../src/service/types';
import type { BaselineAddin } from './baselineAddin';

const CONNECTIONS = 6;

export function naiveAddin(client: ClimateClient): BaselineAddin {
  const waiting: Array<() => void> = [];
  const calls: Promise<unknown>[] = [];
  let active = 0;
  const slot = async (): Promise<void> => {
    if (active < CONNECTIONS) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight on
    else active -= 1;
  };
  return {
    lookup(request: OrganizationRequest): Promise<OrganizationRecord> {
      const answer = (async () => {
        await slot();
        try {
          return await client.registerOrganization(request);
        } finally {
          release();
        }
      })();
      calls.push(answer);
      return answer;
    },
    async idle(): Promise<void> {
      await Promise.allSettled(calls);
    },
  };
}
