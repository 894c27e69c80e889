/**
 * The reference-data functions on the built bundle in the Node harness, against the sandbox:
 * INDUSTRIES following every page, SBTI by ISIN, LEI or name, and ACTIONS.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { SBTI_FIELDS } from '../../src/service/types';
import { spilledValues as spill } from '../harness/expectations';
import { openNodeWorkbook, type NodeWorkbookSession } from '../harness/node';
import { seededSettings } from '../harness/settingsSeed';
import { calculateOutcomes as calculate } from '../harness/session';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 400, quiet: true });
});
afterEach(() => session?.close());
afterAll(() => sandbox.close());

async function open(): Promise<NodeWorkbookSession> {
  session = await openNodeWorkbook({
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  return session;
}

const known = () => sandbox.population.organizations.find((o) => o.parentId === null && o.profile !== null)!;

test("INDUSTRIES lists every page (following Link) or the matches of a search, Excel's wildcards read as meant", async () => {
  const s = await open();
  const [[all, steel, none, star, stem]] = await calculate(s, {
    inputs: [[null]],
    formulas: {
      B: '=CLIMATE.INDUSTRIES()',
      C: '=CLIMATE.INDUSTRIES("ste")',
      D: '=CLIMATE.INDUSTRIES("zzzz")',
      E: '=CLIMATE.INDUSTRIES("*")', // every industry
      F: '=CLIMATE.INDUSTRIES("ste*")', // a search for ste
    },
  });
  const industries = sandbox.population.industries;
  expect(industries.length).toBeGreaterThan(20); // more than one page
  expect(spill(all)).toEqual([['Industry id', 'Industry'], ...industries.map((i) => [i.id, i.name])]);
  expect(spill(steel)).toEqual([
    ['Industry id', 'Industry'],
    ...industries.filter((i) => i.name.toLowerCase().includes('ste')).map((i) => [i.id, i.name]),
  ]);
  expect(none).toEqual({ kind: 'error', code: '#N/A', message: 'No industry matches "zzzz".' });
  expect(spill(star)).toEqual(spill(all));
  expect(spill(stem)).toEqual(spill(steel));
});

test('SBTI by ISIN, LEI or name (a wildcard after it too), one field or all; ACTIONS for an organization', async () => {
  const company = sandbox.population.sbtiCompanies.find(
    (c) => typeof c.isin === 'string' && typeof c.lei === 'string' && c.net_zero_year !== null,
  )!;
  const org = known();
  const s = await open();
  const [[byIsin, oneField, byName, missing, byPastedIsin, byLei, byLabelledLei, byWildcardName]] = await calculate(s, {
    inputs: [[company.isin as string, company.company_name as string]],
    formulas: {
      C: '=CLIMATE.SBTI(A{row})',
      D: '=CLIMATE.SBTI(A{row},"Net Zero Year")',
      E: '=CLIMATE.SBTI(B{row})',
      F: '=CLIMATE.SBTI("Nobody Such Co")',
      // An ISIN as people paste it, read as the organization argument reads it.
      G: `=CLIMATE.SBTI("${(company.isin as string).toLowerCase()}")`,
      // The dataset holds LEIs too: an LEI finds its company, not a company of that name.
      H: `=CLIMATE.SBTI("${company.lei as string}")`,
      I: `=CLIMATE.SBTI("LEI ${(company.lei as string).toLowerCase()}","net_zero_year")`,
      // Excel's wildcard after a name, as Excel users write a search.
      J: `=CLIMATE.SBTI("${(company.company_name as string).replace(/"/g, '""')}*")`,
    },
  });
  const [[actions]] = await calculate(s, {
    firstRow: 20,
    inputs: [[org.name]],
    formulas: { B: '=CLIMATE.ACTIONS(A{row})' },
  });
  const table = SBTI_FIELDS.map((field) => [field, company[field] ?? '']);
  expect(spill(byIsin)).toEqual(table);
  expect(spill(oneField)).toEqual([[company.net_zero_year]]);
  expect(spill(byName)).toEqual(table);
  expect(spill(byPastedIsin)).toEqual(table);
  expect(spill(byLei)).toEqual(table);
  expect(spill(byLabelledLei)).toEqual([[company.net_zero_year]]);
  expect(spill(byWildcardName)).toEqual(table);
  expect(missing).toEqual({
    kind: 'error',
    code: '#N/A',
    message: 'No company with name "Nobody Such Co" in the SBTi list.',
  });
  const expectedActions = sandbox.population.recommendedActions(org);
  const rows = spill(actions) as unknown[][];
  expect(rows[0][0]).toBe('Emission category');
  expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual(
    expectedActions.map((a) => [a.emission_category ?? '', a.recommended_actions ?? '']),
  );
});
