/**
 * Records a hostile or broken service might send, made by a seeded generator (the same ones every
 * run): each field of a well-formed answer replaced, a few at a time and at any depth, by a value of
 * the wrong kind or range, a text that starts like a formula, hides one behind a tab, breaks a line,
 * reverses itself, runs past any bound, or a link that is not https. Decoded as an answer is
 * (records.ts) and shaped into every cell a function returns, card included, through the Excel
 * boundary's text rule (cellText.ts): no cell shows what the service could not mean.
 */
import { safeResult, FORMULA_START } from '../../src/functions/arguments/cellText';
import { CellFailure } from '../../src/functions/results/errors';
import { MAX_CARD_TEXT } from '../../src/functions/results/cardText';
import { MAX_PROFILE_LINK_LENGTH } from '../../src/service/profileLink';
import { organizationEntity } from '../../src/functions/results/organizationEntity';
import { parseOrganization } from '../../src/functions/arguments/organizationArgument';
import { FLAG_KEYS } from '../../src/functions/arguments/initiatives';
import { readMatch } from '../../src/functions/results/nameMatch';
import {
  flagResult,
  flagsRow,
  profileResult,
  scoreResult,
  type ShapeContext,
} from '../../src/functions/results/results';
import { MalformedResponseError } from '../../src/service/errors';
import { decodeOrganization } from '../../src/service/records';
import { organizationAnswer } from '../service/organizationAnswer';

const RECORDS = 2_000;

const HOSTILE: readonly unknown[] = [
  null,
  '',
  ' ',
  "=cmd|' /C calc'!A0",
  '+1+2',
  '-2',
  '@SUM(A1)',
  '\t=1+1',
  '\r\n=1+1',
  'Acme\nHoldings\u0007',
  'Acme \u202emoc.live\u202c',
  '\u2066\u2069',
  'x'.repeat(5_000),
  'javascript:alert(1)',
  'http://profiles.example/acme',
  'https://profiles.example/a b',
  '\\\\attacker\\share',
  -1,
  1.01,
  101,
  1e308,
  '1e308',
  0.5,
  true,
  [],
  [1, 2],
  {},
  { id: 'x', name: '=1' },
  'Very-Low',
  '🙂'.repeat(300),
  `=${'x'.repeat(300)}`, // its apostrophe must fit in a card's 255 characters
];

/** A linear congruential generator: the same records in every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** One to four fields replaced, an object's fields as often as the object itself. */
function spoil(o: Record<string, unknown>, random: () => number, depth = 0): void {
  const keys = Object.keys(o);
  for (let n = 1 + Math.floor(random() * 4); n > 0; n -= 1) {
    const key = keys[Math.floor(random() * keys.length)];
    const value = o[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 2 && random() < 0.5) {
      spoil(value as Record<string, unknown>, random, depth + 1);
    } else o[key] = structuredClone(HOSTILE[Math.floor(random() * HOSTILE.length)]);
  }
}

/**
 * What no text, number or address of a cell may be, by where it sits in the result: a card's texts
 * (an entity's text, any value's properties and card title) at most MAX_CARD_TEXT characters, but
 * its profile link, which is never cut, an https link of at most MAX_PROFILE_LINK_LENGTH.
 */
function faults(value: unknown, path: string, found: string[]): void {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(`${path}: ${value}`);
  if (typeof value === 'string') {
    const address = /address$/i.test(path);
    if (address && !value.startsWith('https://')) found.push(`${path}: not https`);
    if (!address && FORMULA_START.test(value)) found.push(`${path}: starts like a formula`);
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(value))
      found.push(`${path}: control`);
    const inCard = /^ORG\.text$|\.properties\.|\.title$/.test(path);
    // A profile link is never cut: it is a checked https link of bounded length instead (or #N/A: none).
    const link = /\.Profile link\.basicValue$/.test(path) && value !== '#N/A';
    if (link && (!value.startsWith('https://') || value.length > MAX_PROFILE_LINK_LENGTH))
      found.push(`${path}: not a checked link`);
    if (inCard && !address && !link && value.length > MAX_CARD_TEXT) found.push(`${path}: ${value.length} characters`);
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) faults(inner, `${path}.${key}`, found);
  }
}

/** Every cell a record is shaped into, as the Excel boundary hands it over (thrown failures are #N/A). */
function cells(record: ReturnType<typeof decodeOrganization>, ctx: ShapeContext): Array<[string, unknown]> {
  const match = () => readMatch({ kind: 'name', text: 'Acme', identified: false }, record, () => false);
  const made: Array<[string, () => unknown]> = [
    ['SCORE', () => scoreResult(record, 'Acme', ctx)],
    ...FLAG_KEYS.map((key): [string, () => unknown] => [`FLAG ${key}`, () => flagResult(record, key, 'Acme', ctx)]),
    ['FLAGS', () => flagsRow(record, 'Acme', ctx)],
    ['PROFILE', () => profileResult(record, null, 'Acme', ctx, match)],
    [
      'ORG',
      () =>
        organizationEntity(
          { record, requested: 'Acme', match, receivedAt: 0, argument: parseOrganization('Acme') },
          ctx,
        ),
    ],
  ];
  return made.flatMap(([name, make]): Array<[string, unknown]> => {
    try {
      return [[name, safeResult(make())]];
    } catch (error) {
      if (error instanceof CellFailure) return []; // a value the record lacks: its #N/A, tested in failures.test.ts
      throw error;
    }
  });
}

test.each([
  { dataTypes: true, scoreScale: '0-100' },
  { dataTypes: false, scoreScale: '0-1' },
] as const)(
  'no hostile record puts a formula, a control character, an infinity, a long card text or a link that is not https into a cell (%o)',
  (host) => {
    const ctx: ShapeContext = { ...host, logoUrl: 'https://addin.example/assets/logo.png' };
    const random = generator(21);
    const found = new Set<string>();
    let decoded = 0;
    for (let i = 0; i < RECORDS; i += 1) {
      const raw: Record<string, unknown> = organizationAnswer();
      spoil(raw, random);
      let record;
      try {
        record = decodeOrganization(raw);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedResponseError); // no id: the batch item fails, nothing shown
        continue;
      }
      decoded += 1;
      for (const [name, cell] of cells(record, ctx)) {
        const faultsHere: string[] = [];
        faults(cell, name, faultsHere);
        for (const fault of faultsHere) found.add(fault.replace(/\.\d+/g, '[]'));
      }
    }
    expect([...found]).toEqual([]);
    expect(decoded).toBeGreaterThan(RECORDS * 0.8); // most spoiled records still decode: the checks above ran
  },
);
