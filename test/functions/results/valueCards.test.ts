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
const reading = (): MatchReading => ({
  verdict: 'exact',
  similarity: 1,
  matchedName: NAME,
  matchedId: 12345,
  relationship: 'subsidiary',
});

/** The characters of JSON a value crosses Excel's boundary as (test/harness/returnedValues.ts). */
const weight = (value: unknown): number => JSON.stringify(value).length;
/** A cell's budget, per function (issue 50's targets: 400 a value, 2,000 a card). */
const BUDGET = { value: 400, orgCard: 2_000 };
/**
 * What CLIMATE.ORG's card weighs today whose row asked for the matched name (no hidden query), within
 * its 2,000 target (docs/excel.md "What a value weighs"): a field, a section or a title added shows here.
 */
const ORG_CARD_TODAY = 1_990;

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

const cardOf = (requested: string, website: string | null = null) =>
  organizationEntity(
    {
      record: full(),
      requested,
      match: reading,
      receivedAt: Date.UTC(2026, 11, 6),
      argument: parseOrganization(requested, website, null),
    },
    ctx,
  );

test("CLIMATE.ORG's card carries the profile once, without a per-property attribution, a sub-title or sections", () => {
  const card = cardOf(NAME);
  const properties = card.properties as Record<string, { propertyMetadata?: Excel.CellValuePropertyMetadata }>;
  // 28 fields; no Status (CLIMATE.STATUS says it) or Relationship (the Match field says it), and no
  // hidden query: the row asked for the name the Matched organization shows.
  expect(Object.keys(properties)).toHaveLength(28);
  expect(Object.keys(properties)).not.toEqual(expect.arrayContaining(['Status', 'Relationship', 'Query']));
  expect(Object.values(properties).filter((property) => property.propertyMetadata?.attribution)).toEqual([]);
  // Excel's default card (the text as title, every field listed): no layout names a field a second time.
  expect(card.layouts).toEqual({ compact: { icon: 'Organization' } });
  // Its description says the card is the add-in's own when it is passed as an argument.
  expect(card.provider).toEqual({
    description: 'Climate data by DitchCarbon',
    logoSourceAddress: LOGO,
    logoTargetAddress: LINK,
  });
  expect(weight(card)).toBeLessThanOrEqual(ORG_CARD_TODAY);
});

test("a card's hidden query is as short as reads back: the row's text alone, or with its website the three arguments", () => {
  const query = (card: Excel.EntityCellValue) =>
    (card.properties!.Query as { basicValue: string; propertyMetadata: unknown } | undefined)?.basicValue;
  const near = cardOf('Northwind Components');
  expect(query(near)).toBe('Northwind Components');
  expect(near.properties!.Query).toMatchObject({
    propertyMetadata: { excludeFrom: { cardView: true, dotNotation: true, autoComplete: true } },
  });
  expect(query(cardOf('5493001KJTIIGC8Y1R12'))).toBe('5493001KJTIIGC8Y1R12'); // an LEI reads back as one
  expect(query(cardOf('name:northwind.example'))).toBe('["name:northwind.example",null,null]'); // not a website
  expect(query(cardOf(NAME, 'northwind.example'))).toBe(`["name:${NAME}","northwind.example",null]`);
  // The largest card whose row asked otherwise than the matched name: an LEI's query and all 28 fields.
  expect(weight(cardOf('5493001KJTIIGC8Y1R12'))).toBeLessThanOrEqual(ORG_CARD_TODAY + 150); // over the target: docs/excel.md
});

test('cards Excel accepts: a field the record lacks is #N/A with its basicValue; a long profile link is kept whole', () => {
  const long = `https://profiles.sandbox.example/organizations/${'n'.repeat(600)}`;
  const lacking = record({
    score: null,
    rank: null,
    matching_organization: { id: 12345, name: NAME, link: long, industry: null },
  });
  const card = organizationEntity(
    { record: lacking, requested: NAME, match: reading, receivedAt: 0, argument: parseOrganization(NAME, null, null) },
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
