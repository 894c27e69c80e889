/**
 * The functions' descriptions in each of the add-in's languages: the metadata files the build writes
 * beside functions.json (what Excel shows in the formula tooltip and Insert Function), and the rules
 * that fail the build when a translation table falls behind the JSDoc.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { productionDist, removeTempDirs } from './dist';

interface Parameter {
  name: string;
  description?: string;
  optional?: boolean;
  type?: string;
  dimensionality?: string;
}
interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: Parameter[];
  result: unknown;
  options?: unknown;
}
interface Metadata {
  functions: FunctionMetadata[];
}
type Table = Record<string, { description: string; parameters?: Record<string, string> }>;

const { localizeMetadata, languages, metadataFile, exampleWithWrongSeparator } =
  require('../../build/functionsLocales.js') as {
    localizeMetadata: (english: Metadata, table: Table, language: string) => { metadata: Metadata; problems: string[] };
    languages: () => string[];
    metadataFile: (language: string) => string;
    exampleWithWrongSeparator: (text: string, separator: string) => string | undefined;
  };

const DIST = productionDist();
afterAll(removeTempDirs);
const read = (file: string) => JSON.parse(readFileSync(join(DIST, file), 'utf8')) as Metadata;
const english = read('functions.json');

test('the add-in speaks five languages besides English', () => {
  expect(languages().sort()).toEqual(['de', 'es', 'fr', 'it', 'ja']);
});

describe.each(languages())('functions-%s.json', (language) => {
  const localized = read(metadataFile(language));

  test('declares the same functions as functions.json: ids, CLIMATE names, arguments, types and options (help links: test/build/helpPages.test.ts)', () => {
    const shape = (metadata: Metadata) =>
      metadata.functions.map(({ description: _d, helpUrl: _h, parameters, ...rest }) => ({
        ...rest,
        parameters: parameters.map(({ description: _p, ...parameter }) => parameter),
      }));
    expect(shape(localized)).toEqual(shape(english));
  });

  test('describes every function and every argument in its own words', () => {
    const untranslated: string[] = [];
    localized.functions.forEach((fn, i) => {
      const source = english.functions[i];
      if (!fn.description || fn.description === source.description) untranslated.push(fn.id);
      fn.parameters.forEach((parameter, j) => {
        const text = parameter.description;
        if (!text || text === source.parameters[j].description) untranslated.push(`${fn.id}(${parameter.name})`);
      });
    });
    expect(untranslated).toEqual([]);
  });

  test("writes formula examples with that language's argument separator", () => {
    const { listSeparator } = (
      require('../../src/i18n/locales.json') as {
        languages: Record<string, { listSeparator: string }>;
      }
    ).languages[language];
    const texts = localized.functions.flatMap((fn) => [
      fn.description ?? '',
      ...fn.parameters.map((p) => p.description ?? ''),
    ]);
    expect(texts.map((text) => exampleWithWrongSeparator(text, listSeparator)).filter(Boolean)).toEqual([]);
  });
});

describe('a translation table that falls behind the JSDoc fails the build', () => {
  const table = (): Table => JSON.parse(readFileSync(join(__dirname, '../../src/i18n/functions/de.json'), 'utf8'));

  test('a function without a description', () => {
    const lacking = table();
    delete (lacking as Record<string, unknown>).SCORE;
    expect(localizeMetadata(english, lacking, 'de').problems).toEqual([
      'src/i18n/functions/de.json: SCORE has no description',
    ]);
  });

  test('an argument without a description', () => {
    const lacking = table();
    delete lacking.FLAG.parameters!.initiative;
    expect(localizeMetadata(english, lacking, 'de').problems).toEqual([
      `src/i18n/functions/de.json: FLAG's argument "initiative" has no description`,
    ]);
  });

  test('an argument, or a function, the add-in does not have', () => {
    const extra = table();
    extra.SCORE.parameters!.year = 'Das Jahr.';
    extra.PRICE = { description: 'Der Preis.' };
    expect(localizeMetadata(english, extra, 'de').problems).toEqual([
      'src/i18n/functions/de.json: PRICE is no CLIMATE function',
      'src/i18n/functions/de.json: SCORE has no argument "year"',
    ]);
  });

  test('a CLIMATE function named in a text that does not exist', () => {
    const wrong = table();
    wrong.HEADERS.description = 'Die Überschriften für CLIMATE.FLAGZ.';
    expect(localizeMetadata(english, wrong, 'de').problems).toEqual([
      'src/i18n/functions/de.json: HEADERS names CLIMATE.FLAGZ, which does not exist',
    ]);
  });

  test('an example with the English separator where Excel takes ";"', () => {
    const wrong = table();
    wrong.LINK.description = 'Für =HYPERLINK(CLIMATE.LINK(A2), "Profil").';
    expect(localizeMetadata(english, wrong, 'de').problems).toEqual([
      'src/i18n/functions/de.json: LINK separates arguments with another sign than ";": =HYPERLINK(CLIMATE.LINK(A2),',
    ]);
    // Commas inside quoted text are the text's own, not separators.
    expect(exampleWithWrongSeparator('=CLIMATE.PROFILE(A2; "score,sbti")', ';')).toBeUndefined();
    expect(exampleWithWrongSeparator('=HYPERLINK(CLIMATE.LINK(A2); "profile")', ',')).toBe(
      '=HYPERLINK(CLIMATE.LINK(A2);',
    );
  });
});
