/**
 * The bad-input table through the built bundle against the sandbox: every input a cell cannot use
 * gets #VALUE! with its exact message, in every function that takes it, and none of them costs a
 * request. Organization inputs are the harness's shared table plus more of what supplier columns
 * hold; then initiatives, PROFILE/HEADERS fields, website and country arguments, SBTI and INDUSTRIES.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { BAD_INITIATIVES, BAD_ORGANIZATIONS } from '../functions/badInputs';
import { openNodeWorkbook, seededSettings, type InputValue, type SheetResults } from '../harness';
import { SUPPLIER_COLUMN_REFUSALS, NOTHING_AFTER } from './supplierColumnRefusals';

const ORGANIZATIONS = [...BAD_ORGANIZATIONS.filter((bad) => bad.input !== undefined), ...SUPPLIER_COLUMN_REFUSALS];

/** Every function that takes an organization, one column each. */
const ORGANIZATION_FORMULAS: Record<string, string> = {
  B: '=CLIMATE.SCORE(A{row})',
  C: '=CLIMATE.FLAG(A{row},"SBTi")',
  D: '=CLIMATE.FLAGS(A{row})',
  E: '=CLIMATE.PROFILE(A{row})',
  F: '=CLIMATE.LINK(A{row})',
  G: '=CLIMATE.STATUS(A{row})',
  H: '=CLIMATE.ACTIONS(A{row})',
  I: '=CLIMATE.ORG(A{row})',
  J: '=CLIMATE.MATCH(A{row})',
};

const FIELD_LIST =
  'id, name, website, hq_region, external_id, matched_id, matched_name, relationship, match, match_similarity, ' +
  'industry, industry_id, industry_mean, score, percentile, rank, industry_rank, region_rank, status, link, sbti, cdp, climate_pledge, ' +
  'un_global_compact, re100, climate_action_100, race_to_zero, rspo, pri, responsible_business_alliance, ' +
  'responsible_minerals_initiative, responsible_labor_initiative, ecovadis, reduction_action, or flags / all';
const unknownField = (field: string) => `Unknown field "${field}". Use: ${FIELD_LIST}.`;

/** Other arguments: each with the formula it is given to (column B holds it, A a valid supplier). */
interface ArgumentRow {
  label: string;
  formula: string;
  input: InputValue;
  message: string;
}

const ARGUMENTS: ArgumentRow[] = [
  ...BAD_INITIATIVES.map((bad) => ({
    label: `FLAG with ${bad.label}`,
    formula: '=CLIMATE.FLAG(A{row},B{row})',
    input: bad.input as InputValue,
    message: bad.message,
  })),
  {
    label: 'FLAG with TRUE as initiative',
    formula: '=CLIMATE.FLAG(A{row},B{row})',
    input: true,
    message: 'TRUE is not an initiative name such as "SBTi".',
  },
  {
    label: 'FLAG with markup as initiative',
    formula: '=CLIMATE.FLAG(A{row},B{row})',
    input: '<b>sbti</b>',
    message: 'The initiative looks like markup (<b>): give plain text.',
  },
  {
    label: 'FLAG with 10,000 characters as initiative',
    formula: '=CLIMATE.FLAG(A{row},B{row})',
    input: 'x'.repeat(10_000),
    message: 'The initiative is too long (10,000 characters): at most 300 are read.',
  },
  ...['carbon', 'emissions', 'scope3', 'ticker'].map((field) => ({
    label: `PROFILE with the unknown field ${field}`,
    formula: '=CLIMATE.PROFILE(A{row},B{row})',
    input: field,
    message: unknownField(field),
  })),
  {
    label: 'PROFILE with a known and an unknown field',
    formula: '=CLIMATE.PROFILE(A{row},B{row})',
    input: 'score,carbon',
    message: unknownField('carbon'),
  },
  {
    label: 'HEADERS with an unknown field',
    formula: '=CLIMATE.HEADERS(B{row})',
    input: 'carbon',
    message: unknownField('carbon'),
  },
  {
    label: 'SCORE with a website that is not one',
    formula: '=CLIMATE.SCORE(A{row},B{row})',
    input: 'not a site',
    message: 'Not a valid website: not a site is neither a web address nor an e-mail address.',
  },
  {
    label: 'SCORE with https:// as website',
    formula: '=CLIMATE.SCORE(A{row},B{row})',
    input: 'https://',
    message: NOTHING_AFTER('https://'),
  },
  {
    label: 'SCORE with mailto: as website',
    formula: '=CLIMATE.SCORE(A{row},B{row})',
    input: 'mailto:',
    message: NOTHING_AFTER('mailto:'),
  },
  {
    label: 'SCORE with www. as website',
    formula: '=CLIMATE.SCORE(A{row},B{row})',
    input: 'www.',
    message: NOTHING_AFTER('www.'),
  },
  {
    label: 'FLAG with http:// as website',
    formula: '=CLIMATE.FLAG(A{row},"sbti",B{row})',
    input: 'http://',
    message: NOTHING_AFTER('http://'),
  },
  {
    label: 'SCORE with TRUE as website',
    formula: '=CLIMATE.SCORE(A{row},B{row})',
    input: true,
    message: 'TRUE is not a web or e-mail address.',
  },
  {
    label: 'SCORE with a country that is not one',
    formula: '=CLIMATE.SCORE(A{row},,B{row})',
    input: 'U$A',
    message: 'Not a country: U$A (give a code such as US or a name).',
  },
  {
    label: 'SCORE with a country name no country has',
    formula: '=CLIMATE.SCORE(A{row},,B{row})',
    input: 'Europe',
    message:
      'Unknown country: Europe (give its ISO code, such as US or DEU, or its name in English, German, French or Spanish).',
  },
  {
    label: 'SBTI of an empty company',
    formula: '=CLIMATE.SBTI(B{row})',
    input: '',
    message: 'The company is empty: give an ISIN, an LEI or a company name.',
  },
  {
    label: 'SBTI of markup',
    formula: '=CLIMATE.SBTI(B{row})',
    input: '<script>',
    message: 'The company looks like markup (<script>): give plain text.',
  },
  {
    label: 'INDUSTRIES searching for markup',
    formula: '=CLIMATE.INDUSTRIES(B{row})',
    input: '<script>',
    message: 'The search looks like markup (<script>): give plain text.',
  },
];

/** Error values a supplier column holds (a VLOOKUP's #N/A pasted as values, a broken link's #REF!). */
const ERROR_VALUES = [
  { type: 'Error', errorType: 'NotAvailable', basicValue: '#N/A' },
  { type: 'Error', errorType: 'Ref', basicValue: '#REF!' },
];

let sandbox: RunningSandbox;
let results: SheetResults;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 200, quiet: true });
  const session = await openNodeWorkbook({
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  try {
    await session.calculate({
      name: 'Organizations',
      inputs: ORGANIZATIONS.map((bad) => [bad.input as InputValue]),
      formulas: ORGANIZATION_FORMULAS,
    });
    await session.calculate({
      name: 'Errors',
      inputs: ERROR_VALUES.map((value) => [value]),
      formulas: ORGANIZATION_FORMULAS,
    });
    for (const [i, row] of ARGUMENTS.entries()) {
      await session.calculate({
        name: `Argument${i}`,
        inputs: [['Acme Corp', row.input]],
        formulas: { C: row.formula },
      });
    }
    await session.settled(30_000);
    results = await session.results();
  } finally {
    await session.close();
  }
});
afterAll(async () => {
  await sandbox.close();
});

test('the table has at least 40 inputs', () => {
  expect(ORGANIZATIONS.length + ARGUMENTS.length).toBeGreaterThanOrEqual(40);
});

test.each(ORGANIZATIONS.map((bad, i) => [bad.label, bad, i] as const))(
  'organization: %s gets its message in every function',
  (_label, bad, i) => {
    for (const column of Object.keys(ORGANIZATION_FORMULAS)) {
      expect([column, results[`Organizations!${column}${i + 2}`].outcome]).toEqual([
        column,
        { kind: 'error', code: '#VALUE!', message: bad.message },
      ]);
    }
  },
);

test.each(ARGUMENTS.map((row, i) => [row.label, row, i] as const))('%s', (_label, row, i) => {
  expect(results[`Argument${i}!C2`].outcome).toEqual({ kind: 'error', code: '#VALUE!', message: row.message });
});

test('an organization cell holding an error value shows that error in every function, which Excel does not call', () => {
  for (const [i, value] of ERROR_VALUES.entries()) {
    for (const column of Object.keys(ORGANIZATION_FORMULAS)) {
      const cell = results[`Errors!${column}${i + 2}`];
      expect([column, cell.outcome, cell.invocations]).toEqual([column, { kind: 'error', code: value.basicValue }, 0]);
    }
  }
});

test('none of them sent a request', () => {
  expect(sandbox.stats().requests).toBe(0);
});
