/**
 * What each value carries, and what it weighs (src/functions/results/valueCards.ts, organizationEntity.ts):
 * Excel serializes every result across the runtime's boundary as JSON and keeps it in the workbook,
 * so each function's shape is pinned here with a byte budget. A property added later fails one of
 * these and is then a visible decision (docs/excel.md "What a value weighs").
 */
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import { organizationEntity } from '../../../src/functions/results/organizationEntity';
import {
  flagResult,
  flagsRow,
  matchResult,
  profileResult,
  scoreResult,
  type ShapeContext,
} from '../../../src/functions/results/results';
import type { MatchReading } from '../../../src/functions/results/nameMatch';
import { CellFailure } from '../../../src/functions/results/errors';
import { record } from '../recordBuilder';

/** Addresses as long as the sandbox's and a hosted add-in's: a 30-character name in the profile link's slug. */
const NAME = 'Northwind Precision Components';
const LINK = 'https://profiles.sandbox.example/organizations/12345-northwind-precision-components';
const LOGO = 'https://climate-addin.contoso.com/assets/logo-provider.png';
const ctx: ShapeContext = { dataTypes: true, scoreScale: '0-100', logoUrl: LOGO };
const full = () =>
  record({ matching_organization: { id: 12345, name: NAME, link: LINK, industry: { id: 3, name: 'Machinery' } } });
const reading = (verdict = 'exact'): MatchReading => ({
  verdict,
  similarity: verdict === 'exact' ? 1 : null,
  matchedName: NAME,
  matchedId: 12345,
  relationship: 'subsidiary',
});

/** The characters of JSON a value crosses Excel's boundary as (test/harness/returnedValues.ts). */
const weight = (value: unknown): number => JSON.stringify(value).length;
/** A cell's budget, per function (issue 50's targets: 400 a value, 2,000 a card). */
const BUDGET = { value: 400, orgCard: 2_000 };
/**
 * What CLIMATE.ORG's card weighs today whose row asked for the matched name or by one identifier (no
 * Asked for), within its 2,000 target (docs/excel.md "What a value weighs"): a field, a section, a
 * title or the icon added shows here.
 */
const ORG_CARD_TODAY = 1_836;

test('SCORE and FLAG carry the profile link and the logo linking to it, within a value budget', () => {
  for (const value of [scoreResult(full(), NAME, ctx), flagResult(full(), 'sbti', NAME, ctx)]) {
    expect(Object.keys(value as object)).toEqual(['type', 'basicValue', 'properties', 'provider']);
    expect(Object.keys((value as Excel.DoubleCellValue).properties!)).toEqual(['Profile link']);
    expect((value as Excel.DoubleCellValue).provider).toEqual({ logoSourceAddress: LOGO, logoTargetAddress: LINK });
    expect(weight(value)).toBeLessThanOrEqual(BUDGET.value);
  }
});

test("MATCH carries the matched name and the names' similarity, within a value budget", () => {
  const value = matchResult(reading(), full(), ctx) as Excel.StringCellValue;
  expect(Object.keys(value.properties!)).toEqual(['Matched organization', 'Match similarity']);
  expect(weight(value)).toBeLessThanOrEqual(BUDGET.value);
});

test('every value cell of a FLAGS or PROFILE spill is within a value budget', () => {
  const elements = [
    ...flagsRow(full(), NAME, ctx)[0],
    ...profileResult(full(), null, NAME, ctx, reading).map(([, value]) => value),
  ].filter((value) => !(value instanceof CellFailure));
  expect(elements.length).toBeGreaterThan(40);
  const over = elements.filter((value) => weight(value) > BUDGET.value);
  expect(over).toEqual([]);
});

/** The card of a row that asked for `requested` (and `website`), judged `verdict`. */
const cardOf = (
  requested: string | number,
  website: string | null = null,
  verdict = 'exact',
  country: string | null = null,
) =>
  organizationEntity(
    {
      record: full(),
      requested: String(requested),
      match: () => reading(verdict),
      receivedAt: Date.UTC(2026, 11, 6),
      argument: parseOrganization(requested, website, country),
    },
    ctx,
  );
const asked = (card: Excel.EntityCellValue) =>
  (card.properties!['Asked for'] as { basicValue: string } | undefined)?.basicValue;

test("CLIMATE.ORG's card carries the profile once, without a per-property attribution, a sub-title or sections", () => {
  const card = cardOf(NAME);
  const properties = card.properties as Record<string, { propertyMetadata?: Excel.CellValuePropertyMetadata }>;
  // 27 fields; no Status (CLIMATE.STATUS says it), Relationship (the Match field says it) or Matched
  // organization (the card's text), and no Asked for: the row asked for the name the card shows.
  expect(Object.keys(properties)).toHaveLength(27);
  expect(card.text).toBe(NAME);
  for (const left of ['Status', 'Relationship', 'Matched organization', 'Asked for', 'Query'])
    expect(Object.keys(properties)).not.toContain(left);
  expect(Object.values(properties).filter((property) => property.propertyMetadata?.attribution)).toEqual([]);
  // Excel's default card (the text as title, every field listed): no layout names a field a second
  // time, and no icon of its own (46 bytes a card; Excel shows its own in the cell).
  expect(card.layouts).toBeUndefined();
  // Its description, the provider's name as the logo's tooltip, says the card is the add-in's own
  // when it is passed as an argument.
  expect(card.provider).toEqual({
    description: 'DitchCarbon',
    logoSourceAddress: LOGO,
    logoTargetAddress: LINK,
  });
  expect(weight(card)).toBeLessThanOrEqual(ORG_CARD_TODAY);
});

// Issue 50's target for the ORG card, met for each kind of row the bench's sheet has: the name, a
// website, an LEI, an ISIN, a DUNS (Excel passes a typed DUNS as a number).
test.each<[string, string | number, string]>([
  ['the matched name', NAME, 'exact'],
  ['a website', 'https://www.northwind.example/', 'identifier'],
  ['an LEI', '5493001KJTIIGC8Y1R12', 'identifier'],
  ['an ISIN', 'US0378331005', 'identifier'],
  ['a DUNS', 12345678, 'identifier'],
])('a card whose row asked by %s says nothing of its query and is within its 2,000 target', (_, requested, verdict) => {
  const card = cardOf(requested, null, verdict);
  expect(card.properties!.Match).toEqual({ type: 'String', basicValue: verdict });
  expect(Object.keys(card.properties!)).toHaveLength(27);
  expect(weight(card)).toBeLessThanOrEqual(Math.min(ORG_CARD_TODAY, BUDGET.orgCard));
});

test("a card's Asked for is visible and as short as reads back: the row's text alone, or with its website or country the three arguments", () => {
  const near = cardOf('Northwind Components', null, 'check');
  // A field like any other: on the card, read by dot notation, no metadata hiding it.
  expect(near.properties!['Asked for']).toEqual({ type: 'String', basicValue: 'Northwind Components' });
  // An identifier whose Match is not `identifier` (accepted, a relationship) keeps it: the Match cannot stand for it.
  expect(asked(cardOf('5493001KJTIIGC8Y1R12', null, 'subsidiary'))).toBe('5493001KJTIIGC8Y1R12');
  expect(asked(cardOf('5493001KJTIIGC8Y1R12', null, 'accepted'))).toBe('5493001KJTIIGC8Y1R12');
  expect(asked(cardOf('name:northwind.example', null, 'check'))).toBe('"name:northwind.example","",""'); // not a website
  expect(asked(cardOf(NAME, 'northwind.example', 'identifier'))).toBe(`"${NAME}","northwind.example",""`);
  // An identifier with a country or a website beside it: the cache's key is not the identifier's alone.
  expect(asked(cardOf('northwind.example', null, 'identifier', 'US'))).toBe('"northwind.example","","US"');
  expect(asked(cardOf('5493001KJTIIGC8Y1R12', 'northwind.example', 'identifier'))).toBe(
    '"5493001KJTIIGC8Y1R12","northwind.example",""',
  );
});

// Issue 50's target for any row of the card layout: a card that says what its row asked is within
// 2,000 too, the longest of them here a name with a website and a country (docs/excel.md).
test.each<[string, string, string | null, string, string | null]>([
  ['another organization (a parent)', 'Northwind Precision Components GmbH', null, 'parent', null],
  ['an LEI answered by a subsidiary', '5493001KJTIIGC8Y1R12', null, 'subsidiary', null],
  ['a name with its website and country', NAME, 'www.northwind-precision-components.example', 'exact', 'US'],
])(
  'a card whose row asked for %s says so and is within its 2,000 target',
  (_, requested, website, verdict, country) => {
    const card = cardOf(requested, website, verdict, country);
    expect(asked(card)).toEqual(expect.any(String));
    expect(Object.keys(card.properties!)).toHaveLength(28);
    expect(weight(card)).toBeLessThanOrEqual(BUDGET.orgCard);
  },
);

test('cards Excel accepts: a field the record lacks is #N/A with its basicValue; a long profile link is kept whole', () => {
  const long = `https://profiles.sandbox.example/organizations/${'n'.repeat(600)}`;
  const lacking = record({
    score: null,
    rank: null,
    matching_organization: { id: 12345, name: NAME, link: long, industry: null },
  });
  const card = organizationEntity(
    {
      record: lacking,
      requested: NAME,
      match: () => reading(),
      receivedAt: 0,
      argument: parseOrganization(NAME, null, null),
    },
    ctx,
  );
  const properties = card.properties as unknown as Record<string, Record<string, unknown>>;
  const notAvailable = { type: 'Error', basicValue: '#N/A', basicType: 'Error', errorType: 'NotAvailable' };
  expect(properties.Score).toEqual(notAvailable);
  expect(properties.Rank).toEqual(notAvailable);
  for (const [name, property] of Object.entries(properties)) {
    expect([name, typeof property.type, property.basicValue === undefined]).toEqual([name, 'string', false]);
  }
  expect(properties['Profile link'].basicValue).toBe(long);
  expect(card.provider?.logoTargetAddress).toBe(long);
});

test('one card per record: every value of an organization shares its link property and provider', () => {
  const synced = full();
  const [score, flag] = [
    scoreResult(synced, NAME, ctx),
    flagResult(synced, 'cdp', NAME, ctx),
  ] as Excel.DoubleCellValue[];
  expect(score.properties).toBe(flag.properties);
  expect(score.provider).toBe(flag.provider);
});
