/**
 * The public-suffix lookup (tldts) and the pasted-identifier rules as they ship: the built bundle in
 * real Chromium, against the sandbox over CORS.
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from '../../harness/browser';
import { excelRound } from '../../harness/expectations';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import { seededSettings } from '../../harness/settingsSeed';

let sandbox: RunningSandbox;
let session: ChromiumWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 500, erroredShare: 0, quiet: true });
});
afterAll(async () => {
  await session?.close();
  await sandbox.close();
});

test('in Chromium, sub-domain addresses and lower-case identifiers find their organization; a Unicode domain and its punycode are one site; bare address starts send nothing', async () => {
  const org = sandbox.population.organizations.find((o) => o.parentId === null && o.isin !== null)!;
  const host = new URL(org.website).host.replace(/^www\./, '');
  const score = { kind: 'value', value: excelRound(sandbox.population.record(org).score! * 100, 1) };
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  session = await openChromiumWorkbook({ storage, requirements: PLAIN_HOST.requirements });
  const inputs = [
    `buyer@procurement.${host}`,
    `https://eu.suppliers.${host}/x`,
    org.isin!.toLowerCase(),
    'https://',
    'www.',
    'einkauf@bücher.example',
    'xn--bcher-kva.example',
  ];
  const addresses = await session.calculate({
    inputs: inputs.map((input) => [input]),
    formulas: { B: '=CLIMATE.SCORE(A{row})' },
  });
  await session.settled(30_000);
  const results = await session.results();
  expect(addresses.map((address) => results[address].outcome)).toEqual([
    score,
    score,
    score,
    {
      kind: 'error',
      code: '#VALUE!',
      message: 'Nothing after "https://": write the website or e-mail address after it.',
    },
    { kind: 'error', code: '#VALUE!', message: 'Nothing after "www.": write the website or e-mail address after it.' },
    { kind: 'error', code: '#N/A', message: 'Profiling (created) — this cell updates itself' },
    { kind: 'error', code: '#N/A', message: 'Profiling (created) — this cell updates itself' },
  ]);
  // Both addresses were sent as one registrable domain: one item for them, one for the ISIN, none for the
  // refusals; the browser's URL parser wrote bücher.example as the punycode typed below it: one more item.
  expect(sandbox.stats()).toMatchObject({ registrations: 1, batchItems: 3 });
  expect(sandbox.recordFor({ website: 'xn--bcher-kva.example' })?.website).toBe('xn--bcher-kva.example');
});
