/**
 * Each sandbox knob is documented where people read it, from its one definition: docs/sandbox.md
 * carries the table exactly as knobTable.ts renders it, and `--help` says the same of every knob.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { DEFAULT_KNOBS, KNOB_NAMES, KNOBS } from '../../tools/sandbox/faults/knobs';
import { knobFlag, knobsTableMarkdown } from '../../tools/sandbox/faults/knobTable';
import { usage } from '../../tools/sandbox/server/cliArgs';

test('docs/sandbox.md carries the knobs table exactly as the knob definitions render it', () => {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'sandbox.md'), 'utf8');
  expect(doc).toContain(knobsTableMarkdown());
});

test('--help lists every knob with its meaning and its default, as the docs table does', () => {
  const help = usage().split('\n');
  for (const name of KNOB_NAMES) {
    const line = help.find((text) => text.startsWith(`  --${knobFlag(name)} `));
    const value: unknown = DEFAULT_KNOBS[name];
    const shown = value === null ? 'off' : Array.isArray(value) ? 'none' : String(value);
    expect({ name, line }).toEqual({
      name,
      line: expect.stringContaining(`${KNOBS[name].meaning.replace(/`/g, '')} (default ${shown})`),
    });
  }
});

test('a knob a start flag shadowed would be unreachable: no knob shares a flag with the start flags', () => {
  const startFlags = ['port', 'host', 'seed', 'organizations', 'quiet', 'http2', 'help'];
  expect(KNOB_NAMES.map(knobFlag).filter((flag) => startFlags.includes(flag))).toEqual([]);
});
