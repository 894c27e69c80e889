/**
 * On the built bundle: a key pre-seeded in the settings that the settings refuse is never
 * dropped silently nor replaced: every cell says the key in the settings is not valid, and nothing is sent.
 */
import { startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { SETTINGS_KEYS } from '../../src/settings/settings';
import { openNodeWorkbook, type NodeWorkbookSession } from '../harness/node';
import { calculateOutcomes } from '../harness/session';
import { seededSettings } from '../harness/settingsSeed';

let sandbox: RunningSandbox;
let session: NodeWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 50, quiet: true });
});

afterAll(async () => {
  await session?.close();
  await sandbox.close();
});

test('a malformed stored key: #VALUE! "The API key in the settings is not valid: …" in every cell, zero requests', async () => {
  const storage = { ...(await seededSettings({ baseUrl: sandbox.url })), [SETTINGS_KEYS.apiKey]: 'short' };
  session = await openNodeWorkbook({ storage });
  sandbox.resetStats();
  const names = sandbox.population.organizations.slice(0, 5).map((o) => [o.name]);
  const rows = await calculateOutcomes(session, {
    inputs: names,
    formulas: { B: '=CLIMATE.SCORE(A{row})', C: '=CLIMATE.FLAG(A{row},"sbti")' },
  });
  const message =
    'The API key in the settings is not valid: it must be 8 to 512 characters without spaces, as the service ' +
    'issued it. Set your API key in the Climate pane.';
  expect(rows).toEqual(
    names.map(() => [
      expect.objectContaining({ kind: 'error', code: '#VALUE!', message }),
      expect.objectContaining({ kind: 'error', code: '#VALUE!', message }),
    ]),
  );
  expect(sandbox.stats().requests).toBe(0);
});
