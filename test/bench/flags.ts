/**
 * Reading the flags of the bench's commands (`npm run bench`, options.ts; `npm run bench -- scale`,
 * scale.ts): one reading, so that both refuse the same mistakes with the same words, each message
 * followed by the command's usage.
 */
import { digitsOnly } from '../../tools/sandbox/server/cliArgs';

/** A flag that takes a value (`--rows 500`, `--rows=500`), or a switch that takes none (`--quick`). */
export type FlagKinds = Readonly<Record<string, 'value' | 'switch'>>;

/** What was given: the switches, and each value as written (null: the flag came last, with nothing after it). */
export interface GivenFlags {
  switches: ReadonlySet<string>;
  values: ReadonlyMap<string, string | null>;
}

/** A refusal with the command's usage below it. */
export function refused(message: string, usage: string): Error {
  return new Error(`${message}\n${usage}`);
}

/** `--help` or `-h`: the usage was asked for, which is no mistake (printed to stdout, exit code 0). */
export class HelpAsked extends Error {}

/**
 * The options `read` gives, or the process ends before anything starts: with the usage and code 0
 * when it was asked for, with the refusal on stderr and code 2 otherwise.
 */
export function optionsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof HelpAsked) {
      console.log(error.message);
      process.exit(0);
    }
    console.error((error as Error).message);
    process.exit(2);
  }
}

/**
 * `argv` read against `kinds`. Refused: an unknown flag or a bare word, a switch given a value, and a
 * flag given twice (which of two sheet sizes was meant is not for the bench to guess). `--help` (or
 * `-h`) asks for the usage alone (HelpAsked).
 */
export function readFlags(argv: readonly string[], kinds: FlagKinds, usage: string): GivenFlags {
  const switches = new Set<string>();
  const values = new Map<string, string | null>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') throw new HelpAsked(usage);
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') ? arg.slice(2, equals > 0 ? equals : undefined) : null;
    const kind = name === null ? undefined : kinds[name];
    if (name === null || kind === undefined) throw refused(`unknown option ${arg}`, usage);
    if (switches.has(name) || values.has(name)) throw refused(`--${name} is given twice`, usage);
    if (kind === 'switch') {
      if (equals > 0) throw refused(`--${name} takes no value, got ${arg.slice(equals + 1)}`, usage);
      switches.add(name);
    } else {
      values.set(name, equals > 0 ? arg.slice(equals + 1) : (argv[++i] ?? null));
    }
  }
  return { switches, values };
}

/** A flag's value as a whole number within [min, max] (undefined: not given), in digits only (`digitsOnly`). */
export function wholeNumber(
  flag: string,
  text: string | null | undefined,
  [min, max]: [number, number],
  usage: string,
): number | undefined {
  if (text === undefined) return undefined;
  const value = text === null ? null : digitsOnly(text);
  if (value !== null && value >= min && value <= max) return value;
  throw refused(`--${flag} takes a whole number from ${min} to ${max}, got ${text ?? 'nothing'}`, usage);
}

/** A flag's value, one of `choices` (undefined: not given). */
export function oneOf<T extends string>(
  flag: string,
  text: string | null | undefined,
  choices: readonly T[],
  usage: string,
): T | undefined {
  if (text === undefined) return undefined;
  const chosen = choices.find((choice) => choice === text);
  if (chosen !== undefined) return chosen;
  const named = choices.length === 2 ? choices.join(' or ') : `one of ${choices.join(', ')}`;
  throw refused(`--${flag} takes ${named}, got ${text ?? 'nothing'}`, usage);
}
