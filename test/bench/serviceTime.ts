/**
 * What the service gives on this machine and transport, against a fresh sandbox with the scenario's
 * latency (no faults, no rate limit):
 * - `measuredServiceMs`, the service time of a full batch: full batches of distinct population
 *   organizations sent one at a time, their median round trip. The knobs' figure (latency + per-item
 *   latency x 100) leaves out what no client can avoid: the sandbox's own work and the transport;
 * - `measuredServedMs`, the sheet served: its distinct suppliers in full batches, as many sent at once
 *   as the transport carries, by a client that does nothing else. A floor multiplies the service time
 *   as if the service answered every batch in parallel; the sandbox answers on one thread of the same
 *   two cores, so at 50,000 rows this is the larger bound.
 */
import type { SandboxKnobs } from '../../tools/sandbox/server/server';
import { SANDBOX_PROJECT_KEY } from '../../tools/sandbox/server/server';
import { ClimateClient } from '../../src/service/client';
import type { BatchRequestItem } from '../../src/service/types';
import { withSandbox, type BenchSetting } from './passes';
import { SERVICE_MAX_BATCH } from './scenarios';
import { TRANSPORT_CONCURRENCY } from './transport';
import type { SupplierRow } from './workload';

const BATCHES = 7;

export async function measuredServiceMs(setting: BenchSetting, knobs: Partial<SandboxKnobs>): Promise<number> {
  const { latencyMs, itemLatencyMs, profilingSeconds } = knobs;
  return withSandbox(setting, { latencyMs, itemLatencyMs, profilingSeconds }, async (sandbox, traffic) => {
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: traffic.fetch });
    const { organizations } = sandbox.population;
    const trips: number[] = [];
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const items = organizations
        .slice(batch * SERVICE_MAX_BATCH, (batch + 1) * SERVICE_MAX_BATCH)
        .map((org) => ({ method: 'POST' as const, url: '/organizations', body: { name: org.name } }));
      const start = performance.now();
      await client.batch(items);
      trips.push(performance.now() - start);
    }
    return Math.round(trips.sort((a, b) => a - b)[Math.floor(BATCHES / 2)]);
  });
}

/** The sheet's distinct requests as the items of full batches: what "the sheet served" sends (here and servedInPage.ts). */
export function servedBatches(rows: readonly SupplierRow[]): BatchRequestItem[][] {
  const distinct = [...new Map(rows.map((row) => [JSON.stringify(row.request), row.request])).values()];
  const batches: BatchRequestItem[][] = [];
  for (let at = 0; at < distinct.length; at += SERVICE_MAX_BATCH)
    batches.push(
      distinct.slice(at, at + SERVICE_MAX_BATCH).map((body) => ({ method: 'POST', url: '/organizations', body })),
    );
  return batches;
}

export async function measuredServedMs(
  setting: BenchSetting,
  knobs: Partial<SandboxKnobs>,
  rows: readonly SupplierRow[],
): Promise<number> {
  const { latencyMs, itemLatencyMs, profilingSeconds } = knobs;
  const batches = servedBatches(rows);
  return withSandbox(setting, { latencyMs, itemLatencyMs, profilingSeconds }, async (sandbox, traffic) => {
    const client = new ClimateClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, fetch: traffic.fetch });
    let next = 0;
    const sender = async (): Promise<void> => {
      for (let batch = batches[next++]; batch !== undefined; batch = batches[next++]) await client.batch(batch);
    };
    const start = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(TRANSPORT_CONCURRENCY[setting.transport], batches.length) }, sender),
    );
    return Math.round(performance.now() - start);
  });
}
