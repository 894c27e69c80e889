/**
 * A saved workbook opened again in a browser: a new document at the same origin, so the runtime's
 * cache comes back from Chromium's own IndexedDB (not fake-indexeddb), and every formula cell is
 * calculated again from it, showing what it showed, without a request (run `npm run build` first).
 */
import { SANDBOX_PROJECT_KEY, startSandbox, type RunningSandbox } from '../../tools/sandbox/server/server';
import { openChromiumWorkbook, type ChromiumWorkbookSession } from './browser';
import { persistedInPage } from './pageCache';
import { seededSettings } from './settingsSeed';
import type { SheetResults, SheetSpec } from './types';

let sandbox: RunningSandbox;
let session: ChromiumWorkbookSession | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, organizations: 300, quiet: true });
});
afterAll(async () => {
  await session?.close();
  await sandbox.close();
});

const outcomes = (results: SheetResults, addresses: string[]) => addresses.map((address) => results[address].outcome);

test("every formula cell is calculated again in a new document, from the page's IndexedDB", async () => {
  const storage = await seededSettings({ baseUrl: sandbox.url, apiKey: SANDBOX_PROJECT_KEY });
  session = await openChromiumWorkbook({ storage });
  const names = sandbox.population.organizations.slice(0, 150).map((org) => [org.name]);
  const sheet: SheetSpec = {
    inputs: names,
    formulas: { B: '=CLIMATE.ORG(A{row})', C: '=B{row}.Score', D: '=CLIMATE.FLAG(A{row}, "sbti")' },
  };
  const { result: addresses } = await session.timed<string[]>('enter', [sheet], 60_000);
  const shown = outcomes(await session.results(), addresses);
  expect(shown.every((outcome) => outcome.kind === 'value')).toBe(true);
  expect((await persistedInPage(session)).entries).toBe(names.length);

  sandbox.resetStats();
  await session.reopen(sheet, await session.storage());
  const before = outcomes(await session.results(), addresses);
  expect(before.filter((outcome) => outcome.kind === 'value')).toEqual([]); // nothing calculated by the new runtime yet
  await session.timed('reopen', ['web'], 60_000);

  expect(outcomes(await session.results(), addresses)).toEqual(shown);
  expect(sandbox.stats().requests).toBe(0);
  expect(session.errors()).toEqual([]);
}, 120_000);
