/**
 * docs/functions.md against what ships: every function of the generated dist/functions.json is
 * documented under the anchor its help link points at, with its syntax, each parameter (optional
 * ones marked), result, errors and an example; the field and initiative tables match the code; and
 * every refusal message the reference quotes is one the argument parser really gives.
 */
import { readFileSync } from 'fs';
import path from 'path';
import { ENTITY_KEYS, entityField } from '../../src/functions/results/entityFields';
import { PROFILE_FIELDS } from '../../src/functions/results/fields';
import { FLAG_KEYS, findFlag } from '../../src/functions/arguments/initiatives';
import { builtFunctions } from '../harness/dist';
import { BAD_ORGANIZATIONS } from './badInputs';

const docs = readFileSync(path.resolve(__dirname, '../../docs/functions.md'), 'utf8');
const { metadata } = builtFunctions();
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The text from an anchor to the next anchor. */
function section(anchor: string): string {
  const start = docs.indexOf(`<a id="${anchor}"></a>`);
  if (start < 0) return '';
  const next = docs.indexOf('<a id="', start + 1);
  return docs.slice(start, next < 0 ? undefined : next);
}

/** Rows of the first Markdown table in a text, as cells. */
function tableRows(text: string, header: string): string[][] {
  const start = text.indexOf(header);
  const lines = text.slice(start).split('\n').slice(2);
  const rows: string[][] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe.each(metadata.functions.map((fn) => [fn.name, fn] as const))('CLIMATE.%s', (_name, fn) => {
  const anchor = new URL(fn.helpUrl!).hash.slice(1);
  const text = section(anchor);

  test('is documented under the anchor of its help link', () => {
    expect(text).toContain(`## CLIMATE.${fn.name}\n`);
  });

  test('shows its syntax with optional parameters in brackets', () => {
    const params = fn.parameters.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(', ');
    expect(text).toContain(`\`=CLIMATE.${fn.name}(${params})\``);
  });

  test('describes each parameter, saying which are optional', () => {
    const rows = tableRows(text, '| parameter | description |');
    expect(rows.map(([name]) => name)).toEqual(fn.parameters.map((p) => p.name));
    rows.forEach(([, description], i) =>
      expect(description.startsWith('Optional.')).toBe(fn.parameters[i].optional === true),
    );
  });

  test('states its result and errors and gives an example', () => {
    expect(text).toContain('**Result:**');
    expect(text).toContain('**Errors:**');
    expect(text).toMatch(new RegExp(`\\*\\*Example:\\*\\*[^\\n]*=(HYPERLINK\\()?CLIMATE\\.${fn.name}\\(`));
  });
});

test('documents no function that does not ship', () => {
  const documented = [...docs.matchAll(/^## CLIMATE\.([A-Z]+)$/gm)].map((m) => m[1]);
  expect(documented).toEqual(metadata.functions.map((fn) => fn.name));
});

test('the PROFILE field table is the code’s, in order', () => {
  const rows = tableRows(section('profile'), '| field | header | value |');
  expect(rows.map(([key, header]) => [key, header])).toEqual(PROFILE_FIELDS.map((f) => [f.key, f.header]));
});

test('the card field table is the code’s: properties and dot references, in the entity’s order', () => {
  const rows = tableRows(section('org'), '| property | dot reference | PROFILE field |');
  const expected = ENTITY_KEYS.map((key) => [entityField(key)!.property, `\`${entityField(key)!.reference}\``]);
  expect(rows.map(([property, reference]) => [property, reference])).toEqual(expected);
});

test('the initiative table lists the flags in FLAGS order, and every name it gives is accepted', () => {
  const rows = tableRows(section('flag'), '| key (FLAGS order) | also accepted |');
  expect(rows.map(([key]) => key)).toEqual([...FLAG_KEYS]);
  for (const [key, names] of rows) {
    for (const name of names.split(', ')) expect([name, findFlag(name)]).toEqual([name, key]);
  }
});

test('every refusal message the reference quotes is one the parser gives', () => {
  const known = new Set([
    ...BAD_ORGANIZATIONS.map((bad) => bad.message),
    'The organization cell holds an error (#N/A): fix that cell first.',
    'The organization must be one cell, not a 2x2 range.',
    'Not a valid website: no site is neither a web address nor an e-mail address.',
    'Not a country: U$A (give a code such as US or a name).',
    'Unknown country: Europe (give its ISO code, such as US or DEU, or its name in English, German, French or Spanish).',
  ]);
  const quoted = tableRows(section('organization-argument'), '| input | message |').map(([, message]) =>
    unescape(message),
  );
  expect(quoted.length).toBeGreaterThan(15);
  for (const message of quoted) expect([message, known.has(message)]).toEqual([message, true]);
});
