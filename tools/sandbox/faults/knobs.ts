/**
 * The sandbox's knobs: latency, rate limit, injected faults, the profiling clock, the response format. Set at start (CLI
 * flags, `startSandbox` options) and changed at run time (`POST /__sandbox/config`), all through the
 * one validator below.
 */

export interface SandboxKnobs {
  /** Added to every HTTP request, in milliseconds. */
  latencyMs: number;
  /** Added per batch item: a batch of n takes latencyMs + n * itemLatencyMs. */
  itemLatencyMs: number;
  /** Requests per second per key (a batch counts one); null = no limit. Beyond it: 429. */
  rateLimit: number | null;
  /** Whether a 429 carries Retry-After; false simulates a service that does not say. */
  rateLimitRetryAfter: boolean;
  /** Most items a batch may hold; 413 above it. */
  maxBatch: number;
  /** Share of requests answered 500. */
  failRate: number;
  /** Share of connections destroyed without an answer. */
  dropRate: number;
  /** Share of answers whose JSON body is cut short. */
  malformedRate: number;
  /** Share of batch answers missing their last item(s). */
  truncateBatchRate: number;
  /** Accept requests and never answer them. */
  hang: boolean;
  /** Seconds an unseen organization takes to walk from `created` to `synced` (or `errored`). */
  profilingSeconds: number;
  /** Share of unseen organizations whose profiling ends `errored`. */
  erroredShare: number;
  /** Keys answered 401 from now on, as if revoked. */
  revokedKeys: string[];
  /**
   * Answer organizations in the service's Summary response format (new accounts' default): no
   * initiative data, and `matching_organization` without names.
   */
  summaryFormat: boolean;
}

export const DEFAULT_KNOBS: Readonly<SandboxKnobs> = Object.freeze({
  latencyMs: 0,
  itemLatencyMs: 0,
  rateLimit: null,
  rateLimitRetryAfter: true,
  maxBatch: 100,
  failRate: 0,
  dropRate: 0,
  malformedRate: 0,
  truncateBatchRate: 0,
  hang: false,
  profilingSeconds: 20,
  erroredShare: 0.05,
  revokedKeys: [],
  summaryFormat: false,
});

export class KnobError extends Error {}

/** A value a knob's rule refuses: which knob, what it must be and what it got, for each caller to word. */
export class KnobValueError extends KnobError {
  constructor(
    readonly knob: keyof SandboxKnobs,
    readonly expected: string,
    value: unknown,
  ) {
    // A number as itself: JSON would name Infinity or NaN `null`.
    super(`${knob} must be ${expected}, got ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`);
  }
}

type Check = (name: keyof SandboxKnobs, value: unknown) => unknown;

const fail = (name: keyof SandboxKnobs, expected: string, value: unknown): never => {
  throw new KnobValueError(name, expected, value);
};
const nonNegative: Check = (name, v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fail(name, 'a number >= 0', v);
const share: Check = (name, v) =>
  typeof v === 'number' && v >= 0 && v <= 1 ? v : fail(name, 'a share between 0 and 1', v);
const flag: Check = (name, v) => (typeof v === 'boolean' ? v : fail(name, 'true or false', v));
const positiveInteger: Check = (name, v) =>
  Number.isInteger(v) && (v as number) >= 1 ? v : fail(name, 'an integer >= 1', v);
const CHECKS: Record<keyof SandboxKnobs, Check> = {
  latencyMs: nonNegative,
  itemLatencyMs: nonNegative,
  rateLimit: (name, v) =>
    v === null ? null : typeof v === 'number' && v > 0 ? v : fail(name, 'a number > 0, or null for no limit', v),
  rateLimitRetryAfter: flag,
  maxBatch: positiveInteger,
  failRate: share,
  dropRate: share,
  malformedRate: share,
  truncateBatchRate: share,
  hang: flag,
  profilingSeconds: nonNegative,
  erroredShare: share,
  revokedKeys: (name, v) =>
    Array.isArray(v) && v.every((k) => typeof k === 'string') ? [...v] : fail(name, 'a list of keys', v),
  summaryFormat: flag,
};

export const KNOB_NAMES = Object.keys(CHECKS) as (keyof SandboxKnobs)[];

/** Checks a patch of knobs (unknown names and wrong types are refused with a message saying which). */
export function validateKnobs(patch: unknown): Partial<SandboxKnobs> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new KnobError('Knobs must be a JSON object, e.g. {"latencyMs": 50}');
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    // Own names only: `in` would take Object.prototype's (`toString`, `constructor`) for knobs.
    if (!Object.hasOwn(CHECKS, name)) throw new KnobError(`Unknown knob ${name}; knobs are: ${KNOB_NAMES.join(', ')}`);
    const knob = name as keyof SandboxKnobs;
    if (value !== undefined) out[knob] = CHECKS[knob](knob, value);
  }
  return out as Partial<SandboxKnobs>;
}

/** The knobs in force; every request reads them afresh, so changes apply to the next request. */
export class KnobStore {
  private knobs: SandboxKnobs;

  constructor(initial: Partial<SandboxKnobs> = {}) {
    this.knobs = { ...DEFAULT_KNOBS, revokedKeys: [], ...validateKnobs(initial) };
  }

  get current(): Readonly<SandboxKnobs> {
    return this.knobs;
  }

  /** Validates and applies a patch; nothing changes when any of it is invalid. */
  update(patch: unknown): SandboxKnobs {
    this.knobs = { ...this.knobs, ...validateKnobs(patch) };
    return { ...this.knobs };
  }
}
