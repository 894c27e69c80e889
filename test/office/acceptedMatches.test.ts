/**
 * Accepted matches in the document settings, over the pane shim's Office.Settings (each runtime its own
 * in-memory copy, saveAsync writing the whole copy, refreshAsync reading the document's, 2 MB at most):
 * two analysts accepting in one workbook keep both their pairs, and the list stays under its byte
 * budget, refusing a pair past it with a message that says what to do, and changing nothing.
 */
import {
  ACCEPTED_MATCHES_BYTES,
  ACCEPTED_MATCHES_SETTING,
  AcceptedMatchesFullError,
  readAcceptedMatches,
  rememberAcceptedMatch,
  type AcceptedMatch,
} from '../../src/office/documentSettings';
import { shimSettings, type SettingsDocument } from '../taskpane/browser/excelShim/settings';

const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals.Office;
});

/** One workbook's saved settings, and a runtime (a coauthor's Excel) opening it: its copy as the file is now. */
function workbook(initial: Record<string, unknown> = {}) {
  let json = JSON.stringify(initial);
  let saves = 0;
  const document: SettingsDocument = {
    load: async () => json,
    store: async (saved) => void (json = saved),
  };
  return {
    saved: () => JSON.parse(json) as Record<string, unknown>,
    saves: () => saves,
    open() {
      const settings = shimSettings(JSON.parse(json) as Record<string, unknown>, document, () => saves++);
      return () =>
        void (globals.Office = { context: { document: { settings } }, AsyncResultStatus: { Failed: 'failed' } });
    },
  };
}

test('two analysts accept matches in one workbook: both pairs are kept, neither overwrites the other', async () => {
  const file = workbook();
  const [ana, ben] = [file.open(), file.open()];
  ana();
  await rememberAcceptedMatch({ input: 'Acme Ltd', organization: 11 });
  ben(); // opened before Ana's save: Ben's copy has no pairs
  await rememberAcceptedMatch({ input: 'Globex', organization: 22 });
  ana();
  await rememberAcceptedMatch({ input: 'Initech', organization: 33 });
  expect(file.saved()[ACCEPTED_MATCHES_SETTING]).toEqual([
    { input: 'Acme Ltd', organization: 11 },
    { input: 'Globex', organization: 22 },
    { input: 'Initech', organization: 33 },
  ]);
});

/** Pairs whose JSON fills `bytes`, give or take one pair. */
function pairsOf(bytes: number): AcceptedMatch[] {
  const pair = (i: number) => ({ input: `Supplier with a fairly long registered name number ${i}`, organization: i });
  const each = JSON.stringify(pair(10_000)).length + 1;
  return Array.from({ length: Math.floor((bytes - 2) / each) }, (_, i) => pair(10_000 + i));
}

test('at the byte budget a new pair is refused with what to do instead, and the workbook is left as it was', async () => {
  const full = pairsOf(ACCEPTED_MATCHES_BYTES);
  const file = workbook({ [ACCEPTED_MATCHES_SETTING]: full });
  file.open()();
  expect(readAcceptedMatches()).toHaveLength(full.length);
  const refused = rememberAcceptedMatch({ input: 'One more supplier with a long name', organization: 7 });
  await expect(refused).rejects.toBeInstanceOf(AcceptedMatchesFullError);
  await expect(refused).rejects.toThrow(
    `This workbook already keeps ${full.length.toLocaleString('en')} accepted matches, as many as its settings hold (500 KB)`,
  );
  await expect(refused).rejects.toThrow(/Refine the row instead/);
  expect(file.saves()).toBe(0);
  expect(file.saved()[ACCEPTED_MATCHES_SETTING]).toEqual(full);
  // A pair already there is no new pair: accepting it again is fine.
  await expect(rememberAcceptedMatch(full[0])).resolves.toBeUndefined();
});

test('a list larger than the budget (edited by hand) is read up to the budget only', () => {
  const over = pairsOf(3 * ACCEPTED_MATCHES_BYTES);
  workbook({ [ACCEPTED_MATCHES_SETTING]: over }).open()();
  const read = readAcceptedMatches();
  expect(read.length).toBeGreaterThan(0);
  expect(read).toEqual(over.slice(0, read.length));
  expect(JSON.stringify(read).length).toBeLessThanOrEqual(ACCEPTED_MATCHES_BYTES);
  expect(JSON.stringify(over.slice(0, read.length + 1)).length).toBeGreaterThan(ACCEPTED_MATCHES_BYTES);
});

test("the shim's document settings refuse a save over 2 MB and keep what was saved before", async () => {
  let saved = 0;
  const document: SettingsDocument = { load: async () => '{"kept":1}', store: async () => void saved++ };
  const settings = shimSettings({ kept: 1 }, document, () => undefined);
  settings.set('big', 'x'.repeat(2 * 1024 * 1024));
  const status = await new Promise((resolve) => settings.saveAsync((result) => resolve(result.status)));
  expect([status, saved]).toEqual(['failed', 0]);
  settings.remove('big');
  expect(await new Promise((resolve) => settings.saveAsync((result) => resolve(result.status)))).toBe('succeeded');
  expect(saved).toBe(1);
});
