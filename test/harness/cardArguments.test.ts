/**
 * ORG's card as the organization of the other functions, the formula-value preview, and answers in
 * the service's Summary format, on the built bundle in the Node harness against the sandbox, with
 * the requests counted on the sandbox.
 */
import { t } from '../../src/i18n/translate';
import { DEMO_PROJECT_ID } from '../../tools/sandbox/service/keys';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import type { Settings } from '../../src/settings/settings';
import { excelRound } from './expectations';
import { HOST_PROFILES, hostProfile, MODERN_HOST } from './hostProfiles';
import { openNodeWorkbook, type NodeWorkbookOptions, type NodeWorkbookSession } from './node';
import { calculateOutcomes } from './session';
import { copyIndexedDb, freshIndexedDb, persistedCache } from './cacheStorage';
import { seededSettings } from './settingsSeed';
import type { CellOutcome, InputValue } from './types';

/** What a previewed formula shows (the harness runs in English). */
const PREVIEW_TEXT = t('cells.preview');

let sandbox: RunningSandbox;
const sessions: NodeWorkbookSession[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 400, profilingSeconds: 3600, erroredShare: 0, quiet: true });
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  sandbox.configure({ summaryFormat: false });
});
afterAll(() => sandbox.close());

async function open(options: NodeWorkbookOptions = {}, settings: Partial<Settings> = {}): Promise<NodeWorkbookSession> {
  const session = await openNodeWorkbook({
    requirements: MODERN_HOST.requirements,
    ...options,
    storage: await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY, ...settings }),
  });
  sessions.push(session);
  return session;
}

const owners = () => sandbox.population.organizations.filter((o) => o.parentId === null && o.profile !== null);
const shown = (outcome: CellOutcome) => (outcome.kind === 'value' ? outcome.value : outcome);
const basic = (outcome: CellOutcome) => {
  const value = shown(outcome) as { basicValue?: unknown } | unknown;
  return typeof value === 'object' && value !== null && 'basicValue' in value ? value.basicValue : value;
};
const ARGUMENT_FORMULAS = {
  C: '=CLIMATE.SCORE(B{row})',
  D: '=CLIMATE.FLAG(B{row}, "cdp")',
  E: '=CLIMATE.MATCH(B{row})',
  F: '=CLIMATE.LINK(B{row})',
  G: '=CLIMATE.STATUS(B{row})',
};

test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
  'host "%s": every function takes the ORG cell as its organization, with no request once the card is there',
  async (_, profile) => {
    const orgs = owners().slice(0, 3);
    const s = await open({ requirements: profile.requirements });
    await calculateOutcomes(s, { inputs: orgs.map((o) => [o.name]), formulas: { B: '=CLIMATE.ORG(A{row})' } });
    sandbox.resetStats();
    const rows = await calculateOutcomes(s, {
      inputs: orgs.map((o) => [o.name]),
      formulas: { ...ARGUMENT_FORMULAS, H: '=CLIMATE.PROFILE(B{row}, "rank, sbti")' },
    });
    expect(sandbox.stats().requests).toBe(0);
    const expected = orgs.map((o) => {
      const record = sandbox.population.recordFor({ name: o.name })!;
      const link = record.matching_organization!.link;
      return [excelRound(record.score! * 100, 1), record.initiatives.cdp, 'exact', link, 'synced'];
    });
    expect(rows.map((row) => row.slice(0, 5).map(basic))).toEqual(expected);
    const profileRow = rows.map(([, , , , , spill]) => (spill.kind === 'array' ? spill.rows[0].map(basic) : spill));
    expect(profileRow).toEqual(
      orgs.map((o) => {
        const record = sandbox.population.recordFor({ name: o.name })!;
        return [record.rank, record.initiatives.sbti];
      }),
    );
  },
);

test('a card saved by an earlier session is read by its id: one GET, nothing registered, nothing resolved by name', async () => {
  const org = owners()[5];
  const first = await open();
  const [[card]] = await calculateOutcomes(first, { inputs: [[org.name]], formulas: { B: '=CLIMATE.ORG(A{row})' } });
  const saved = shown(card) as InputValue;
  const later = await open();
  sandbox.resetStats();
  const [row] = await calculateOutcomes(later, { firstRow: 2, inputs: [[null, saved]], formulas: ARGUMENT_FORMULAS });
  const record = sandbox.population.recordFor({ name: org.name })!;
  expect(row.map(basic)).toEqual([
    excelRound(record.score! * 100, 1),
    record.initiatives.cdp,
    'exact', // judged by its Matched organization, the name its row asked for, as its own Match field says

    record.matching_organization!.link,
    'synced',
  ]);
  const stats = sandbox.stats();
  expect([stats.requests, stats.batchItems, stats.registrations, stats.byRoute['POST /organizations']]).toEqual([
    1,
    1,
    0,
    undefined,
  ]);
});

test("with the project's private figures, a card read by its id shows them, as its own Score does", async () => {
  const privateScores = sandbox.population.privateScores(DEMO_PROJECT_ID);
  const org = owners().find((o) => privateScores.has(o.id))!;
  const first = await open({}, { privatePerformances: true });
  const formulas = { B: '=CLIMATE.ORG(A{row})', C: '=B{row}.Score' };
  const [[card, ownScore]] = await calculateOutcomes(first, { inputs: [[org.name]], formulas });
  expect(shown(ownScore)).toBe(excelRound(privateScores.get(org.id)! * 100, 1));
  const later = await open({}, { privatePerformances: true });
  const pasted = { firstRow: 2, inputs: [[null, shown(card) as InputValue]] };
  const [[score]] = await calculateOutcomes(later, { ...pasted, formulas: { C: '=CLIMATE.SCORE(B{row})' } });
  expect(basic(score)).toBe(shown(ownScore));
});

test('two cards read by id in one batch whose answers come back swapped: each shows its own organization', async () => {
  const [a, b] = owners().slice(9, 11);
  const first = await open();
  const cards = await calculateOutcomes(first, {
    inputs: [[a.name], [b.name]],
    formulas: { B: '=CLIMATE.ORG(A{row})' },
  });
  let swapped = false; // the first batch of two reads is answered in the wrong order, once
  const swapping: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (swapped || !String(input).endsWith('/batch')) return response;
    const answers = (await response.json()) as unknown[];
    if (answers.length === 2) swapped = true;
    return new Response(JSON.stringify(swapped ? [...answers].reverse() : answers), response);
  };
  const later = await open({ fetch: swapping });
  const rows = await calculateOutcomes(later, {
    firstRow: 2,
    inputs: cards.map(([card]) => [null, shown(card) as InputValue]),
    formulas: { C: '=CLIMATE.SCORE(B{row})' },
  });
  expect(swapped).toBe(true);
  expect(rows.map(([score]) => basic(score))).toEqual(
    [a, b].map((o) => excelRound(sandbox.population.recordFor({ name: o.name })!.score! * 100, 1)),
  );
});

/** An organization registered as "... AG" whose name with "GmbH" the service answers as its namesake. */
const namesakeOwner = () =>
  owners().find(
    (o) =>
      / AG$/.test(o.name) &&
      sandbox.population.recordFor({ name: o.name.replace(/ AG$/, ' GmbH') })?.organization_relationship_type ===
        'namesake',
  )!;

test('a card is judged by its own row: two rows that reach one organization differently keep their own verdicts', async () => {
  const org = namesakeOwner();
  const s = await open();
  const rows = await calculateOutcomes(s, {
    inputs: [[org.name.replace(/ AG$/, ' GmbH')], [org.name]],
    formulas: {
      B: '=CLIMATE.ORG(A{row})',
      C: '=B{row}.Match',
      D: '=CLIMATE.MATCH(B{row})',
      E: '=CLIMATE.MATCH(A{row})',
    },
  });
  expect(rows.map(([, field, ofCard, ofText]) => [field, ofCard, ofText].map(basic))).toEqual([
    ['namesake', 'namesake', 'namesake'],
    ['exact', 'exact', 'exact'],
  ]);
});

test('a card answered for another name, or asked with a website and a country, says on its face what its row asked, and is judged by it', async () => {
  const org = namesakeOwner();
  const other = owners()[21];
  const asked = org.name.replace(/ AG$/, ' GmbH');
  const site = new URL(other.website!).host; // the row's website as the argument reader keeps it
  const first = await open();
  const made = await calculateOutcomes(first, {
    inputs: [
      [asked, null, null],
      [other.name, other.website!, 'DE'],
    ],
    formulas: { D: '=CLIMATE.ORG(A{row}, B{row}, C{row})', E: '=CLIMATE.MATCH(A{row}, B{row}, C{row})' },
  });
  const cards = made.map(([card]) => shown(card) as SavedCard);
  // A visible field, read by dot notation as any other; no hidden property, no metadata.
  expect(cards.map((card) => card.properties['Asked for'])).toEqual([
    { type: 'String', basicValue: asked },
    { type: 'String', basicValue: `"${other.name}","${site}","DE"` }, // the function's arguments, as a formula quotes them
  ]);
  expect(cards.every((card) => !('Query' in card.properties) && !('Matched organization' in card.properties))).toBe(
    true,
  );
  // Passed on, each card is judged as its row was: by its Asked for, which the cache answers (a card
  // read by its id alone would say `exact` for both here).
  sandbox.resetStats();
  expect(await verdictsOf(first, cards)).toEqual(['namesake', 'identifier']);
  expect(made.map(([, verdict]) => basic(verdict))).toEqual(['namesake', 'identifier']);
  expect(sandbox.stats().requests).toBe(0);
});

test('a card judged "check" is still "check" in a later session, with the similarity it was judged by', async () => {
  const org = owners()[7];
  const near = `${org.name.split(' ')[0]} Group`; // the first word of the name: a near name the service matches
  const first = await open();
  const [[card, verdict, similarity]] = await calculateOutcomes(first, {
    inputs: [[near]],
    formulas: {
      B: '=CLIMATE.ORG(A{row})',
      C: '=CLIMATE.MATCH(B{row})',
      D: '=CLIMATE.PROFILE(B{row}, "match_similarity")',
    },
  });
  const later = await open();
  const [row] = await calculateOutcomes(later, {
    firstRow: 2,
    inputs: [[null, shown(card) as InputValue]],
    formulas: { C: '=CLIMATE.MATCH(B{row})', D: '=CLIMATE.PROFILE(B{row}, "match_similarity")' },
  });
  expect([basic(verdict), row.map(basic)]).toEqual([basic(verdict), [basic(verdict), basic(similarity)]]);
});

/** One organization asked for five ways: by LEI, ISIN, DUNS (a number, as Excel keeps it), website and name. */
const fiveWays = (o: ReturnType<typeof owners>[number]): InputValue[][] => [
  [o.lei],
  [o.isin],
  [Number(o.duns)],
  [o.website],
  [o.name],
];
type SavedCard = { type: string; properties: Record<string, { basicValue?: unknown }> };
const IDENTIFIED_FIVE_WAYS = ['identifier', 'identifier', 'identifier', 'identifier', 'exact'];

/** The cards ORG makes in `session` for `inputs` (from row 2), as a workbook saves them. */
async function cardsOf(session: NodeWorkbookSession, inputs: InputValue[][]): Promise<SavedCard[]> {
  const rows = await calculateOutcomes(session, { inputs, formulas: { B: '=CLIMATE.ORG(A{row})' } });
  return rows.map(([card]) => shown(card) as SavedCard);
}

/** MATCH of each card passed as the organization in `session`, from row 20 (below the rows that made them). */
async function verdictsOf(session: NodeWorkbookSession, cards: readonly object[]): Promise<unknown[]> {
  const rows = await calculateOutcomes(session, {
    firstRow: 20,
    inputs: cards.map((card) => [null, card as InputValue]),
    formulas: { C: '=CLIMATE.MATCH(B{row})' },
  });
  return rows.map(([verdict]) => basic(verdict));
}

test('a row that asked by one identifier keeps no query in its card, and its card is judged as the row was, with no request', async () => {
  const org = owners()[15];
  const s = await open();
  const cards = await cardsOf(s, fiveWays(org));
  // Each card names its organization, and none says what its row asked: the name the card shows, and
  // the others' Match `identifier`, stand for it.
  expect(
    cards.map((card) => [
      card.properties.Id.basicValue,
      card.properties.Match.basicValue,
      'Asked for' in card.properties,
    ]),
  ).toEqual(IDENTIFIED_FIVE_WAYS.map((verdict) => [org.id, verdict, false]));
  sandbox.resetStats();
  // The four identifier rows and the name row reach one organization differently and keep their own verdicts.
  expect(await verdictsOf(s, cards)).toEqual(IDENTIFIED_FIVE_WAYS);
  const [[similarity]] = await calculateOutcomes(s, {
    firstRow: 30,
    inputs: [[null, cards[4] as InputValue]],
    formulas: { C: '=CLIMATE.PROFILE(B{row}, "match_similarity")' },
  });
  expect(similarity.kind === 'array' && basic(similarity.rows[0][0])).toBe(1); // the name's, as its row was judged
  expect(sandbox.stats().requests).toBe(0);
});

test("an identifier row's card saved in a workbook is judged by the cache a later runtime reads, with no request", async () => {
  const indexedDB = freshIndexedDb();
  const first = await open({ indexedDB });
  const cards = await cardsOf(first, fiveWays(owners()[16]));
  await persistedCache(first, indexedDB);
  const later = await open({ indexedDB: await copyIndexedDb(indexedDB) });
  sandbox.resetStats();
  expect(await verdictsOf(later, cards)).toEqual(IDENTIFIED_FIVE_WAYS);
  expect(sandbox.stats().requests).toBe(0);
});

test('cards saved with the query in an older form read as before: the LEI alone, or the three arguments', async () => {
  const org = owners()[17];
  const s = await open();
  const [saved] = await cardsOf(s, [[org.lei]]);
  const hidden = { excludeFrom: { cardView: true, dotNotation: true, autoComplete: true } };
  // As cards were then: the query hidden, and the source line as the provider's description.
  const withQuery = (text: string) => ({
    ...saved,
    provider: { ...(saved as { provider?: object }).provider, description: 'Climate data by DitchCarbon' },
    properties: { ...saved.properties, Query: { type: 'String', basicValue: text, propertyMetadata: hidden } },
  });
  sandbox.resetStats();
  const old = [withQuery(org.lei), withQuery(JSON.stringify([`lei:${org.lei}`, null, null]))];
  expect(await verdictsOf(s, old)).toEqual(['identifier', 'identifier']);
  expect(sandbox.stats().requests).toBe(0);
});

test('a card whose Match was edited to identifier is read by its id and left to check where no identifier reached it', async () => {
  const s = await open();
  const [saved] = await cardsOf(s, [[owners()[18].name]]);
  const edited = { ...saved, properties: { ...saved.properties, Match: { type: 'String', basicValue: 'identifier' } } };
  // This runtime holds the organization by its name only; another holds nothing of it.
  expect([...(await verdictsOf(s, [edited])), ...(await verdictsOf(await open(), [edited]))]).toEqual([
    'check',
    'check',
  ]);
});

test('a card with neither a query nor a name to stand for it is read by its id and left to check: no similarity', async () => {
  const org = owners()[8];
  const first = await open();
  const [[card]] = await calculateOutcomes(first, { inputs: [[org.name]], formulas: { B: '=CLIMATE.ORG(A{row})' } });
  const saved = shown(card) as { type: string; text?: string; properties: Record<string, unknown> };
  // The row asked for the matched name, so the card says nothing of its query: the name it shows stands for it.
  expect(Object.keys(saved.properties)).not.toContain('Asked for');
  const { text, ...withoutText } = saved;
  expect(text).toBe(org.name);
  const spoiled = (property: string, asked: string) => ({
    ...saved,
    properties: { ...saved.properties, [property]: { type: 'String', basicValue: asked } },
  });
  const later = await open();
  const rows = await calculateOutcomes(later, {
    firstRow: 2,
    inputs: [
      [null, withoutText as InputValue],
      [null, spoiled('Asked for', '"=1+1",7,""') as InputValue],
      [null, spoiled('Query', '["=1+1",7,null]') as InputValue], // a card saved before, its hidden query spoiled
    ],
    formulas: { C: '=CLIMATE.MATCH(B{row})', D: '=CLIMATE.PROFILE(B{row}, "match_similarity")' },
  });
  for (const [verdict, similarity] of rows) {
    expect([basic(verdict), similarity]).toEqual([
      'check',
      {
        kind: 'array',
        rows: [
          [
            {
              kind: 'error',
              code: '#N/A',
              message: expect.stringMatching(/^No name similarity for .*: no two names were compared\.$/),
            },
          ],
        ],
      },
    ]);
  }
});

test("a card from a sent workbook whose id was changed to another organization's is judged against its query, not its id", async () => {
  const [asked, other] = owners().slice(12, 14);
  const first = await open();
  const [[card]] = await calculateOutcomes(first, {
    inputs: [[asked.name]],
    formulas: { B: '=CLIMATE.ORG(A{row})' },
  });
  const saved = shown(card) as { type: string; properties: Record<string, { basicValue?: unknown }> };
  const forged = (query: string | null) => ({
    ...saved,
    properties: {
      ...saved.properties,
      Id: { type: 'Double', basicValue: other.id },
      ...(query === null ? {} : { Query: { type: 'String', basicValue: query } }),
    },
  });
  const later = await open(); // another computer: nothing of the first is cached
  const rows = await calculateOutcomes(later, {
    firstRow: 2,
    inputs: [
      [null, forged(JSON.stringify([`name:${asked.name}`, null, null])) as InputValue],
      [null, forged(JSON.stringify([`name:${asked.name}`, `${other.website ?? 'other.example'}`, null])) as InputValue],
      [null, forged(JSON.stringify([`web:${other.website ?? 'other.example'}`, null, null])) as InputValue],
    ],
    formulas: { C: '=CLIMATE.MATCH(B{row})' },
  });
  expect(rows.map(([verdict]) => basic(verdict))).toEqual(['check', 'check', 'check']);
});

test('a Stocks-like entity of another provider is read by its name, as before', async () => {
  const org = owners()[6];
  const s = await open();
  const stocks = { type: 'Entity', text: org.name, properties: { Id: { type: 'Double', basicValue: 7 } } };
  const [[score]] = await calculateOutcomes(s, { inputs: [[null, stocks]], formulas: { C: '=CLIMATE.SCORE(B{row})' } });
  expect(basic(score)).toBe(excelRound(sandbox.population.recordFor({ name: org.name })!.score! * 100, 1));
});

test('formula-value preview (CustomFunctionsRuntime 1.5): nothing sent; the held value, or a short text until entered', async () => {
  const org = owners()[7];
  const s = await open({ requirements: hostProfile('CustomFunctionsRuntime 1.5 + ExcelApi 1.19').requirements });
  await calculateOutcomes(s, { inputs: [[org.name]], formulas: {} });
  sandbox.resetStats();
  const before = await Promise.all([
    s.preview('=CLIMATE.SCORE(A2)'),
    s.preview('=CLIMATE.FLAGS(A2)'),
    s.preview('=CLIMATE.INDUSTRIES("steel")'),
  ]);
  expect(before).toEqual([
    { kind: 'value', value: PREVIEW_TEXT },
    { kind: 'array', rows: [[{ kind: 'value', value: PREVIEW_TEXT }]] },
    { kind: 'array', rows: [[{ kind: 'value', value: PREVIEW_TEXT }]] },
  ]);
  expect(sandbox.stats().requests).toBe(0);
  const [[entered]] = await calculateOutcomes(s, { inputs: [[org.name]], formulas: { B: '=CLIMATE.SCORE(A{row})' } });
  sandbox.resetStats();
  expect(await s.preview('=CLIMATE.SCORE(A2)')).toEqual(entered);
  expect(shown((await s.preview('=CLIMATE.ORG(A2)'))!)).toMatchObject({ type: 'Entity', text: org.name });
  expect(sandbox.stats().requests).toBe(0);
  const older = await open({ requirements: MODERN_HOST.requirements });
  expect(await older.preview('=CLIMATE.SCORE("Acme")')).toBeNull(); // no preview call below 1.5
});

test('Summary format: FLAG and the card say the answer left initiatives out; MATCH and the card cannot judge the match', async () => {
  sandbox.configure({ summaryFormat: true });
  const org = owners()[8];
  const s = await open();
  const [[flag, reduction, match, card, cdp]] = await calculateOutcomes(s, {
    inputs: [[org.name]],
    formulas: {
      B: '=CLIMATE.FLAG(A{row}, "SBTi")',
      C: '=CLIMATE.FLAG(A{row}, "reduction_action")',
      D: '=CLIMATE.MATCH(A{row})',
      E: '=CLIMATE.ORG(A{row})',
      F: '=E{row}.CDP',
    },
  });
  const record = sandbox.population.recordFor({ name: org.name })!;
  expect(flag).toEqual({
    kind: 'error',
    code: '#N/A',
    message: `No SBTi for ${org.name}: the service's answer left initiatives out (a plan with the detailed response format includes them).`,
  });
  expect(basic(reduction)).toBe(record.reduction_action_present);
  expect(basic(match)).toBe('unjudged');
  expect(cdp).toEqual({ kind: 'error', code: '#N/A' });
  const properties = (
    shown(card) as { properties: Record<string, { basicValue?: unknown; propertyMetadata?: { sublabel?: string } }> }
  ).properties;
  expect(properties.Initiatives.basicValue).toMatch(/^The service's answer left initiatives out/);
  const names = Object.keys(properties);
  expect(names[names.indexOf('Initiatives') + 1]).toBe('SBTi'); // the note heads the initiatives
  expect(properties.Match).toMatchObject({
    basicValue: 'unjudged',
    propertyMetadata: { sublabel: expect.stringContaining('cannot be judged') },
  });
});
