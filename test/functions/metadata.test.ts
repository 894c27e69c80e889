/**
 * Golden test of the generated dist/functions.json (run `npm run build` first; `npm test` does), and
 * of the wiring in the built bundle: every id is associated exactly once when the scripts load the
 * way the shared runtime loads them.
 */
import { builtFunctions } from '../harness/dist';
import { openNodeWorkbook } from '../harness/node';
import type { FunctionMetadata } from '../harness/types';

type Param = [name: string, optional: boolean, matrix: boolean];

/** id, parameters, result, options: the contract with Excel's formula bar and calculation engine. */
const GOLDEN: Array<{
  id: string;
  params: Param[];
  result: FunctionMetadata['result'];
  options?: FunctionMetadata['options'];
}> = [
  {
    id: 'ORG',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: {},
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'SCORE',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: {},
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'FLAG',
    params: [
      ['organization', false, false],
      ['initiative', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: {},
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'MATCH',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: {},
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'FLAGS',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: { dimensionality: 'matrix' },
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'PROFILE',
    params: [
      ['organization', false, false],
      ['fields', true, true],
      ['website', true, false],
      ['country', true, false],
    ],
    result: { dimensionality: 'matrix' },
    options: { cancelable: true, requiresAddress: true },
  },
  { id: 'HEADERS', params: [['fields', true, true]], result: { dimensionality: 'matrix', type: 'string' } },
  {
    id: 'LINK',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: { type: 'string' },
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'STATUS',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: { type: 'string' },
    options: { cancelable: true, requiresAddress: true },
  },
  {
    id: 'INDUSTRIES',
    params: [['search', true, false]],
    result: { dimensionality: 'matrix' },
    options: { cancelable: true },
  },
  {
    id: 'SBTI',
    params: [
      ['company', false, false],
      ['field', true, false],
    ],
    result: { dimensionality: 'matrix' },
    options: { cancelable: true },
  },
  {
    id: 'ACTIONS',
    params: [
      ['organization', false, false],
      ['website', true, false],
      ['country', true, false],
    ],
    result: { dimensionality: 'matrix' },
    options: { cancelable: true, requiresAddress: true },
  },
];

const { metadata } = builtFunctions();

test('the metadata lets any-typed results carry data types (attributed cell values)', () => {
  expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
  expect(Object.keys(metadata).sort()).toEqual(['allowCustomDataForDataTypeAny', 'functions']);
});

test('ids, names, parameters, result types and options are the golden ones', () => {
  const actual = metadata.functions.map((fn) => ({
    id: fn.id,
    params: fn.parameters.map((p): Param => [p.name, p.optional === true, p.dimensionality === 'matrix']),
    result: fn.result,
    ...(fn.options ? { options: fn.options } : {}),
  }));
  expect(actual).toEqual(GOLDEN);
  for (const fn of metadata.functions) {
    expect(fn.name).toBe(fn.id);
    // Organization and similar arguments take text, numbers (a DUNS Excel stored as a number) and data types.
    for (const p of fn.parameters) expect(p.type).toBe('any');
  }
});

test('every function and parameter is described, with a help link into the function reference', () => {
  for (const fn of metadata.functions) {
    expect(fn.description).toMatch(/\S{3}/);
    expect(fn.helpUrl).toMatch(new RegExp(`^https://[^/]+/(.+/)?help/functions\\.html#${fn.id.toLowerCase()}$`));
    for (const p of fn.parameters) expect(p.description).toMatch(/\S{3}/);
  }
});

test('the built bundle associates every id exactly once, and nothing else', async () => {
  const session = await openNodeWorkbook();
  try {
    const { associations } = await session.stats();
    expect(associations).toEqual(Object.fromEntries(GOLDEN.map((fn) => [fn.id, 1])));
    expect(session.errors()).toEqual([]);
  } finally {
    await session.close();
  }
});
