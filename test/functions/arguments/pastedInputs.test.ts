/**
 * Inputs as analysts paste them, through the built bundle in the Node harness against the sandbox:
 * identifiers in any case and with separators, addresses on sub-domains, names in every script, names
 * that differ only in the legal form, countries typed as names, and what a cell says when the service
 * cannot tell which organization was meant. What reaches the sandbox is proved by its answer and its
 * registrations.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import type { SandboxOrganization } from '../../../tools/sandbox/world/population';
import { REGION_SPECS } from '../../../tools/sandbox/world/vocabulary';
import { legalFormTwins } from '../../sandbox/harness';
import { excelRound } from '../../harness/expectations';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { openNodeWorkbook, type NodeWorkbookSession } from '../../harness/node';
import { seededSettings } from '../../harness/settingsSeed';
import type { CellOutcome, InputValue } from '../../harness/types';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 2000, profilingSeconds: 600, erroredShare: 0, quiet: true });
});
beforeEach(async () => {
  sandbox.resetStats();
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  session = await openNodeWorkbook({ storage, requirements: PLAIN_HOST.requirements }); // plain numbers to compare
});
afterEach(() => session.close());
afterAll(() => sandbox.close());

/** SCORE of each input, settled. */
async function scores(inputs: InputValue[]): Promise<CellOutcome[]> {
  const addresses = await session.calculate({
    inputs: inputs.map((input) => [input]),
    formulas: { B: '=CLIMATE.SCORE(A{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  return addresses.map((address) => results[address].outcome);
}

const scoreOf = (org: SandboxOrganization): CellOutcome => {
  const record = sandbox.population.record(org);
  return { kind: 'value', value: excelRound(record.score! * 100, 1) };
};

const owner = (): SandboxOrganization =>
  sandbox.population.organizations.find(
    (o) => o.parentId === null && o.isin !== null && o.lei !== null && /[A-Z]/.test(o.lei.slice(4, 18)),
  )!;

test('an ISIN or LEI in lower or mixed case, with spaces or dashes, finds its organization', async () => {
  const org = owner();
  const isin = org.isin!;
  const lei = org.lei!;
  const inputs = [
    isin.toLowerCase(),
    `${isin.slice(0, 1)}${isin.slice(1).toLowerCase()}`,
    `${isin.slice(0, 2)} ${isin.slice(2)}`,
    `${isin.slice(0, 2)}-${isin.slice(2)}`,
    `${isin.slice(0, 2)}-${isin.slice(2, 11)}-${isin.slice(11)}`,
    lei.toLowerCase(),
    `${lei.slice(0, 4)}-${lei.slice(4, 18).toLowerCase()}-${lei.slice(18)}`,
  ];
  expect(await scores(inputs)).toEqual(inputs.map(() => scoreOf(org)));
  // Sent as identifiers (upper case): found, nothing registered under a name.
  expect(sandbox.stats().registrations).toBe(0);
});

test('a lower-case ISIN whose check digit fails is looked up as the name it then is', async () => {
  const isin = owner().isin!;
  const wrong = `${isin.slice(0, 11)}${(Number(isin[11]) + 1) % 10}`.toLowerCase();
  const [outcome] = await scores([wrong]);
  expect(outcome).toMatchObject({
    kind: 'error',
    code: '#N/A',
    message: 'Profiling (created) — this cell updates itself',
  });
  expect(sandbox.stats().registrations).toBe(1);
});

test('a website or e-mail address on a sub-domain is sent as its registrable domain', async () => {
  const org = owner();
  const host = new URL(org.website).host.replace(/^www\./, '');
  const inputs = [`buyer@procurement.${host}`, `https://suppliers.eu.${host}/portal`, `mailto:ap@invoices.${host}`];
  expect(await scores(inputs)).toEqual(inputs.map(() => scoreOf(org)));
  expect(sandbox.stats().registrations).toBe(0);
});

test('an e-mail contact as Outlook copies it is read as its address', async () => {
  const org = owner();
  const host = new URL(org.website).host.replace(/^www\./, '');
  const inputs = [`Jane Doe <jane@procurement.${host}>`, `"Doe, Jane" <jane@${host}>`];
  expect(await scores(inputs)).toEqual(inputs.map(() => scoreOf(org)));
  const addresses = await session.calculate({
    firstRow: 10,
    inputs: [['An unknown name', `Jane Doe <jane@${host}>`]],
    formulas: { C: '=CLIMATE.SCORE(A{row},B{row})' },
  });
  await session.settled(30_000);
  expect((await session.results())[addresses[0]].outcome).toEqual(scoreOf(org));
  expect(sandbox.stats().registrations).toBe(0);
});

test('the website argument is read the same way', async () => {
  const org = owner();
  const host = new URL(org.website).host.replace(/^www\./, '');
  const addresses = await session.calculate({
    inputs: [['An unknown name', `buyer@procurement.${host}`]],
    formulas: { C: '=CLIMATE.SCORE(A{row},B{row})' },
  });
  await session.settled(30_000);
  expect((await session.results())[addresses[0]].outcome).toEqual(scoreOf(org));
  expect(sandbox.stats().registrations).toBe(0);
});

test("a website that is not the organization's own (a Gmail address, a LinkedIn page) is left out: the name finds it", async () => {
  const org = owner();
  // The service knows the hosts by their domains, as the real one knows Google and LinkedIn.
  for (const [name, website] of [
    ['Google LLC', 'gmail.com'],
    ['LinkedIn Corporation', 'linkedin.com'],
  ]) {
    const registered = await fetch(`${sandbox.url}/organizations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SANDBOX_PROJECT_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, website }),
    });
    expect(registered.status).toBe(200);
  }
  sandbox.resetStats();
  const addresses = await session.calculate({
    inputs: [
      [org.name, 'procurement.team@gmail.com'],
      [org.name, 'https://www.linkedin.com/company/acme-supplies/'],
    ],
    formulas: { C: '=CLIMATE.SCORE(A{row},B{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  expect(addresses.map((address) => results[address].outcome)).toEqual(addresses.map(() => scoreOf(org)));
  expect(sandbox.stats().registrations).toBe(0);
});

test('a country given by its name finds the organization its code finds, and registers nothing', async () => {
  const org = owner();
  const country = REGION_SPECS.find((region) => region.code === org.hqRegion)!.country;
  const addresses = await session.calculate({
    inputs: [
      [org.name, org.hqRegion],
      [org.name, country],
      [org.name, `  ${country.toUpperCase()} `],
    ],
    formulas: { C: '=CLIMATE.SCORE(A{row},,B{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  expect(addresses.map((address) => results[address].outcome)).toEqual(addresses.map(() => scoreOf(org)));
  expect(sandbox.stats().registrations).toBe(0);
});

test('a website in Unicode, in punycode or with a trailing dot is one lookup, sent in punycode', async () => {
  const inputs = [
    'https://www.müller-gruppe.example/',
    'einkauf@müller-gruppe.example',
    'MÜLLER-GRUPPE.EXAMPLE.',
    'xn--mller-gruppe-dlb.example',
  ];
  const created = { kind: 'error', code: '#N/A', message: 'Profiling (created) — this cell updates itself' };
  expect(await scores(inputs)).toEqual(inputs.map(() => created));
  expect(sandbox.stats()).toMatchObject({ registrations: 1, batchItems: 1 });
  expect(sandbox.recordFor({ website: 'xn--mller-gruppe-dlb.example' })?.website).toBe('xn--mller-gruppe-dlb.example');
  // As the website argument beside a name: the same site, so the same organization (nothing registered again).
  const addresses = await session.calculate({
    firstRow: 10,
    inputs: [['Müller Gruppe GmbH', 'müller-gruppe.example']],
    formulas: { C: '=CLIMATE.SCORE(A{row},B{row})' },
  });
  await session.settled(30_000);
  expect((await session.results())[addresses[0]].outcome).toEqual(created);
  expect(sandbox.stats().registrations).toBe(1);
});

test('names in any script are registered and profiled, never refused', async () => {
  const names = ['株式会社トヨタ', 'Сбербанк', 'أرامكو السعودية'];
  const outcomes = await scores([...names, 'СБЕРБАНК']);
  expect(outcomes).toEqual(
    [...names, 'СБЕРБАНК'].map(() => ({
      kind: 'error',
      code: '#N/A',
      message: 'Profiling (created) — this cell updates itself',
    })),
  );
  // "СБЕРБАНК" is "Сбербанк" case-folded: three organizations, each registered once.
  expect(sandbox.stats()).toMatchObject({ registrations: 3, maxRegistrationsPerOrganization: 1 });
});

test('two organizations whose names differ only in the legal form each show their own score', async () => {
  const [first, second] = legalFormTwins(sandbox.population.organizations);
  expect(await scores([first.name, second.name, second.name.toUpperCase()])).toEqual([
    scoreOf(first),
    scoreOf(second),
    scoreOf(second),
  ]);
});

test("a name two organizations share once the legal form is set aside: the service's own words, no guess", async () => {
  const [first, second] = legalFormTwins(sandbox.population.organizations);
  const name = first.name.split(' ').slice(0, 2).join(' '); // the generated names' two words before the legal form
  const [outcome] = await scores([name]);
  expect(outcome).toEqual({
    kind: 'error',
    code: '#VALUE!',
    message:
      `The service could not identify the organization from what was sent: "${name}" fits 2 organizations: ` +
      `${first.name} (${first.hqRegion}), ${second.name} (${second.hqRegion}); add the legal form, country or an identifier.`,
  });
  expect(sandbox.stats().registrations).toBe(0);
});

test('a name the service cannot match on says so in its words, not "give a name"', async () => {
  const [outcome] = await scores(['!!!']);
  expect(outcome).toEqual({
    kind: 'error',
    code: '#VALUE!',
    message:
      'The service could not identify the organization from what was sent: name "!!!" has no letter or digit to match on.',
  });
});
