/**
 * The add-in's words in every language it speaks: each language has every message English has (a
 * string added in English only fails here), with the same placeholders, and the plural forms its own
 * grammar needs (Intl.PluralRules' categories); and the person gets the first language they speak.
 */
import { chooseLanguage, LANGUAGES, languageOf, listSeparator, type Language } from '../../src/i18n/languages';
import { CATALOGS, formatMessage, t, type Message } from '../../src/i18n/translate';

const placeholders = (message: Message): string[] =>
  [
    ...new Set(
      (typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) =>
        [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      ),
    ),
  ].sort();

const english = CATALOGS.en;
const others = LANGUAGES.filter((language) => language !== 'en');

/** Messages whose text is rightly English's too: the language's own word is the same. */
const SAME_WORD: Partial<Record<Language, string[]>> = {
  de: ['pane.connection.sandbox'], // "Sandbox", as German software says it
  fr: ['pane.connection.production', 'reference.orgs.page'], // "Production", "Page {page}"
};

test('the add-in speaks English, German, French, Spanish, Italian and Japanese', () => {
  expect([...LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja']);
});

describe.each(others)('%s', (language: Language) => {
  const catalog = CATALOGS[language];

  test('has every message English has, and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  test('fills the same placeholders as English in each message', () => {
    const differing = Object.keys(english).filter(
      (key) => Object.hasOwn(catalog, key) && placeholders(catalog[key]).join() !== placeholders(english[key]).join(),
    );
    expect(differing).toEqual([]);
  });

  test("gives each counted message every plural form the language's grammar uses", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const lacking = Object.keys(english)
      .filter((key) => typeof english[key] !== 'string')
      .filter((key) => {
        const message = catalog[key];
        return typeof message === 'string' || categories.some((category) => !message[category]);
      });
    expect(lacking).toEqual([]);
  });

  test('is translated: no message is left as the English text', () => {
    const same = Object.keys(english).filter((key) => JSON.stringify(catalog[key]) === JSON.stringify(english[key]));
    expect(same).toEqual(SAME_WORD[language] ?? []);
  });
});

describe('which language a person gets', () => {
  test.each([
    [['de-DE'], 'de'],
    [['de-AT'], 'de'],
    [['fr-CA', 'en-US'], 'fr'],
    [['pt-BR', 'es-MX'], 'es'],
    [['ja'], 'ja'],
    [['IT-it'], 'it'],
    [['pt-BR'], 'en'],
    [[''], 'en'],
    [[undefined, null, 42], 'en'],
    [[], 'en'],
  ])('%j: %s', (tags, expected) => {
    expect(chooseLanguage(tags)).toBe(expected);
  });

  test('a tag the add-in does not speak names no language', () => {
    expect(languageOf('constructor')).toBeUndefined();
    expect(languageOf('__proto__')).toBeUndefined();
  });

  test("formula examples use each language's argument separator", () => {
    expect(LANGUAGES.map((language) => [language, listSeparator(language)])).toEqual([
      ['en', ','],
      ['de', ';'],
      ['fr', ';'],
      ['es', ';'],
      ['it', ';'],
      ['ja', ','],
    ]);
  });
});

describe('writing a message', () => {
  const rows: Message = { one: '{count} row scored', other: '{count} rows scored' };

  test('chooses the plural form by the count, and writes numbers the language’s way', () => {
    expect(formatMessage('en', rows, { count: 1 })).toBe('1 row scored');
    expect(formatMessage('en', rows, { count: 1234.5 })).toBe('1,234.5 rows scored');
    expect(formatMessage('de', { one: '{count} Zeile', other: '{count} Zeilen' }, { count: 1234.5 })).toBe(
      '1.234,5 Zeilen',
    );
    expect(formatMessage('fr', { one: '{count} ligne', other: '{count} lignes' }, { count: 1.5 })).toBe('1,5 ligne');
  });

  test('leaves a placeholder it has no value for as it is, and never reads a value through a prototype', () => {
    expect(formatMessage('en', 'Hello {name}', {})).toBe('Hello {name}');
    expect(formatMessage('en', 'Hello {constructor}', {})).toBe('Hello {constructor}');
  });

  test('t() speaks the language asked for', () => {
    expect(t('outsideExcel.title', undefined, 'de')).toBe('Klimaprofile läuft in Excel');
    expect(t('outsideExcel.title', undefined, 'en')).toBe('Climate profiles runs inside Excel');
  });
});
