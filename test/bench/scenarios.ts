/**
 * The service conditions the bench runs in, and the floor each allows: the least time any client
 * needs for a sheet's distinct suppliers over a given transport, from the requests needed, the
 * requests carried at once, the service time of a full batch and the rate limit.
 */
import type { SandboxKnobs } from '../../tools/sandbox/server/server';
import { TRANSPORT_CONCURRENCY, type TransportName } from './transport';

export const RATE_LIMIT = 5;
/** The service's largest batch: the fewest requests a sheet needs are its distinct suppliers over this. */
export const SERVICE_MAX_BATCH = 100;

// Unseen suppliers stay in profiling for the whole run, so their cells are judged as "profiling".
export const SCENARIO_KNOBS = {
  open: { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600 },
  'slow-service': { latencyMs: 400, itemLatencyMs: 5, profilingSeconds: 3600 },
  'rate-limited': { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600, rateLimit: RATE_LIMIT },
  // A share of requests answered 500 and of connections (HTTP/2: streams) dropped without an answer.
  flaky: { latencyMs: 80, itemLatencyMs: 1, profilingSeconds: 3600, failRate: 0.05, dropRate: 0.03 },
} satisfies Record<string, Partial<SandboxKnobs>>;
export type Scenario = keyof typeof SCENARIO_KNOBS;
export const SCENARIOS = Object.keys(SCENARIO_KNOBS) as Scenario[];

export interface Floor {
  /** Requests needed: every distinct supplier once in full batches, plus the share the service loses. */
  requests: number;
  /** Requests the transport carries at once (at most the requests needed). */
  concurrency: number;
  /**
   * Service time of one full batch: as measured over the run's transport when given (serviceTime.ts),
   * else the knobs' latency + per-item latency x SERVICE_MAX_BATCH (`nominalServiceMs`).
   */
  serviceMs: number;
  nominalServiceMs: number;
  ratePerSecond: number | null;
  /** The least time the transport and the rate allow, by the formula. */
  ms: number;
  /** The sheet served to a client that does nothing else (serviceTime.ts); null when not measured. */
  servedMs: number | null;
  /** The formula with this floor's numbers in it. */
  formula: string;
}

/**
 * `measuredServiceMs`: a full batch's round trip, one at a time, over the run's transport;
 * `servedMs`: the whole sheet served to a bare client (both serviceTime.ts).
 */
export function floorOf(
  scenario: Scenario,
  transport: TransportName,
  distinct: number,
  measuredServiceMs: number | null = null,
  servedMs: number | null = null,
): Floor {
  const knobs: Partial<SandboxKnobs> = SCENARIO_KNOBS[scenario];
  const lost = (knobs.failRate ?? 0) + (knobs.dropRate ?? 0);
  const requests = Math.ceil(Math.ceil(distinct / SERVICE_MAX_BATCH) / (1 - lost));
  const concurrency = Math.min(TRANSPORT_CONCURRENCY[transport], requests);
  const nominalServiceMs = (knobs.latencyMs ?? 0) + (knobs.itemLatencyMs ?? 0) * SERVICE_MAX_BATCH;
  const serviceMs = measuredServiceMs ?? nominalServiceMs;
  const ratePerSecond = knobs.rateLimit ?? null;
  const byConnections = Math.ceil(requests / concurrency) * serviceMs;
  const byRate = ratePerSecond === null ? 0 : Math.round((requests / ratePerSecond) * 1000);
  const ms = Math.max(byConnections, byRate);
  const needed =
    lost > 0
      ? `ceil(ceil(${distinct} / ${SERVICE_MAX_BATCH}) / (1 - ${lost}))`
      : `ceil(${distinct} / ${SERVICE_MAX_BATCH})`;
  const service =
    measuredServiceMs === null
      ? `${serviceMs} ms`
      : `${serviceMs} ms (a full batch as measured over this transport; the knobs say ${nominalServiceMs} ms)`;
  const formula =
    `requests ${needed} = ${requests}; ceil(${requests} / ${concurrency} at once) x ${service} = ${byConnections} ms` +
    (ratePerSecond === null ? '' : `; ${requests} / ${ratePerSecond} per s = ${byRate} ms; the larger`) +
    ` = ${ms} ms` +
    (servedMs === null
      ? ''
      : `; the sheet served to a client that does nothing else (its full batches as many at once as the transport carries): ${servedMs} ms`);
  return { requests, concurrency, serviceMs, nominalServiceMs, ratePerSecond, ms, servedMs, formula };
}
