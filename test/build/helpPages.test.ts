/**
 * The help page in every language the add-in speaks (assets/help[.<language>].html): every function of
 * functions.json with that language's descriptions, examples written with that language's argument
 * separator and only CLIMATE.* custom functions, links to the other languages, to the support page
 * (which links back) and to the full English reference, and no script. Read from the production build.
 */
import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';
import { productionDist, removeTempDirs } from './dist';

type Parameter = { name: string; description?: string };
type FunctionMetadata = { id: string; name: string; description: string; helpUrl?: string; parameters: Parameter[] };

const LOCALES = require('../../src/i18n/locales.json') as {
  default: string;
  languages: Record<string, { name: string; listSeparator: string }>;
};
const { helpPage, supportPage } = require('../../build/languagePages.js') as {
  helpPage: (language: string) => string;
  supportPage: (language: string) => string;
};
const { metadataFile } = require('../../build/functionsLocales.js') as { metadataFile: (language: string) => string };
const LANGUAGES = Object.keys(LOCALES.languages);

/** Text as the page shows it: the minifier may write an entity as its character or keep it. */
const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** An attribute's value, with or without the quotes the minifier may drop. */
const attribute = (name: string, value: string) =>
  new RegExp(`${name}="?${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?[\\s>]`);

/** The function calls of a formula (`NAME(`), outside quoted text. */
const calls = (formula: string) =>
  [...formula.replace(/"[^"]*"/g, '""').matchAll(/([A-Z][A-Z0-9_.]*)\(/g)].map((m) => m[1]);
/** The characters that separate a formula's arguments: "," and ";" outside quoted text. */
const separators = (formula: string) => formula.replace(/"[^"]*"/g, '""').replace(/[^,;]/g, '');

const DIST = productionDist();
afterAll(removeTempDirs);
const read = (file: string) => readFileSync(join(DIST, file), 'utf8');
const ENGLISH = (JSON.parse(read('functions.json')) as { functions: FunctionMetadata[] }).functions;

describe.each(LANGUAGES)('%s', (language) => {
  const html = read(helpPage(language));
  const text = decode(html);
  const { functions } = JSON.parse(read(metadataFile(language))) as { functions: FunctionMetadata[] };
  const { listSeparator } = LOCALES.languages[language];
  /** Each function's section, by id. */
  const section = (id: string) =>
    new RegExp(`<section id="?${id.toLowerCase()}"?>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';

  test('is in its language and lists every function with its localized descriptions', () => {
    expect(html).toMatch(new RegExp(`<html lang="?${language}"?>`));
    expect(functions.map(({ id }) => id)).toEqual(ENGLISH.map(({ id }) => id));
    for (const fn of functions) {
      const body = decode(section(fn.id));
      expect({ id: fn.id, heading: /<h3>([^<]*)<\/h3>/.exec(body)?.[1] }).toEqual({
        id: fn.id,
        heading: `CLIMATE.${fn.name}`,
      });
      expect(body).toContain(fn.description);
      for (const parameter of fn.parameters) expect(body).toContain(parameter.description);
    }
  });

  test(`writes each function's examples with "${listSeparator}" and only CLIMATE.* custom functions`, () => {
    const ids = new Set(ENGLISH.map(({ name }) => `CLIMATE.${name}`));
    let withArguments = 0;
    for (const fn of functions) {
      const examples = [...section(fn.id).matchAll(/<li><code>([^<]*)<\/code><\/li>/g)].map((m) => decode(m[1]));
      expect({ id: fn.id, examples: examples.length > 0 }).toEqual({ id: fn.id, examples: true });
      for (const example of examples) {
        expect(example).toMatch(new RegExp(`^=CLIMATE\\.${fn.name}\\(`));
        for (const name of calls(example)) expect({ example, known: ids.has(name) }).toEqual({ example, known: true });
        const used = separators(example);
        expect({ example, separators: used.replace(listSeparator === ';' ? /;/g : /,/g, '') }).toEqual({
          example,
          separators: '',
        });
        if (used.length > 0) withArguments++;
      }
    }
    expect(withArguments).toBeGreaterThan(0);
  });

  test("is where each function's help link in that language's metadata opens, at the function", () => {
    const englishUrls = new Map(ENGLISH.map(({ id, helpUrl }) => [id, new URL(helpUrl ?? '')]));
    for (const fn of functions) {
      const url = new URL(fn.helpUrl ?? '');
      const english = englishUrls.get(fn.id) as URL;
      // English opens the full reference (test/build/help.test.ts); the others their own page, on the same host.
      if (language === LOCALES.default) continue;
      expect({ id: fn.id, origin: url.origin, path: url.pathname.endsWith(`/${helpPage(language)}`) }).toEqual({
        id: fn.id,
        origin: english.origin,
        path: true,
      });
      expect(section(url.hash.slice(1))).toContain(`<h3>CLIMATE.${fn.name}</h3>`);
    }
  });

  test('links the other languages, its support page and the full reference, and runs no script', () => {
    for (const other of LANGUAGES.filter((candidate) => candidate !== language)) {
      expect(html).toMatch(attribute('href', helpPage(other).replace('assets/', '')));
    }
    expect(html).toMatch(attribute('href', supportPage(language).replace('assets/', '')));
    expect(read(supportPage(language))).toMatch(attribute('href', helpPage(language).replace('assets/', '')));
    expect(html).toMatch(attribute('href', '../help/functions.html'));
    expect(existsSync(join(DIST, dirname(helpPage(language)), '../help/functions.html'))).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(text).not.toMatch(/\son[a-z]+=/i);
  });
});
