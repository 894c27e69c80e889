/**
 * The bad-input table through the built bundle: every refused input gets its exact message in the
 * cell, and none of them costs a request.
 */
import { PROFILE_FIELDS } from '../../src/functions/fields';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { BAD_INITIATIVES, BAD_LEI, BAD_ORGANIZATIONS, EMPTY } from '../functions/badInputs';
import { openNodeWorkbook, seededSettings, type InputValue } from '../harness';

const FIELD_LIST = `${PROFILE_FIELDS.map((f) => f.key).join(', ')}, or flags / all`;
const BAD_FIELDS = ['carbon', 'emissions', 'scope3', 'ticker', 'sbti2'].map((field) => ({
  label: `an unknown PROFILE field (${field})`,
  input: field,
  message: `Unknown field "${field}". Use: ${FIELD_LIST}.`,
}));

/** More of what supplier columns hold, beyond the functions' own table. */
const MORE_ORGANIZATIONS = [
  { label: '#REF! typed or pasted', input: '#REF!', message: 'The organization cell holds an error (#REF!): fix that cell first.' },
  { label: '#DIV/0! typed or pasted', input: '#DIV/0!', message: 'The organization cell holds an error (#DIV/0!): fix that cell first.' },
  { label: 'line breaks only', input: '\n\n', message: EMPTY },
  { label: 'a forced LEI with wrong check digits', input: `lei:${BAD_LEI}`, message: 'Not a valid LEI: check digits fail.' },
  { label: 'a forced ISIN with a wrong check digit', input: 'isin:US0378331006', message: 'Not a valid ISIN: check digit fails.' },
];

interface Row {
  label: string;
  inputs: InputValue[];
  formula: string;
  message: string;
}

const ROWS: Row[] = [
  ...[...BAD_ORGANIZATIONS.filter((bad) => bad.input !== undefined), ...MORE_ORGANIZATIONS].map((bad) => ({
    label: `SCORE of ${bad.label}`,
    inputs: [bad.input as InputValue],
    formula: '=CLIMATE.SCORE(A{row})',
    message: bad.message,
  })),
  ...BAD_INITIATIVES.map((bad) => ({
    label: `FLAG with ${bad.label}`,
    inputs: ['Acme Corp', bad.input as InputValue],
    formula: '=CLIMATE.FLAG(A{row},B{row})',
    message: bad.message,
  })),
  ...BAD_FIELDS.map((bad) => ({
    label: bad.label,
    inputs: ['Acme Corp', bad.input],
    formula: '=CLIMATE.PROFILE(A{row},B{row})',
    message: bad.message,
  })),
];

describe('bad inputs (built bundle, sandbox over HTTP)', () => {
  let sandbox: RunningSandbox;
  let messages: Map<string, { code: string; message?: string } | string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, organizations: 500, quiet: true });
    const session = await openNodeWorkbook({ storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }) });
    messages = new Map();
    for (const [i, row] of ROWS.entries()) {
      await session.calculate({ name: `Bad${i}`, inputs: [row.inputs], formulas: { D: row.formula } });
    }
    await session.settled(30_000);
    const results = await session.results();
    ROWS.forEach((row, i) => {
      const outcome = results[`Bad${i}!D2`].outcome;
      messages.set(row.label, outcome.kind === 'error' ? { code: outcome.code, message: outcome.message } : JSON.stringify(outcome));
    });
    await session.close();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test('the table has at least 40 inputs', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(ROWS.map((row) => [row.label, row] as const))('%s: #VALUE! with its exact message', (label, row) => {
    expect(messages.get(label)).toEqual({ code: '#VALUE!', message: row.message });
  });

  test('none of them sent a request', () => {
    expect(sandbox.stats().requests).toBe(0);
  });
});
