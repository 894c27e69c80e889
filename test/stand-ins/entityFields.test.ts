/** The harness's own Excel rules for entities and their fields: each rule can refuse, each reading can fail. */
import { entityRuleViolations, fieldOutcome, parseFieldFormula } from './entityFields';

const entity = (extra: Record<string, unknown> = {}) => ({
  type: 'Entity',
  text: 'Acme',
  properties: { Score: { type: 'Double', basicValue: 63.5 }, Note: { type: 'String', basicValue: 'ok' } },
  layouts: { card: { title: 'Acme', sections: [{ layout: 'List', properties: ['Score', 'Note'] }] } },
  ...extra,
});

test('formulas: dot names plain and bracketed, on another sheet, and FIELDVALUE; anything else is no field formula', () => {
  expect(parseFieldFormula('=B2.Score')).toEqual({ address: 'B2', field: 'Score', via: 'dot' });
  expect(parseFieldFormula('= $B$2.[Industry rank]')).toEqual({ address: '$B$2', field: 'Industry rank', via: 'dot' });
  expect(parseFieldFormula("='My sheet'!B2.SBTi")?.address).toBe("'My sheet'!B2");
  expect(parseFieldFormula('=fieldvalue(B2, "Climate Action 100+")')).toEqual({
    address: 'B2',
    field: 'Climate Action 100+',
    via: 'FIELDVALUE',
  });
  expect(parseFieldFormula('=CLIMATE.SCORE(A2)')).toBeNull();
  expect(parseFieldFormula('=B2.')).toBeNull();
});

test('readings: any case, #FIELD! for a missing name, a plain cell or a name hidden from dot notation; errors pass', () => {
  const held = { kind: 'value' as const, value: entity() };
  expect(fieldOutcome(held, 'score')).toEqual({ kind: 'value', value: 63.5 });
  expect(fieldOutcome(held, 'Scores')).toEqual({ kind: 'error', code: '#FIELD!' });
  expect(fieldOutcome({ kind: 'value', value: 'Acme' }, 'Score')).toEqual({ kind: 'error', code: '#FIELD!' });
  const hidden = entity({
    properties: { Sub: { type: 'String', basicValue: 'x', propertyMetadata: { excludeFrom: { dotNotation: true } } } },
  });
  expect(fieldOutcome({ kind: 'value', value: hidden }, 'Sub')).toEqual({ kind: 'error', code: '#FIELD!' });
  const na = entity({ properties: { Score: { type: 'Error', errorType: 'NotAvailable' } } });
  expect(fieldOutcome({ kind: 'value', value: na }, 'Score')).toEqual({ kind: 'error', code: '#N/A' });
  const failed = {
    kind: 'error' as const,
    code: '#N/A',
    message: 'Profiling (researching) — this cell updates itself',
  };
  expect(fieldOutcome(failed, 'Score')).toEqual(failed);
});

test('readings: a number, text or TRUE/FALSE that carries properties answers dot notation as an entity does', () => {
  const score = {
    type: 'Double',
    basicValue: 63.5,
    properties: { Rank: { type: 'String', basicValue: 'high' }, Gone: { type: 'Error', errorType: 'NotAvailable' } },
  };
  expect(fieldOutcome({ kind: 'value', value: score }, 'rank')).toEqual({ kind: 'value', value: 'high' });
  expect(fieldOutcome({ kind: 'value', value: score }, 'Gone')).toEqual({ kind: 'error', code: '#N/A' });
  expect(fieldOutcome({ kind: 'value', value: score }, 'Score')).toEqual({ kind: 'error', code: '#FIELD!' });
  const bare = { type: 'Boolean', basicValue: true };
  expect(fieldOutcome({ kind: 'value', value: bare }, 'Rank')).toEqual({ kind: 'error', code: '#FIELD!' });
});

test('rules: a valid entity passes; each broken rule is named', () => {
  expect(entityRuleViolations(entity(), false)).toEqual([]);
  const nested = entity({ properties: { Parent: { ...entity(), referencedValues: [] } } });
  expect(entityRuleViolations(nested, true)).toContain('referencedValues below the root entity');
  // No Microsoft document bounds a text's length: a long one passes.
  const long = entity({
    text: 'x'.repeat(300),
    properties: { Score: { type: 'String', basicValue: 'y'.repeat(2_000) }, Note: { type: 'String', basicValue: '' } },
  });
  expect(entityRuleViolations(long, true)).toEqual([]);
  // "Each nested property, or data type, must have a type and basicValue setting" (entity-card docs).
  const bareError = entity({
    properties: { Score: { type: 'Error', errorType: 'NotAvailable' }, Note: { basicValue: 'ok' } },
  });
  expect(entityRuleViolations(bareError, true)).toEqual([
    'property Score: no type and basicValue',
    'property Note: no type and basicValue',
  ]);
  const error = { type: 'Error', basicValue: '#N/A', basicType: 'Error', errorType: 'NotAvailable' };
  expect(entityRuleViolations(entity({ properties: { Score: error, Note: error } }), true)).toEqual([]);
  const unnamed = entity({ layouts: { card: { subTitle: { property: 'Nope' }, sections: [] } } });
  expect(entityRuleViolations(unnamed, true)).toEqual(['the sub-title names no property']);
  const twoColumn = entity({
    layouts: { card: { sections: [{ layout: 'TwoColumn', title: 'T', properties: ['Score'] }] } },
  });
  expect(entityRuleViolations(twoColumn, false)).toEqual(['a TwoColumn section needs ExcelApi 1.19']);
  expect(entityRuleViolations(twoColumn, true)).toEqual([]);
});
