/**
 * The sandbox's knobs: latency, rate limit, injected faults, the profiling clock, the response format,
 * CORS.
 * Each is defined once below (default, rule, meaning); the command line's `--help` and the table in
 * docs/sandbox.md are rendered from that (knobTable.ts). Set at start (CLI flags, `startSandbox`
 * options) and changed at run time (`POST /__sandbox/config`), all through the one validator below.
 */
import { MAX_BATCH_ITEMS } from '../../../src/service/contract';

/**
 * What a knob's value may be: the words for it (a message says "`failRate` must be <expected>") and
 * its kind, which says how the command line writes it (`flag` stands alone, `list` is comma-separated,
 * `numberOrOff` takes `off` for JSON's null).
 */
interface KnobRule<T> {
  kind: 'number' | 'numberOrOff' | 'flag' | 'list';
  expected: string;
  /** What follows the flag in `--help`. */
  placeholder: string;
  accepts(value: unknown): boolean;
  /** Never `value` itself where it could be changed after the check (a list is copied). */
  copy?: (value: T) => T;
}

export interface KnobDefinition<T> {
  fallback: T;
  rule: KnobRule<T>;
  /** What it does, in Markdown (code in backticks); the CLI's help shows it without the backticks. */
  meaning: string;
}

/** The command line's word for a knob's null (no rate limit). */
export const OFF = 'off';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const nonNegative: KnobRule<number> = {
  kind: 'number',
  expected: 'a number >= 0',
  placeholder: '<n>',
  accepts: (v) => isNumber(v) && v >= 0,
};
const share: KnobRule<number> = {
  kind: 'number',
  expected: 'a share between 0 and 1',
  placeholder: '<0..1>',
  accepts: (v) => isNumber(v) && v >= 0 && v <= 1,
};
const positiveInteger: KnobRule<number> = {
  kind: 'number',
  expected: 'an integer >= 1',
  placeholder: '<n>',
  accepts: (v) => Number.isInteger(v) && (v as number) >= 1,
};
const flag: KnobRule<boolean> = {
  kind: 'flag',
  expected: 'true or false',
  placeholder: '[true|false]',
  accepts: (v) => typeof v === 'boolean',
};
const perSecondOrNull: KnobRule<number | null> = {
  kind: 'numberOrOff',
  expected: 'a number > 0, or null for no limit',
  placeholder: `<n|${OFF}>`,
  accepts: (v) => v === null || (typeof v === 'number' && v > 0),
};
const keyList: KnobRule<string[]> = {
  kind: 'list',
  expected: 'a list of keys',
  placeholder: '<key,key>',
  accepts: (v) => Array.isArray(v) && v.every((k) => typeof k === 'string'),
  copy: (keys) => [...keys],
};

const knob = <T>(fallback: T, rule: KnobRule<T>, meaning: string): KnobDefinition<T> => ({ fallback, rule, meaning });

/** Every knob, in the order `--help` and the docs list them. */
export const KNOBS = {
  latencyMs: knob(0, nonNegative, 'milliseconds added to every request, waited in full however many'),
  itemLatencyMs: knob(
    0,
    nonNegative,
    'milliseconds added per batch item: a batch of n takes latencyMs + n * itemLatencyMs',
  ),
  rateLimit: knob(
    null,
    perSecondOrNull,
    'requests per second per key (a batch counts one), or no limit; 429 with `Retry-After` beyond it',
  ),
  rateLimitRetryAfter: knob(
    true,
    flag,
    'whether a 429 carries `Retry-After`; false imitates a service that does not say',
  ),
  maxBatch: knob(MAX_BATCH_ITEMS, positiveInteger, 'most items per batch; 413 above it'),
  failRate: knob(0, share, 'share of requests answered 500'),
  dropRate: knob(0, share, 'share of connections closed without an answer'),
  malformedRate: knob(0, share, 'share of answers with a truncated JSON body'),
  truncateBatchRate: knob(0, share, 'share of batch answers missing their last items'),
  hang: knob(false, flag, 'accept requests and never answer'),
  profilingSeconds: knob(20, nonNegative, 'seconds an unseen organization takes to reach `synced` (or `errored`)'),
  erroredShare: knob(0.05, share, 'share of unseen organizations whose profiling ends `errored`'),
  revokedKeys: knob<string[]>([], keyList, 'keys answered 401 from now on, as if revoked'),
  summaryFormat: knob(
    false,
    flag,
    "answer organizations in the service's Summary response format, new accounts' default: no initiative data, " +
      '`matching_organization` without names',
  ),
  cors: knob(
    true,
    flag,
    "answer browsers' CORS: preflights and `Access-Control-Allow-Origin` on the service routes; false plays a " +
      'service that allows no cross-origin calls, which the add-in names as such and a relay gets through',
  ),
};

type KnobValue<D> = D extends KnobDefinition<infer T> ? T : never;
export type SandboxKnobs = { [K in keyof typeof KNOBS]: KnobValue<(typeof KNOBS)[K]> };
export type KnobName = keyof SandboxKnobs;

export const KNOB_NAMES = Object.keys(KNOBS) as KnobName[];

/** A knob's definition by a name someone wrote, or undefined: own names only, never Object.prototype's. */
export function knobNamed(name: string): KnobDefinition<unknown> | undefined {
  return Object.hasOwn(KNOBS, name) ? (KNOBS[name as KnobName] as KnobDefinition<unknown>) : undefined;
}

export const DEFAULT_KNOBS: Readonly<SandboxKnobs> = Object.freeze(
  Object.fromEntries(KNOB_NAMES.map((name) => [name, KNOBS[name].fallback])) as SandboxKnobs,
);

export class KnobError extends Error {}

/** A value a knob's rule refuses: which knob, what it must be and what it got, for each caller to word. */
export class KnobValueError extends KnobError {
  constructor(
    readonly knob: KnobName,
    readonly expected: string,
    value: unknown,
  ) {
    // A number as itself: JSON would name Infinity or NaN `null`.
    super(`${knob} must be ${expected}, got ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`);
  }
}

/** Checks a patch of knobs (unknown names and wrong types are refused with a message saying which). */
export function validateKnobs(patch: unknown): Partial<SandboxKnobs> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new KnobError('Knobs must be a JSON object, e.g. {"latencyMs": 50}');
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    const definition = knobNamed(name);
    if (!definition) throw new KnobError(`Unknown knob ${name}; knobs are: ${KNOB_NAMES.join(', ')}`);
    if (value === undefined) continue;
    if (!definition.rule.accepts(value)) throw new KnobValueError(name as KnobName, definition.rule.expected, value);
    out[name] = definition.rule.copy ? definition.rule.copy(value) : value;
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
