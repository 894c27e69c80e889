/**
 * The layers under the pane say nothing in English of their own either: the service client (the
 * service address's rule, malformed answers, a refused request target, the key's stand-in), the
 * settings (refused values, a held-back key), the Office wrappers (the workbook's settings, reopened
 * cells, sheet names), the engine and the runtime's notes reach a person as a cell's message, a status
 * line or an Activity note, so their words come from t() (src/i18n/messages/service.json,
 * settings.json, office.json, runtime.json). A literal that reads
 * as words (test/i18n/literalWords.ts) fails here, unless it is listed below with why no person reads
 * it in their language: a name an API defines, a message only a bug raises, or documentation.
 */
import { join, relative } from 'node:path';
import { setLanguage, t } from '../../src/i18n/translate';
import { normalizeBaseUrl } from '../../src/service/baseUrl';
import { isWords, literals, sourceFiles } from './literalWords';

const SRC = join(__dirname, '../../src');
const LAYERS = ['service', 'settings', 'office', 'engine'];
/** The runtime's assembly, which writes the engine's notes for Activity. */
const FILES_ALONE = ['runtime.ts'];

/**
 * Properties whose texts document a setting for administrators: the settings table of docs/settings.md
 * (src/settings/settingsTable.ts renders it; test/settings/settingsDoc.test.ts compares it), English
 * as the rest of docs/ is.
 */
const DOCUMENTATION_PROPERTIES = ['meaning', 'format', 'fallbackText'];
const DOCUMENTATION_FILES: Record<string, string> = {
  'settings/settingsTable.ts': "the settings table's Markdown for docs/settings.md",
};

/** Literals that read like words but no person reads as a message, each with why. */
const NOT_SAID: Record<string, string> = {
  // Names an API defines.
  Conflict: 'OfficeExtension.ErrorCodes (office/excelRun.ts)',
  Timeout: 'OfficeExtension.ErrorCodes (office/excelRun.ts)',
  Error: 'Excel.RangeValueType (office/workbookClimateCells.ts)',
  // Values the service sends and MATCH returns, the same in every language (docs/languages.md).
  'requested organization': "a match's relationship, as the service names it (engine/cache/compactRecord.ts)",
  'ultimate parent': "a match's relationship, as the service names it (engine/cache/compactRecord.ts)",
  // Messages only a bug raises, for a developer: every caller checks the value first.
  'timeoutMs must be a positive number of milliseconds (got {}).':
    'a RangeError for a bad client option (service/client.ts)',
  'page must be a whole number from 1 (got {}).': 'a RangeError for a bad page number (service/client.ts)',
  'An organization id is a whole number from 1 (got {}).': 'a RangeError for a bad id (service/client.ts)',
  'Not a column index: {}': 'a RangeError for a bad column index (office/columns.ts)',
  'There is no setting called "{}".': "a patch naming no setting: the pane's patches are typed (settings/settings.ts)",
  '{}: {} The default is used.':
    "SettingsStore.problems(), a developer's account of refused pre-seeded values, read by tests (settings/settings.ts)",
};

const FILES = [
  ...LAYERS.flatMap((layer) => sourceFiles(join(SRC, layer))),
  ...FILES_ALONE.map((file) => join(SRC, file)),
]
  .map((path) => relative(SRC, path).split('\\').join('/'))
  .filter((file) => !(file in DOCUMENTATION_FILES));

test('the layers are read: each has code, and literals are found in it', () => {
  for (const layer of LAYERS) expect(FILES.some((file) => file.startsWith(`${layer}/`))).toBe(true);
  expect(FILES.flatMap((file) => literals(join(SRC, file))).length).toBeGreaterThan(100);
});

test('no layer writes words of its own: what a person reads comes from t()', () => {
  const written = FILES.flatMap((file) =>
    literals(join(SRC, file), DOCUMENTATION_PROPERTIES)
      .filter(({ text }) => !Object.hasOwn(NOT_SAID, text) && isWords(text))
      .map(({ text, line }) => `${file}:${line}: ${text}`),
  );
  expect(written).toEqual([]);
});

test('what the guard lets through is still in the code: no stale exception', () => {
  const all = new Set(FILES.flatMap((file) => literals(join(SRC, file)).map(({ text }) => text)));
  expect(Object.keys(NOT_SAID).filter((text) => !all.has(text))).toEqual([]);
});

test.each([
  ['de', 'Die Adresse des Dienstes'],
  ['ja', 'サービスのアドレス'],
] as const)('a refusal of the service address is said in the person’s language (%s)', (language, start) => {
  const said = (address: string): string => {
    try {
      normalizeBaseUrl(address);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };
  // In the language in force, as the pane and the cells set it from Office's display language.
  setLanguage(language);
  try {
    expect(said('http://api.example.com')).toBe(t('service.address.http', { origin: 'http://api.example.com' }));
    expect(said('http://api.example.com').startsWith(start)).toBe(true);
  } finally {
    setLanguage('en');
  }
});
