/**
 * How a card passed as an argument says what its row asked (src/functions/results/cardQuery.ts): its
 * hidden query, its Matched organization, or, for a row that asked by one identifier, its Match
 * `identifier` and the identifier the engine's cache holds the card's record under.
 */
import { identify, type OrganizationQuery } from '../../../src/engine';
import { cardArgument, heldArgument, HELD_IDENTIFIER } from '../../../src/functions/results/cardQuery';

const card = (properties: Record<string, string>) => ({
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

test('a card without a query: its Match `identifier` says the row asked by one identifier; any other Match, the matched name', () => {
  expect(cardArgument(card({ 'Matched organization': 'Acme', Match: 'identifier' }))).toBe(HELD_IDENTIFIER);
  expect(cardArgument(card({ 'Matched organization': 'Acme', Match: 'exact' }))).toMatchObject({
    kind: 'name',
    text: 'Acme',
  });
  // A hidden query, as every card saved before carried one for an identifier, is read first.
  expect(cardArgument(card({ Match: 'identifier', Query: '5493001KJTIIGC8Y1R12' }))).toMatchObject({
    kind: 'lei',
    query: { lei_number: '5493001KJTIIGC8Y1R12' },
  });
});
