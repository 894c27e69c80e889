/**
 * CLIMATE.ORG on the built bundle in the Node harness, against the sandbox, under each host profile:
 * the entity's shape (text, properties named as PROFILE's headers with the sandbox record's values,
 * attribution, provider, card sections; the harness refuses an entity that breaks Excel's rules), the
 * fields read by dot notation and FIELDVALUE without a custom-function call, the name as text where
 * entities do not render, a pending card that updates itself with its dot fields, and every other
 * outcome exactly as SCORE shows it.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import type { OrganizationRecord } from '../../src/service/types';
import { PROVIDER } from '../../src/provider';
import { legalFormTwins } from '../sandbox/harness';
import { excelRound, PENDING } from './expectations';
import { HOST_PROFILES, MODERN_HOST } from './hostProfiles';
import { DEFAULT_LOCATION, openNodeWorkbook, type NodeWorkbookOptions, type NodeWorkbookSession } from './node';
import { calculateOutcomes, waitForResults } from './session';
import { seededSettings } from './settingsSeed';
import type { CellOutcome } from './types';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 400, profilingSeconds: 3600, erroredShare: 0, quiet: true });
});
afterEach(async () => {
  await session?.close();
  session = null;
  sandbox.configure({ erroredShare: 0 });
});
afterAll(() => sandbox.close());

async function open(options: NodeWorkbookOptions = {}): Promise<NodeWorkbookSession> {
  session = await openNodeWorkbook({
    ...options,
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY }),
  });
  return session;
}

const known = () => sandbox.population.organizations.find((o) => o.parentId === null && o.profile !== null)!;
const shown = (outcome: CellOutcome) => (outcome.kind === 'value' ? outcome.value : outcome);
const LOGO = new URL('assets/logo-provider.png', DEFAULT_LOCATION).href;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- entity JSON as Excel holds it

/**
 * The entity's properties as the record says, independent of the add-in's code. No Status or
 * Relationship: the card leaves them to CLIMATE.STATUS and the Match field (docs/excel.md "What a value weighs").
 */
function expectedProperties(record: OrganizationRecord, verdict: string): Record<string, unknown> {
  const m = record.matching_organization!;
  return {
    Score: excelRound(record.score! * 100, 1),
    'Industry percentile': record.industry_score_percentile,
    Rank: record.rank,
    'Industry rank': record.industry_rank,
    'Region rank': record.region_rank,
    'Industry mean score': excelRound(record.industry!.mean_score! * 100, 1),
    SBTi: record.initiatives.sbti,
    CDP: record.initiatives.cdp,
    'Climate Action 100+': record.initiatives.climate_action_100,
    EcoVadis: record.initiatives.ecovadis,
    'Reduction action': record.reduction_action_present,
    Match: verdict,
    Industry: m.industry!.name,
    'HQ region': record.hq_region,
    'Profile link': m.link,
    Website: record.website,
    Id: record.id,
  };
}

test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
  'host "%s": ORG is the card where entities render, else the name; dot fields and FIELDVALUE cost no call',
  async (_, profile) => {
    const org = known();
    const record = sandbox.population.recordFor({ name: org.name })!;
    const s = await open({ requirements: profile.requirements });
    const [[card, score, rank, sbti, lower, fieldValue, missing]] = await calculateOutcomes(s, {
      inputs: [[org.name]],
      formulas: {
        B: '=CLIMATE.ORG(A{row})',
        C: '=B{row}.Score',
        D: '=B{row}.[Industry rank]',
        E: '=B{row}.SBTi',
        F: '=B{row}.[industry RANK]',
        G: '=FIELDVALUE(B{row}, "Score")',
        H: '=B{row}.[Carbon footprint]',
      },
    });
    expect((await s.stats()).invocations).toBe(1);
    const fields = [score, rank, sbti, lower, fieldValue, missing].map(shown);
    if (!profile.entities) {
      expect(shown(card)).toBe(org.name);
      expect(fields).toEqual(Array(6).fill({ kind: 'error', code: '#FIELD!' }));
      return;
    }
    const score100 = excelRound(record.score! * 100, 1);
    expect(fields).toEqual([
      score100,
      record.industry_rank,
      record.initiatives.sbti,
      record.industry_rank,
      score100,
      { kind: 'error', code: '#FIELD!' },
    ]);
    const entity = shown(card) as Json;
    expect(entity.type).toBe('Entity');
    expect(entity.text).toBe(org.name);
    const values = Object.fromEntries(Object.entries(entity.properties).map(([k, v]) => [k, (v as Json).basicValue]));
    expect(values).toMatchObject(expectedProperties(record, 'exact'));
    // The row asked the name the card shows (its text): no Asked for; no Matched organization, which was that text again.
    expect(['Status', 'Relationship', 'Matched organization', 'Asked for'].filter((name) => name in values)).toEqual(
      [],
    );
    // The day the service produced the record, as a date Excel can count days from.
    expect(entity.properties['As of']).toMatchObject({ type: 'FormattedNumber', numberFormat: 'yyyy-mm-dd' });
    expect(Number.isInteger(entity.properties['As of'].basicValue)).toBe(true);
    // The card's provider attributes every property: no property repeats it (docs/excel.md "What a value weighs").
    for (const name of Object.keys(entity.properties)) {
      expect([name, entity.properties[name].propertyMetadata?.attribution]).toEqual([name, undefined]);
    }
    expect(entity.provider).toEqual({
      description: PROVIDER.name, // the logo's tooltip; the source line is the grid's
      logoSourceAddress: LOGO,
      logoTargetAddress: record.matching_organization!.link,
    });
    // Excel's default card, titled by the text: no layout of its own names a field a second time, and
    // no icon of its own (46 bytes a card): Excel shows its own in the cell.
    expect(entity.layouts).toBeUndefined();
    const names = Object.keys(entity.properties);
    expect(names.slice(0, 7)).toEqual([
      'Score',
      'Industry percentile',
      'Rank',
      'Industry rank',
      'Region rank',
      'Industry mean score',
      'SBTi',
    ]);
    expect(names.indexOf('Match')).toBe(20); // after the 14 initiatives
    expect(entity.referencedValues).toBeUndefined();
  },
);

test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
  'host "%s": a score that carries its card answers dot notation as ORG\'s card does; a plain one is #FIELD!',
  async (_, profile) => {
    const org = known();
    const record = sandbox.population.recordFor({ name: org.name })!;
    const s = await open({ requirements: profile.requirements });
    const [[, ofScore, , ofCard]] = await calculateOutcomes(s, {
      inputs: [[org.name]],
      formulas: {
        B: '=CLIMATE.SCORE(A{row})',
        C: '=B{row}.[Profile link]',
        D: '=CLIMATE.ORG(A{row})',
        E: '=D{row}.[Profile link]',
      },
    });
    const field = { kind: 'error', code: '#FIELD!' };
    const link = record.matching_organization!.link;
    expect([shown(ofScore), shown(ofCard)]).toEqual([
      profile.attributedValues ? link : field,
      profile.entities ? link : field,
    ]);
  },
);

test('a card still being profiled shows what SCORE shows, then updates itself, its dot fields with it', async () => {
  const s = await open({ requirements: MODERN_HOST.requirements });
  const name = 'Harrowgate Tidewater Mills Ltd';
  const [[card, score, field]] = await calculateOutcomes(s, {
    inputs: [[name]],
    formulas: { B: '=CLIMATE.ORG(A{row})', C: '=CLIMATE.SCORE(A{row})', D: '=B{row}.Score' },
  });
  expect(card).toEqual(score);
  expect(card).toMatchObject({ kind: 'error', code: '#N/A', message: expect.stringMatching(PENDING) });
  expect(field).toEqual(card); // the error passes through the dot
  sandbox.advanceClock(3601);
  const results = await waitForResults(s, (r) => r['Sheet1!D2'].outcome.kind === 'value', 30_000);
  const entity = shown(results['Sheet1!B2'].outcome) as Json;
  const served = await fetch(`${sandbox.url}/organizations/${entity.properties.Id.basicValue}`, {
    headers: { authorization: `Bearer ${SANDBOX_PROJECT_KEY}` },
  });
  const record = (await served.json()) as OrganizationRecord;
  expect(shown(results['Sheet1!D2'].outcome)).toBe(excelRound(record.score! * 100, 1));
  // The card leaves the profile's status to CLIMATE.STATUS (docs/excel.md "What a value weighs").
  expect(Object.keys(entity.properties)).not.toContain('Status');
  expect(results['Sheet1!D2'].invocations).toBe(0);
});

test('not found, ambiguous, failed and refused organizations: ORG shows exactly what SCORE shows', async () => {
  const [first] = legalFormTwins(sandbox.population.organizations);
  const ambiguous = first.name.split(' ').slice(0, -1).join(' ');
  sandbox.configure({ erroredShare: 1 });
  const s = await open({ requirements: MODERN_HOST.requirements });
  const inputs = [
    [ambiguous],
    ['lei:5493001KJTIIGC8Y1R13'],
    [true],
    ['Quillon Erratic Works Ltd'],
    ['spg:99999999999'],
  ];
  sandbox.advanceClock(3601); // the unseen name's profile ends errored once it is final
  const rows = await calculateOutcomes(s, {
    inputs,
    formulas: { B: '=CLIMATE.ORG(A{row})', C: '=CLIMATE.SCORE(A{row})' },
  });
  for (const [card, score] of rows) {
    expect(card.kind).toBe('error');
    expect(card).toEqual(score);
  }
});
