/**
 * A CLIMATE cell's message in the language of Office's interface, through the built functions bundle
 * in the Node workbook harness against the sandbox: with Office's display language German the same
 * cells say their refusal and the missing key in German, with en-US in English; the error codes
 * (#VALUE!, #N/A), which formulas test, stay the same.
 */
import { t } from '../../src/i18n/translate';
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import type { Settings } from '../../src/settings/settings';
import { MODERN_HOST } from '../harness/hostProfiles';
import { openNodeWorkbook, type NodeWorkbookSession } from '../harness/node';
import { calculateOutcomes } from '../harness/session';
import { seededSettings } from '../harness/settingsSeed';

let sandbox: RunningSandbox;
const sessions: NodeWorkbookSession[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 20, erroredShare: 0, quiet: true });
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});
afterAll(() => sandbox.close());

async function outcomes(displayLanguage: string, settings: Partial<Settings>, formula: string) {
  const session = await openNodeWorkbook({
    requirements: MODERN_HOST.requirements,
    displayLanguage,
    storage: await seededSettings({ baseUrl: sandbox.url, ...settings }),
  });
  sessions.push(session);
  const [[outcome]] = await calculateOutcomes(session, { inputs: [['Acme']], formulas: { B: formula } });
  expect(session.errors()).toEqual([]);
  return outcome;
}

describe.each([
  ['de-DE', 'de'],
  ['en-US', 'en'],
] as const)('Office in %s', (displayLanguage, language) => {
  test('a refused argument says why in that language', async () => {
    const outcome = await outcomes(
      displayLanguage,
      { apiKey: SANDBOX_PROJECT_KEY },
      '=CLIMATE.FLAG(A{row}, "nonsense")',
    );
    const opening = t('cells.unknownInitiative', { text: 'nonsense', names: '\u0000' }, language).split('\u0000')[0];
    expect(outcome).toMatchObject({ kind: 'error', code: '#VALUE!' });
    expect((outcome as { message?: string }).message?.slice(0, opening.length)).toBe(opening);
  });

  test('a cell without a key asks for one in that language', async () => {
    const outcome = await outcomes(displayLanguage, { apiKey: '' }, '=CLIMATE.SCORE(A{row})');
    expect(outcome).toMatchObject({ kind: 'error' });
    expect(outcome.kind === 'error' && outcome.message).toContain(t('cells.setKey', {}, language));
  });
});
