/**
 * How a card passed as an argument says what its row asked (src/functions/results/cardQuery.ts): its
 * Asked for (or a card saved before it, its hidden query), the name it shows, or, for a row that asked
 * by one identifier, its Match `identifier` and the identifier the engine's cache holds the card's
 * record under.
 */
import { identify, type OrganizationQuery } from '../../../src/engine';
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import { askedText, cardArgument, heldArgument, HELD_IDENTIFIER } from '../../../src/functions/results/cardQuery';

const card = (properties: Record<string, string>, text = 'Acme') => ({
  text,
  properties: Object.fromEntries(
    Object.entries(properties).map(([name, text]) => [name, { type: 'String', basicValue: text }]),
  ),
});

test.each<[string, OrganizationQuery]>([
  ['a website', { website: 'acme.example' }],
  ['a DUNS', { duns_number: '012345678' }],
  ['an LEI', { lei_number: '5493001KJTIIGC8Y1R12' }],
  ['an ISIN', { isin_number: 'US0378331005' }],
  ['an S&P Global id', { sp_global_number: '24937' }],
])('the identifier the engine holds a record under (%s) reads as an argument asking the same', (_, query) => {
  const argument = heldArgument(query);
  expect(argument).not.toBeNull();
  expect(identify(argument!.query).key).toBe(identify(query).key);
  expect(argument!.kind).not.toBe('name');
});

test('nothing held, or nothing that reads as an identifier, is no argument', () => {
  expect(heldArgument(null)).toBeNull();
  expect(heldArgument({ lei_number: 'not an LEI' })).toBeNull();
});

test('a card without a query: its Match `identifier` says the row asked by one identifier; any other Match, the name it shows', () => {
  expect(cardArgument(card({ Match: 'identifier' }))).toBe(HELD_IDENTIFIER);
  expect(cardArgument(card({ Match: 'exact' }))).toMatchObject({ kind: 'name', text: 'Acme' });
  // A text that is no name (a forged card) is read by the card's id alone.
  expect(cardArgument({ text: 7, properties: {} })).toBeNull();
  // A hidden query, as every card saved before carried one for an identifier, is read first.
  expect(cardArgument(card({ Match: 'identifier', Query: '5493001KJTIIGC8Y1R12' }))).toMatchObject({
    kind: 'lei',
    query: { lei_number: '5493001KJTIIGC8Y1R12' },
  });
});

test.each<[string, string, string | null, string | null, string | null]>([
  // what the row asked, its website and country, and the Asked for its card shows (null: none)
  ['the name the card shows', 'Acme', null, null, null],
  ['another name', 'Acme GmbH', null, null, 'Acme GmbH'],
  ['a name with a website and a country', 'Acme', 'acme.example', 'DE', '"Acme","acme.example","DE"'],
  ['a name with a country', 'Acme', null, 'US', '"Acme","","US"'],
  ['a name that reads as a website', 'name:acme.example', null, 'US', '"name:acme.example","","US"'],
  ['a website with a country', 'acme.example', null, 'FR', '"acme.example","","FR"'],
  ['a name that opens with a quote', '"Acme" Trading', null, null, '"\\"Acme\\" Trading","",""'],
])('a card says what its row asked (%s), and reads back as that very argument', (_, text, website, country, shown) => {
  const argument = parseOrganization(text, website, country);
  const asked = askedText(argument, 'Acme', 'exact');
  expect(asked).toBe(shown);
  const properties: Record<string, string> =
    asked === null ? { Match: 'exact' } : { Match: 'exact', 'Asked for': asked };
  const read = cardArgument(card(properties));
  expect(read).toMatchObject({ kind: argument.kind, text: argument.text, query: argument.query });
});

test('a row that asked by one identifier alone, judged `identifier`, leaves its card without Asked for', () => {
  expect(askedText(parseOrganization('5493001KJTIIGC8Y1R12', null, null), 'Acme', 'identifier')).toBeNull();
  // With a country beside it, the identifier alone does not say the row's query: the card does.
  expect(askedText(parseOrganization('5493001KJTIIGC8Y1R12', null, 'DE'), 'Acme', 'identifier')).toBe(
    '"5493001KJTIIGC8Y1R12","","DE"',
  );
});

test('an Asked for that is no argument is read as none: the card is judged by its id alone', () => {
  for (const asked of ['"=1+1",7,""', '"a","b"', '"unclosed', ''])
    expect(cardArgument(card({ Match: 'exact', 'Asked for': asked }))).toBeNull();
});
