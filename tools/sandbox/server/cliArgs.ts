/**
 * The command line of `npm run sandbox`: `--port`, `--host`, `--seed`, `--organizations`, `--quiet`,
 * `--http2`, and every knob as a kebab-case flag (`--latency-ms 50`, `--fail-rate=0.1`, `--hang`,
 * `--hang false`, `--rate-limit off`, `--revoked-keys a,b`). Its messages are in its own terms: the
 * flag, the text as typed, `off` for the JSON knobs' null.
 */
import { isLoopbackHost } from '../../../src/service/baseUrl';
import { DEFAULT_KNOBS, KNOB_NAMES, KnobError, KnobValueError, SandboxKnobs, validateKnobs } from '../faults/knobs';
import { SANDBOX_DEFAULT_ORGANIZATIONS, SANDBOX_MAX_ORGANIZATIONS, type SandboxOptions } from './server';

export type CliCommand =
  | { kind: 'help' }
  /** `http2`: serve HTTP/2 over TLS with a certificate made for the run (the CLI makes it). */
  | { kind: 'start'; options: SandboxOptions; http2?: true }
  | { kind: 'error'; message: string };

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A command line's whole number, written in digits only (null otherwise): `0x10`, `2e4` and ` 7` are
 * numbers to JavaScript, not to someone typing a port or a sheet's size. The bench reads its flags so too.
 */
export function digitsOnly(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The command line's word for a knob's null (no rate limit). */
const OFF = 'off';
const MAX_PORT = 65535;
const isBooleanKnob = (name: keyof SandboxKnobs): boolean => typeof DEFAULT_KNOBS[name] === 'boolean';

const START_FLAGS = {
  port: 'port to listen on (default 4010; 0 = any free port)',
  host: 'address to listen on (default 127.0.0.1; anything but loopback is reachable from other machines)',
  seed: 'seed of the generated population and of the fault dice (default 1)',
  organizations: `population size (default ${SANDBOX_DEFAULT_ORGANIZATIONS}, at most ${SANDBOX_MAX_ORGANIZATIONS})`,
} as const;

function describeDefault(value: unknown): string {
  if (value === null) return OFF;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(',');
  return String(value);
}

const KNOB_HELP: Record<keyof SandboxKnobs, string> = {
  latencyMs: 'milliseconds added to every request',
  itemLatencyMs: 'milliseconds added per batch item',
  rateLimit: `requests per second per key, or "${OFF}"; 429 with Retry-After beyond it`,
  rateLimitRetryAfter: 'whether a 429 carries Retry-After',
  maxBatch: 'most items per batch; 413 above it',
  failRate: 'share of requests answered 500 (0..1)',
  dropRate: 'share of connections closed without an answer (0..1)',
  malformedRate: 'share of answers with a truncated JSON body (0..1)',
  truncateBatchRate: 'share of batch answers missing their last items (0..1)',
  hang: 'accept requests and never answer',
  profilingSeconds: 'seconds an unseen organization takes to reach synced',
  erroredShare: 'share of unseen organizations that end errored (0..1)',
  revokedKeys: 'comma-separated keys answered 401',
  summaryFormat: "answer organizations in the service's Summary format (no initiatives, no matched names)",
};

export function usage(): string {
  const line = (flag: string, text: string): string => `  --${flag.padEnd(36)}${text}`;
  return [
    'Usage: npm run sandbox -- [flags]',
    '',
    'Starts the local stand-in for the climate profile service on loopback.',
    '',
    ...Object.entries(START_FLAGS).map(([flag, text]) =>
      line(`${flag} ${flag === 'host' ? '<address>' : '<n>'}`, text),
    ),
    line('quiet', 'no banner and no request log'),
    line('http2', 'serve HTTP/2 over TLS (https://) with a certificate made for this run, its CA written to a file'),
    line('help', 'this text'),
    '',
    'Knobs (also settable at run time: POST /__sandbox/config with the camelCase names as JSON):',
    ...KNOB_NAMES.map((name) => {
      const value = isBooleanKnob(name) ? ' [true|false]' : ' <value>';
      return line(`${kebab(name)}${value}`, `${KNOB_HELP[name]} (default ${describeDefault(DEFAULT_KNOBS[name])})`);
    }),
    '',
  ].join('\n');
}

/** A knob's text from the command line, as the JSON value the knob validator expects. */
function knobValue(name: keyof SandboxKnobs, text: string | true): unknown {
  if (isBooleanKnob(name)) {
    if (text === true || text === 'true') return true;
    if (text === 'false') return false;
    throw new KnobError(`--${kebab(name)} takes true or false, got "${text}"`);
  }
  if (text === true) throw new KnobError(`--${kebab(name)} needs a value`);
  // Keys hold no blanks (the add-in refuses one with a space): `a, b` revokes a and b, not " b".
  if (name === 'revokedKeys')
    return text
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
  if (name === 'rateLimit' && (text === OFF || text === 'null')) return null;
  const n = text.trim() === '' ? NaN : Number(text);
  if (Number.isNaN(n)) throw new KnobError(`--${kebab(name)} takes a number, got "${text}"`);
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const knobByFlag = new Map(KNOB_NAMES.map((name) => [kebab(name), name]));
  const options: SandboxOptions = { logRequests: true };
  const knobs: Record<string, unknown> = {};
  /** Each knob's value as typed, for a message about it. */
  const typed: Partial<Record<keyof SandboxKnobs, string>> = {};
  let http2 = false;
  /** Which of two values was meant is not for the sandbox to guess. */
  const seen = new Set<string>();
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
      if (!m) return { kind: 'error', message: `Unexpected argument "${arg}"` };
      const flag = m[1];
      const inline: string | undefined = m[2]; // undefined when no `=value` was given
      if (flag === 'help') return { kind: 'help' };
      if (seen.has(flag)) return { kind: 'error', message: `--${flag} is given twice` };
      seen.add(flag);
      if (flag === 'http2') {
        if (inline !== undefined) return { kind: 'error', message: '--http2 takes no value' };
        http2 = true;
        continue;
      }
      if (flag === 'quiet') {
        options.quiet = true;
        options.logRequests = false;
        continue;
      }
      if (flag in START_FLAGS) {
        const text: string | undefined = inline ?? argv[++i];
        if (text === undefined) return { kind: 'error', message: `--${flag} needs a value` };
        const n = digitsOnly(text);
        if (flag === 'host' && text.trim() === '')
          // An unset shell variable (`--host $HOST`), which Node would take for every interface.
          return { kind: 'error', message: '--host needs an address, got nothing' };
        if (flag === 'host') options.host = text;
        else if (n === null) return { kind: 'error', message: `--${flag} takes a whole number, got "${text}"` };
        else if (flag === 'port' && n > MAX_PORT)
          return { kind: 'error', message: `--port takes a port number from 0 to ${MAX_PORT}, got "${text}"` };
        else if (flag === 'organizations' && n > SANDBOX_MAX_ORGANIZATIONS)
          return {
            kind: 'error',
            message: `--organizations takes at most ${SANDBOX_MAX_ORGANIZATIONS} (a larger population takes minutes and gigabytes to build), got "${text}"`,
          };
        else options[flag as 'port' | 'seed' | 'organizations'] = n;
        continue;
      }
      const knob = knobByFlag.get(flag);
      if (!knob) return { kind: 'error', message: `Unknown flag --${flag}` };
      // Boolean knobs stand alone (`--hang`) or take true or false, after `=` or as the next argument;
      // others take the next argument.
      const next = argv[i + 1];
      const standsAlone = isBooleanKnob(knob) && next !== 'true' && next !== 'false';
      const value: string | true | undefined = inline ?? (standsAlone ? true : argv[++i]);
      if (value === undefined) return { kind: 'error', message: `--${flag} needs a value` };
      typed[knob] = String(value);
      knobs[knob] = knobValue(knob, value);
    }
    const start = { kind: 'start', options: { ...options, ...validateKnobs(knobs) } } as const;
    return http2 ? { ...start, http2 } : start;
  } catch (error) {
    if (error instanceof KnobValueError) {
      // The knobs' rules speak JSON, where no rate limit is null; the command line says off.
      const expected = error.expected.replace(/\bnull\b/, OFF);
      return { kind: 'error', message: `--${kebab(error.knob)} must be ${expected}, got "${typed[error.knob]}"` };
    }
    if (error instanceof KnobError) return { kind: 'error', message: error.message };
    throw error;
  }
}

/**
 * The warning for a `--host` other machines can reach (`0.0.0.0`, `::`, a LAN address), or null for a
 * loopback one: the sandbox's keys are public, so anyone on the network can use it.
 */
export function hostWarning(host: string | undefined): string | null {
  if (host === undefined) return null;
  const bare = host.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(bare.includes(':') ? `[${bare}]` : bare)) return null;
  return (
    `warning: --host ${host} makes the sandbox reachable from other machines, and its keys are public: ` +
    'anyone who can reach it can use it. Its /__sandbox paths still answer only requests from this machine. ' +
    'Use --host 127.0.0.1 (the default) unless you need that.'
  );
}
