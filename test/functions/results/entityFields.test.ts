/** The card's field names and dot references the pane writes (`=E3.Score`, `=E3.[Industry rank]`). */
import { AS_OF_KEY, ENTITY_KEYS, entityField } from '../../../src/functions/results/entityFields';
import { PROFILE_FIELDS } from '../../../src/functions/results/fields';

test('a PROFILE key gives its header as property, bracketed unless a plain identifier that is no cell reference', () => {
  expect(entityField('score')).toEqual({ property: 'Score', reference: 'Score' });
  expect(entityField('sbti')).toEqual({ property: 'SBTi', reference: 'SBTi' });
  // RE100 is also the cell in column RE, row 100: `=E3.RE100` could read as a reference.
  expect(entityField('re100')).toEqual({ property: 'RE100', reference: '[RE100]' });
  expect(entityField('industry_rank')).toEqual({ property: 'Industry rank', reference: '[Industry rank]' });
  expect(entityField('climate_action_100')).toEqual({
    property: 'Climate Action 100+',
    reference: '[Climate Action 100+]',
  });
  expect(entityField(AS_OF_KEY)).toEqual({ property: 'As of', reference: '[As of]' });
});

test('fields the card does not carry, and unknown keys, give null (the pane writes a formula for those)', () => {
  expect(['external_id', 'name', 'matched_id', 'match_similarity', 'industry_id', 'carbon'].map(entityField)).toEqual(
    Array(6).fill(null),
  );
});

test('every card field but As of is a PROFILE field, each once', () => {
  expect(new Set(ENTITY_KEYS).size).toBe(ENTITY_KEYS.length);
  const profileKeys = new Set(PROFILE_FIELDS.map((field) => field.key));
  expect(ENTITY_KEYS.filter((key) => !profileKeys.has(key))).toEqual([AS_OF_KEY]);
});

test('no dot reference the pane writes is bare where it could read as an A1 or R1C1 cell reference', () => {
  const references = ENTITY_KEYS.map((key) => entityField(key)!.reference);
  const bareReferences = references.filter((reference) => !reference.startsWith('['));
  expect(bareReferences.filter((name) => /^(?:[A-Za-z]{1,3}\d+|R\d*(?:C\d*)?|C\d*)$/i.test(name))).toEqual([]);
  expect(bareReferences).toEqual(expect.arrayContaining(['Score', 'SBTi', 'CDP', 'Rank']));
});
