/**
 * Each knob as people meet it, rendered from its one definition in knobs.ts: its command-line flag,
 * the lines of `npm run sandbox -- --help`, and the table of docs/sandbox.md (a test compares that
 * table with this rendering, as the settings table is compared).
 */
import { DEFAULT_KNOBS, KNOB_NAMES, KNOBS, OFF, type KnobName } from './knobs';

/** `latencyMs` -> `latency-ms`: a knob's name on the command line, without the dashes in front. */
export const knobFlag = (name: KnobName): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function defaultWords(name: KnobName): string {
  const value: unknown = DEFAULT_KNOBS[name];
  if (value === null) return OFF;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(',');
  return String(value);
}

/** One `--help` line per knob, laid out by `line` (flag column, text). */
export function knobHelpLines(line: (flag: string, text: string) => string): string[] {
  return KNOB_NAMES.map((name) =>
    line(
      `${knobFlag(name)} ${KNOBS[name].rule.placeholder}`,
      `${KNOBS[name].meaning.replace(/`/g, '')} (default ${defaultWords(name)})`,
    ),
  );
}

/** The knobs table of docs/sandbox.md. */
export function knobsTableMarkdown(): string {
  const rows = KNOB_NAMES.map((name) => {
    const { rule, meaning } = KNOBS[name];
    const value = rule.expected.replace(/\bnull\b/, `\`null\` (\`${OFF}\` on the command line)`);
    const listed = rule.kind === 'list' ? ', comma-separated on the command line' : '';
    return `| \`--${knobFlag(name)}\` | \`${name}\` | ${value}${listed} | ${meaning} | ${defaultWords(name)} |`;
  });
  return ['| flag | JSON name | value | effect | default |', '|---|---|---|---|---|', ...rows].join('\n');
}
