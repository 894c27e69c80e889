/**
 * The service time of a full batch as this machine and transport give it: full batches of distinct
 * population organizations sent one at a time to a fresh sandbox with the scenario's latency (and no
 * faults or rate limit), their median round trip. The knobs' figure (latency + per-item latency x 100)
 * leaves out what no client can avoid: the sandbox's own work and the trip through the transport.
 */
import type { SandboxKnobs } from '../../src/sandbox/server';
import { SANDBOX_PROJECT_KEY } from '../../src/sandbox/server';
import { ClimateClient } from '../../src/service/client';
import { withSandbox, type BenchSetting } from './passes';
import { SERVICE_MAX_BATCH } from './scenarios';

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
