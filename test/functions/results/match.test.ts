/**
 * CLIMATE.MATCH on the built bundle in the Node harness, against the sandbox: every verdict the
 * sandbox's data gives (identifier by LEI and by website, exact, parent for a subsidiary's name,
 * check for a near name, namesake for another legal form, accepted from the workbook's document
 * settings; the sandbox never answers `subsidiary`, see test/functions/results/nameMatch.test.ts), pending and refused input
 * exactly as SCORE shows them, the PROFILE fields, and no request of its own next to SCORE.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import { ACCEPTED_MATCHES_SETTING } from '../../../src/office/documentSettings';
import { MATCH_THRESHOLD, nameSimilarity } from '../../../src/functions/results/nameMatch';
import { HOST_PROFILES, PLAIN_HOST } from '../../harness/hostProfiles';
import { openNodeWorkbook, type NodeWorkbookOptions, type NodeWorkbookSession } from '../../harness/node';
import { calculateOutcomes } from '../../harness/session';
import { seededSettings } from '../../harness/settingsSeed';
import type { CellOutcome, SheetSpec } from '../../harness/types';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 800, profilingSeconds: 3600, erroredShare: 0, quiet: true });
});

afterEach(async () => {
  await session?.close();
  session = null;
});

afterAll(async () => {
  await sandbox.close();
});

async function open(options: NodeWorkbookOptions = {}): Promise<NodeWorkbookSession> {
  session = await openNodeWorkbook({
    requirements: PLAIN_HOST.requirements,
    ...options,
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  return session;
}

const calculate = calculateOutcomes;

const plain = (outcome: CellOutcome) => (outcome.kind === 'value' ? outcome.value : outcome);
const owners = () => sandbox.population.organizations.filter((o) => o.parentId === null && o.profile !== null);
const subsidiary = () => sandbox.population.organizations.find((o) => o.parentId !== null)!;
const near = () => sandbox.population.nearNameCases()[0];

/** A name under another legal form than the one registered: the sandbox answers with that namesake. */
const namesake = (): string =>
  owners()
    .map((o) => `${o.name.split(' ').slice(0, -1).join(' ')} GmbH`)
    .find((name) => sandbox.population.recordFor({ name })?.organization_relationship_type === 'namesake')!;

test('each verdict the sandbox gives: identifier (LEI, website, name with its website), exact, parent, check, namesake', async () => {
  const [a, b, c, d] = owners();
  const s = await open();
  const rows = await calculate(s, {
    inputs: [
      [a.lei, null],
      [b.website, null],
      [c.name.toUpperCase(), null],
      [d.name, d.website],
      [near().name, near().organization.website], // a near name with its website
      [a.name, b.website], // another company's website: the name has nothing in common with what it finds
      [subsidiary().name, null],
      [near().name, null],
      [namesake(), null],
    ],
    formulas: { C: '=CLIMATE.MATCH(A{row},B{row})' },
  });
  expect(rows.map(([match]) => plain(match))).toEqual([
    'identifier',
    'identifier',
    'exact',
    'identifier',
    'identifier',
    'check',
    'parent',
    'check',
    'namesake',
  ]);
});

test('accepted: a pair in the workbook settings (any case of the input) turns check into accepted, for that match only', async () => {
  const { name, organization } = near();
  const other = sandbox.population.nearNameCases()[1];
  const s = await open({
    documentSettings: {
      [ACCEPTED_MATCHES_SETTING]: [
        { input: name.toLowerCase(), organization: organization.id },
        { input: other.name, organization: 1 },
      ],
    },
  });
  const rows = await calculate(s, { inputs: [[name], [other.name]], formulas: { B: '=CLIMATE.MATCH(A{row})' } });
  expect(rows.map(([match]) => plain(match))).toEqual(['accepted', 'check']);
});

test('PROFILE gives match and match_similarity; HEADERS names them', async () => {
  const { name, organization } = near();
  const s = await open();
  const [[profile, headers]] = await calculate(s, {
    inputs: [[name]],
    formulas: {
      B: '=CLIMATE.PROFILE(A{row},"match,match_similarity,matched_name")',
      E: '=CLIMATE.HEADERS("match,similarity")',
    },
  });
  const similarity = nameSimilarity(name, organization.name);
  expect(similarity).toBeLessThan(MATCH_THRESHOLD);
  expect(profile).toEqual({
    kind: 'array',
    rows: [
      [
        { kind: 'value', value: 'check' },
        { kind: 'value', value: similarity },
        { kind: 'value', value: organization.name },
      ],
    ],
  });
  expect(headers).toEqual({
    kind: 'array',
    rows: [
      [
        { kind: 'value', value: 'Match' },
        { kind: 'value', value: 'Match similarity' },
      ],
    ],
  });
});

test('pending, not found and refused input show what SCORE shows', async () => {
  const s = await open();
  const rows = await calculate(s, {
    inputs: [['Quillfeather Unregistered Textiles'], ['lei:12345'], ['http://']],
    formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.MATCH(A{row})' },
  });
  for (const [score, match] of rows) expect(match).toEqual(score);
  expect(rows[0][1]).toMatchObject({ kind: 'error', code: '#N/A' });
  expect(rows[1][1]).toMatchObject({ kind: 'error', code: '#VALUE!' });
});

test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
  'host "%s": MATCH is a plain word, or a cell value with its card and the provider attribution',
  async (_name, profile) => {
    const { name, organization } = near();
    const s = await open({ requirements: profile.requirements });
    const [[match]] = await calculate(s, { inputs: [[name]], formulas: { B: '=CLIMATE.MATCH(A{row})' } });
    if (!profile.attributedValues) {
      expect(plain(match)).toBe('check');
      return;
    }
    const value = plain(match) as Excel.StringCellValue;
    expect(value).toMatchObject({
      type: 'String',
      basicValue: 'check',
      provider: { logoSourceAddress: expect.stringMatching(/logo-provider\.png$/) },
    });
    expect(value.provider?.logoTargetAddress).toMatch(/^https:\/\//);
    // What the match is checked by: the name that answered and how alike (the row's own name is beside it).
    expect(Object.keys(value.properties ?? {})).toEqual(['Matched organization', 'Match similarity']);
    expect(value.properties).toMatchObject({ 'Matched organization': { basicValue: organization.name } });
    expect(value.properties?.['Match similarity']).toMatchObject({ type: 'Double' });
  },
);

test('MATCH next to SCORE and FLAG for the same organizations sends no request of its own', async () => {
  const names = owners()
    .slice(10, 70)
    .map((o) => [o.name]);
  const traffic = async (formulas: SheetSpec['formulas']) => {
    const s = await open();
    sandbox.resetStats();
    await calculate(s, { inputs: names, formulas });
    const { requests, batchItems } = sandbox.stats();
    await s.close();
    return { requests, batchItems };
  };
  const without = await traffic({ B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAG(A{row},"sbti")' });
  const withMatch = await traffic({
    B: '=CLIMATE.SCORE(A{row})',
    C: '=CLIMATE.FLAG(A{row},"sbti")',
    D: '=CLIMATE.MATCH(A{row})',
  });
  expect(withMatch).toEqual(without);
  expect(without.batchItems).toBeGreaterThanOrEqual(names.length);
});
