/**
 * The command line of `npm run sandbox`: `--port`, `--host`, `--seed`, `--organizations`, `--quiet`,
 * `--http2`, and every knob as a kebab-case flag (`--latency-ms 50`, `--fail-rate=0.1`, `--hang`,
 * `--hang false`, `--rate-limit off`, `--revoked-keys a,b`). Its messages are in its own terms: the
 * flag, the text as typed, `off` for the JSON knobs' null.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SANDBOX_HOST, SANDBOX_PORT } from '../../../src/service/contract';
import { isLoopbackHost } from '../../../src/service/baseUrl';
import { KNOB_NAMES, KNOBS, KnobError, KnobValueError, OFF, validateKnobs, type KnobName } from '../faults/knobs';
import { knobFlag, knobHelpLines } from '../faults/knobTable';
import { SANDBOX_DEFAULT_ORGANIZATIONS, SANDBOX_MAX_ORGANIZATIONS, type SandboxOptions } from './server';

export type CliCommand =
  | { kind: 'help' }
  /** `http2`: serve HTTP/2 over TLS with a certificate made for the run (the CLI makes it). */
  | { kind: 'start'; options: SandboxOptions; http2?: true }
  | { kind: 'error'; message: string };

/**
 * A command line's whole number, written in digits only (null otherwise): `0x10`, `2e4` and ` 7` are
 * numbers to JavaScript, not to someone typing a port or a sheet's size. The bench reads its flags so too.
 */
export function digitsOnly(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

const MAX_PORT = 65535;

type StartFlag = 'port' | 'host' | 'seed' | 'organizations';
/** The flags that take a value and set where and what the sandbox serves, with their help. */
const START_FLAGS = new Map<string, { flag: StartFlag; help: string }>(
  (
    [
      ['port', `port to listen on (default ${SANDBOX_PORT}; 0 = any free port)`],
      [
        'host',
        `address to listen on (default ${SANDBOX_HOST}; anything but loopback is reachable from other machines)`,
      ],
      ['seed', 'seed of the generated population and of the fault dice (default 1)'],
      [
        'organizations',
        `population size (default ${SANDBOX_DEFAULT_ORGANIZATIONS}, at most ${SANDBOX_MAX_ORGANIZATIONS})`,
      ],
    ] as const
  ).map(([flag, help]) => [flag, { flag, help }]),
);

/** The flags that stand alone. */
const SWITCHES = new Map<string, string>([
  ['quiet', 'no banner and no request log'],
  ['http2', 'serve HTTP/2 over TLS (https://) with a certificate made for this run, its CA written to a file'],
  ['help', 'this text'],
]);

const KNOB_BY_FLAG = new Map<string, KnobName>(KNOB_NAMES.map((name) => [knobFlag(name), name]));

/**
 * What `parseArgs` is told: which flags take a value (so it takes the next argument for them). Null
 * prototype, so no typed name (`--constructor`) finds an entry it did not declare.
 */
const PARSE_OPTIONS: NonNullable<ParseArgsConfig['options']> = Object.assign(
  Object.create(null) as NonNullable<ParseArgsConfig['options']>,
  Object.fromEntries([
    ...[...START_FLAGS.keys()].map((flag) => [flag, { type: 'string' }]),
    ...[...SWITCHES.keys()].map((flag) => [flag, { type: 'boolean' }]),
    ...[...KNOB_BY_FLAG].map(([flag, name]) => [
      flag,
      { type: KNOBS[name].rule.kind === 'flag' ? 'boolean' : 'string' },
    ]),
  ]),
);

export function usage(): string {
  const line = (flag: string, text: string): string => `  --${flag.padEnd(36)}${text}`;
  return [
    'Usage: npm run sandbox -- [flags]',
    '',
    'Starts the local stand-in for the climate profile service on loopback.',
    '',
    ...[...START_FLAGS].map(([flag, { help }]) => line(`${flag} ${flag === 'host' ? '<address>' : '<n>'}`, help)),
    ...[...SWITCHES].map(([flag, help]) => line(flag, help)),
    '',
    'Knobs (also settable at run time: POST /__sandbox/config with the camelCase names as JSON):',
    ...knobHelpLines(line),
    '',
  ].join('\n');
}

/** A knob's text from the command line (`true` for a flag given alone), as the JSON value its rule expects. */
function knobValue(name: KnobName, text: string | true): unknown {
  const { kind } = KNOBS[name].rule;
  const flag = knobFlag(name);
  if (kind === 'flag') {
    if (text === true || text === 'true') return true;
    if (text === 'false') return false;
    throw new KnobError(`--${flag} takes true or false, got "${text}"`);
  }
  if (text === true) throw new KnobError(`--${flag} needs a value`);
  // Keys hold no blanks (the add-in refuses one with a space): `a, b` revokes a and b, not " b".
  if (kind === 'list')
    return text
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
  if (kind === 'numberOrOff' && (text === OFF || text === 'null')) return null;
  const n = text.trim() === '' ? NaN : Number(text);
  if (Number.isNaN(n)) throw new KnobError(`--${flag} takes a number, got "${text}"`);
  return n;
}

/** A start flag's value, into `options`; the message when it is refused. */
function readStartFlag(flag: StartFlag, text: string, options: SandboxOptions): string | null {
  if (flag === 'host') {
    // An unset shell variable (`--host $HOST`), which Node would take for every interface.
    if (text.trim() === '') return '--host needs an address, got nothing';
    options.host = text;
    return null;
  }
  const n = digitsOnly(text);
  if (n === null) return `--${flag} takes a whole number, got "${text}"`;
  if (flag === 'port' && n > MAX_PORT) return `--port takes a port number from 0 to ${MAX_PORT}, got "${text}"`;
  if (flag === 'organizations' && n > SANDBOX_MAX_ORGANIZATIONS)
    return `--organizations takes at most ${SANDBOX_MAX_ORGANIZATIONS} (a larger population takes minutes and gigabytes to build), got "${text}"`;
  options[flag] = n;
  return null;
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const { tokens } = parseArgs({
    args: [...argv],
    options: PARSE_OPTIONS,
    strict: false, // unknown flags and stray words come back as tokens, for messages of our own
    allowPositionals: true,
    tokens: true,
  });
  const options: SandboxOptions = { logRequests: true };
  const knobs: Record<string, unknown> = {};
  /** Each knob's value as typed, for a message about it. */
  const typed = new Map<KnobName, string>();
  let http2 = false;
  /** Which of two values was meant is not for the sandbox to guess. */
  const seen = new Set<string>();
  const error = (message: string): CliCommand => ({ kind: 'error', message });
  try {
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      // A word of its own, `--` or a short flag (`-p`): none of them is a flag of the sandbox.
      if (token.kind !== 'option' || !token.rawName.startsWith('--'))
        return error(`Unexpected argument "${argv[token.index]}"`);
      const flag = token.name;
      if (flag === 'help') return { kind: 'help' };
      if (seen.has(flag)) return error(`--${flag} is given twice`);
      seen.add(flag);
      if (SWITCHES.has(flag)) {
        if (token.value !== undefined) return error(`--${flag} takes no value`);
        if (flag === 'http2') http2 = true;
        else Object.assign(options, { quiet: true, logRequests: false });
        continue;
      }
      const start = START_FLAGS.get(flag);
      if (start) {
        if (token.value === undefined) return error(`--${flag} needs a value`);
        const refused = readStartFlag(start.flag, token.value, options);
        if (refused) return error(refused);
        continue;
      }
      const knob = KNOB_BY_FLAG.get(flag);
      if (!knob) return error(`Unknown flag --${flag}`);
      // A true/false knob stands alone (`--hang`) or takes true or false, after `=` or as the next argument.
      const next = tokens[t + 1];
      const spelled =
        token.value === undefined && KNOBS[knob].rule.kind === 'flag' && next?.kind === 'positional'
          ? ['true', 'false'].find((word) => word === next.value)
          : undefined;
      if (spelled !== undefined) t++;
      const value: string | true = token.value ?? spelled ?? true;
      typed.set(knob, String(value));
      knobs[knob] = knobValue(knob, value);
    }
    const start = { kind: 'start', options: { ...options, ...validateKnobs(knobs) } } as const;
    return http2 ? { ...start, http2 } : start;
  } catch (caught) {
    if (caught instanceof KnobValueError) {
      // The knobs' rules speak JSON, where no rate limit is null; the command line says off.
      const expected = caught.expected.replace(/\bnull\b/, OFF);
      return error(`--${knobFlag(caught.knob)} must be ${expected}, got "${typed.get(caught.knob)}"`);
    }
    if (caught instanceof KnobError) return error(caught.message);
    throw caught;
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
