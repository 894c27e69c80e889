/**
 * The rest of the catalogue on the built bundle in the Node harness, against the sandbox: each host
 * profile's value shapes (plain values where Excel does not render attributed ones), the score-scale
 * setting, refused input sending nothing, auth and failed profiles, STATUS following a profile to the end, LINK, HEADERS, the full PROFILE table,
 * and calls Excel cancels (INDUSTRIES, SBTI and ACTIONS: referenceData.test.ts).
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import type { Settings } from '../../src/settings/settings';
import { BAD_INITIATIVES, BAD_ORGANIZATIONS } from './badInputs';
import {
  checkCell,
  checkRow,
  excelRound,
  expectedFlag,
  expectedFlags,
  expectedScore,
  plainOutcome,
  spilledValues,
  type ExpectContext,
} from '../harness/expectations';
import { DEFAULT_LOCATION } from '../harness/node';
import { HOST_PROFILES, PLAIN_HOST } from '../harness/hostProfiles';
import { openNodeWorkbook, type NodeWorkbookOptions, type NodeWorkbookSession } from '../harness/node';
import { seededSettings } from '../harness/settingsSeed';
import { calculateOutcomes, waitForResults } from '../harness/session';
import type { CellOutcome, InputValue, Outcome } from '../harness/types';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 400, profilingSeconds: 3, erroredShare: 0, quiet: true });
});

afterEach(async () => {
  await session?.close();
  session = null;
  sandbox.configure({ erroredShare: 0, latencyMs: 0, profilingSeconds: 3 });
});

afterAll(async () => {
  await sandbox.close();
});

async function open(settings: Partial<Settings> = {}, options: NodeWorkbookOptions = {}): Promise<NodeWorkbookSession> {
  session = await openNodeWorkbook({
    ...options,
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, ...settings }),
  });
  return session;
}

const calculate = calculateOutcomes;

const known = () =>
  sandbox.population.organizations.find((o) => o.parentId === null && o.profile !== null && o.lei !== null)!;
const plain = plainOutcome;
const spill = spilledValues;

const shapes = [
  ...HOST_PROFILES.map(
    ({ name, requirements, attributedValues }) => [name, { requirements }, attributedValues] as const,
  ),
  ['no requirements API at all', { requirementsAbsent: true }, false] as const,
];

test.each(shapes)(
  'host "%s": SCORE, FLAG and FLAGS attributed only where Excel renders it',
  async (_, options, attributed) => {
    const org = known();
    const record = sandbox.population.recordFor({ name: org.name })!;
    const s = await open({}, options);
    const [[score, flag, flags]] = await calculate(s, {
      inputs: [[org.name]],
      formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAG(A{row},"sbti")', D: '=CLIMATE.FLAGS(A{row})' },
    });
    const logoUrl = new URL('assets/logo-provider.png', DEFAULT_LOCATION).href;
    const ctx: ExpectContext = { dataTypes: attributed, logoUrl };
    expect([
      checkCell(score, expectedScore(record, org.name), record, ctx),
      checkCell(flag, expectedFlag(record, 'sbti', org.name), record, ctx),
      checkRow(flags, expectedFlags(record, org.name), record, ctx),
    ]).toEqual([null, null, null]);
  },
);

test('the score-scale setting 0-1 shows the raw score', async () => {
  const org = known();
  const s = await open({ scoreScale: '0-1' }, { requirements: PLAIN_HOST.requirements });
  const [[score]] = await calculate(s, { inputs: [[org.lei]], formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  expect(plain(score)).toBe(sandbox.population.recordFor({ lei_number: org.lei! })!.score);
});

test('refused organizations and initiatives show their documented messages and send nothing', async () => {
  const s = await open();
  sandbox.resetStats();
  const organizations = BAD_ORGANIZATIONS.filter((bad) => bad.input !== undefined);
  const orgRows = await calculate(s, {
    inputs: organizations.map((bad) => [bad.input as InputValue]),
    formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAGS(A{row})' },
  });
  const flagRows = await calculate(s, {
    firstRow: 100,
    inputs: BAD_INITIATIVES.map((bad) => [known().name, bad.input as InputValue]),
    formulas: { C: '=CLIMATE.FLAG(A{row},B{row})' },
  });
  const shown = (outcome: CellOutcome) =>
    outcome.kind === 'error' ? `${outcome.code} ${outcome.message}` : JSON.stringify(outcome);
  expect(orgRows.map((row) => row.map(shown))).toEqual(
    organizations.map((bad) => [`#VALUE! ${bad.message}`, `#VALUE! ${bad.message}`]),
  );
  expect(flagRows.map(([cell]) => shown(cell))).toEqual(BAD_INITIATIVES.map((bad) => `#VALUE! ${bad.message}`));
  expect(sandbox.stats().requests).toBe(0);
});

test('a refused key: #VALUE! with the service message and what to do, at most one request', async () => {
  const s = await open({ apiKey: 'not-a-real-key-1234' });
  sandbox.resetStats();
  const rows = await calculate(s, {
    inputs: sandbox.population.organizations.slice(0, 20).map((o) => [o.name]),
    formulas: { B: '=CLIMATE.SCORE(A{row})' },
  });
  for (const [cell] of rows) {
    expect(cell).toMatchObject({
      kind: 'error',
      code: '#VALUE!',
      message: expect.stringMatching(/Set your API key in the Climate pane\.$/),
    });
    expect((cell as Outcome & { message: string }).message).not.toContain('not-a-real-key');
  }
  expect(sandbox.stats().requests).toBeLessThanOrEqual(1);
});

test('STATUS and SCORE show each new status a poll brings, without F9, up to synced; a profile that fails shows #N/A saying so', async () => {
  // an hour of profiling: each status lasts 400 sandbox seconds, so only the skips below move it
  sandbox.configure({ profilingSeconds: 3600 });
  const s = await open();
  const addresses = await s.calculate({
    inputs: [['Brand New Supplier Ltd']],
    formulas: { B: '=CLIMATE.STATUS(A{row})', C: '=CLIMATE.SCORE(A{row})' },
  });
  await s.settled();
  let results = await s.results();
  expect(plain(results[addresses[0]].outcome)).toBe('created');
  sandbox.advanceClock(2500); // researching: not final, and no F9 follows
  results = await waitForResults(s, (r) => plain(r[addresses[0]].outcome) === 'researching', 20_000);
  expect(results[addresses[1]].outcome).toEqual({
    kind: 'error',
    code: '#N/A',
    message: 'Profiling (researching) — this cell updates itself',
  });
  expect(results[addresses[1]].invocations).toBe(2);
  sandbox.advanceClock(3600);
  results = await waitForResults(
    s,
    (r) => plain(r[addresses[0]].outcome) === 'synced' && r[addresses[1]].outcome.kind === 'value',
  );
  expect(results[addresses[1]].invocations).toBe(3);

  sandbox.configure({ erroredShare: 1 });
  const failing = await s.calculate({
    firstRow: 10,
    inputs: [['Doomed Supplier Ltd']],
    formulas: { B: '=CLIMATE.STATUS(A{row})', C: '=CLIMATE.SCORE(A{row})' },
  });
  await s.settled();
  sandbox.advanceClock(3600);
  results = await waitForResults(s, (r) => plain(r[failing[0]].outcome) === 'errored');
  await s.settled();
  results = await s.results();
  expect(results[failing[1]].outcome).toEqual({
    kind: 'error',
    code: '#N/A',
    message: 'The service could not build a climate profile for Doomed Supplier Ltd.',
  });
});

test('LINK, HEADERS and the full PROFILE table', async () => {
  const org = known();
  const record = sandbox.population.recordFor({ name: org.name })!;
  const s = await open({}, { requirements: PLAIN_HOST.requirements });
  const [[link, flagHeaders, fieldHeaders, rangeHeaders, table]] = await calculate(s, {
    inputs: [[org.name]],
    cells: { H1: 'score', I1: 'Industry Rank', J1: 'RE100' },
    formulas: {
      B: '=CLIMATE.LINK(A{row})',
      C: '=CLIMATE.HEADERS()',
      D: '=CLIMATE.HEADERS("score, percentile, sbti")',
      E: '=CLIMATE.HEADERS($H$1:$J$1)',
      F: '=CLIMATE.PROFILE(A{row})',
    },
  });
  expect(plain(link)).toBe(record.matching_organization!.link);
  expect(spill(flagHeaders)).toEqual([
    [
      'SBTi',
      'CDP',
      'Climate Pledge',
      'UN Global Compact',
      'RE100',
      'Climate Action 100+',
      'Race to Zero',
      'RSPO',
      'PRI',
      'Responsible Business Alliance',
      'Responsible Minerals Initiative',
      'Responsible Labor Initiative',
      'EcoVadis',
      'Reduction action',
    ],
  ]);
  expect(spill(fieldHeaders)).toEqual([['Score', 'Industry percentile', 'SBTi']]);
  expect(spill(rangeHeaders)).toEqual([['Score', 'Industry rank', 'RE100']]);
  const rows = spill(table) as unknown[][];
  expect(rows).toHaveLength(34);
  const profile = Object.fromEntries(rows.map(([header, value]) => [header, value]));
  expect(profile).toMatchObject({
    Id: record.id,
    Name: record.name,
    'Matched id': record.matching_organization!.id,
    Match: 'exact',
    'Match similarity': 1,
    Score: excelRound(record.score! * 100, 1),
    'Industry percentile': record.industry_score_percentile,
    Status: 'synced',
    'Profile link': record.matching_organization!.link,
    'Climate Pledge': record.initiatives.climate_pledge,
    'Reduction action': record.reduction_action_present,
  });
});

test('cells Excel recalculates while their call is under way are cancelled and end with the right value', async () => {
  sandbox.configure({ latencyMs: 200 });
  const orgs = sandbox.population.organizations.filter((o) => o.parentId === null && o.profile !== null).slice(0, 10);
  const s = await open({}, { requirements: PLAIN_HOST.requirements });
  const addresses = await s.calculate({ inputs: orgs.map((o) => [o.name]), formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  await s.recalculate(addresses);
  await s.settled();
  const results = await s.results();
  expect((await s.stats()).cancellations).toBe(orgs.length);
  orgs.forEach((org, i) => {
    const record = sandbox.population.recordFor({ name: org.name })!;
    expect(plain(results[addresses[i]].outcome)).toBe(excelRound(record.score! * 100, 1));
  });
});
