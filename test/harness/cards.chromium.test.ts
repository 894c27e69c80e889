/**
 * ORG cards in real Chromium: the built scripts loaded by a page on loopback, calling the sandbox
 * cross-origin. The card, its dot fields, a card as another function's organization with no request,
 * and the formula-value preview sending nothing, on a host with CustomFunctionsRuntime 1.5.
 */
import { t } from '../../src/i18n/translate';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from './browser';
import { excelRound } from './expectations';
import { hostProfile } from './hostProfiles';
import { calculateOutcomes } from './session';
import { seededSettings } from './settingsSeed';

/** What a previewed formula shows (the harness runs in English). */
const PREVIEW_TEXT = t('cells.preview');

let sandbox: RunningSandbox;
let session: ChromiumWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 300, profilingSeconds: 3600, erroredShare: 0, quiet: true });
});
afterAll(async () => {
  await session?.close();
  await sandbox.close();
});

test('a card, its dot fields, a card as an argument, and a preview that sends nothing', async () => {
  const [first, second] = sandbox.population.organizations.filter((o) => o.parentId === null && o.profile !== null);
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  const requirements = hostProfile('CustomFunctionsRuntime 1.5 + ExcelApi 1.19').requirements;
  session = await openChromiumWorkbook({ storage, requirements });
  const [[card, score, rank]] = await calculateOutcomes(session, {
    inputs: [[first.name]],
    formulas: { B: '=CLIMATE.ORG(A{row})', C: '=B{row}.Score', D: '=B{row}.[Industry rank]' },
  });
  const record = sandbox.population.recordFor({ name: first.name })!;
  expect(card).toMatchObject({ kind: 'value', value: { type: 'Entity', text: first.name } });
  expect([score, rank]).toEqual([
    { kind: 'value', value: excelRound(record.score! * 100, 1) },
    { kind: 'value', value: record.industry_rank },
  ]);
  sandbox.resetStats();
  const [[flag]] = await calculateOutcomes(session, {
    inputs: [[first.name]],
    formulas: { E: '=CLIMATE.FLAG(B{row}, "cdp")' },
  });
  expect(flag).toMatchObject({ kind: 'value', value: { type: 'Boolean', basicValue: record.initiatives.cdp } });
  await calculateOutcomes(session, { firstRow: 3, inputs: [[second.name]], formulas: {} });
  expect(await session.preview('=CLIMATE.SCORE(A3)')).toEqual({ kind: 'value', value: PREVIEW_TEXT });
  expect(sandbox.stats().requests).toBe(0);
  expect(session.errors()).toEqual([]);
});
