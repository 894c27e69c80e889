/**
 * The languages the add-in speaks, and which one a person gets. Office says its display language as a
 * tag (`Office.context.displayLanguage`, e.g. "de-DE"); a plain browser says its own
 * (`navigator.languages`). The first supported language among them wins, by its primary subtag
 * ("de-AT" is German), and English is the fallback. src/i18n/locales.json is the one list, also read by
 * the build (the functions' metadata and the manifests per language).
 */
import LOCALES from './locales.json';

export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'ja';

export const DEFAULT_LANGUAGE: Language = LOCALES.default as Language;

/** Every supported language, the default first. */
export const LANGUAGES = Object.keys(LOCALES.languages) as Language[];

const isLanguage = (value: string): value is Language => (LANGUAGES as string[]).includes(value);

/** The language a tag names, or undefined when the add-in does not speak it ("pt-BR", "", junk). */
export function languageOf(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The first of `tags` the add-in speaks, else English. */
export function chooseLanguage(tags: readonly unknown[]): Language {
  for (const tag of tags) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The languages the browser says its person reads, most preferred first (none where there is no browser). */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * Excel's separator between a formula's arguments in that language's usual locale: ";" where the
 * decimal separator is a comma. For examples shown to people only: the add-in writes formulas through
 * `Range.formulas`, which is always in English with commas.
 */
export const listSeparator = (language: Language): string => LOCALES.languages[language].listSeparator;

/** Excel's own words for TRUE and FALSE in that language (WAHR, VRAI…), as a message names a logical value. */
export const booleanName = (language: Language, value: boolean): string =>
  LOCALES.languages[language].booleans[value ? 0 : 1];
