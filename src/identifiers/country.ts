/**
 * A head office's country as the service takes it (`hq_region`): an ISO 3166-1 alpha-2 code. Analysts
 * type codes (DE), alpha-3 codes (DEU) and names (Germany, Deutschland, USA, UK); the service matches
 * codes only, and a name sent as it is finds no organization there, so the service registers a new
 * one. i18n-iso-countries holds the codes and each country's names with their common alternatives;
 * countryNames.ts the forms lists write beyond them.
 */
import { t } from '../i18n/translate';
import { alpha3ToAlpha2, getAlpha2Code, isValid, registerLocale } from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import { invalid, type IdentifierCheck } from './check';
import { codeByName } from './countryNames';

/** The languages whose country names are read: those of the add-in's users' sheets. */
const LANGUAGES = [en, de, fr, es];
for (const language of LANGUAGES) registerLocale(language);

/** ISO's code for a country given by its alpha-2 or alpha-3 code or its name in one of LANGUAGES. */
export function validateCountry(input: string): IdentifierCheck {
  const text = input
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\u2019/g, "'"); // Excel's autocorrect types ’
  const code = codeOf(text) ?? partsCode(text);
  if (code !== undefined) return { ok: true, value: code };
  return invalid(t('cells.unknownCountry', { text }));
}

/**
 * The alpha-2 code of an alpha-2 or alpha-3 code, a short form with stops (U.K., U. A. E., U.S: its
 * letters), or a name in one of LANGUAGES or as lists write it (countryNames.ts), in any case.
 */
function codeOf(text: string): string | undefined {
  const letters = /^[A-Za-z](\. ?[A-Za-z]){1,2}\.?$/.test(text) ? text.replace(/[. ]/g, '') : text;
  const upper = letters.toUpperCase();
  return (
    (/^[A-Z]{2}$/.test(upper) && isValid(upper) ? upper : undefined) ??
    (/^[A-Z]{3}$/.test(upper) ? alpha3ToAlpha2(upper) : undefined) ??
    named(letters) ??
    codeByName(text, everyName)
  );
}

/** The code of a name i18n-iso-countries holds in one of LANGUAGES, in any case. */
const named = (text: string): string | undefined =>
  LANGUAGES.map((language) => getAlpha2Code(text, language.locale)).find((found) => found !== undefined);

/** A country written twice, as exports do (`Germany (DE)`, `DE - Germany`): both parts must name it. */
function partsCode(text: string): string | undefined {
  const parts = /^(.+?)\s*\((.+)\)$/.exec(text) ?? /^(.+?)\s+[-\u2013\u2014|/]\s+(.+)$/.exec(text);
  if (!parts) return undefined;
  const [first, second] = [codeOf(parts[1].trim()), codeOf(parts[2].trim())];
  return first !== undefined && first === second ? first : undefined;
}

/** Every name of every country in LANGUAGES, with its code. */
function* everyName(): Iterable<[string, string]> {
  for (const language of LANGUAGES) {
    for (const [code, names] of Object.entries(language.countries)) {
      for (const name of typeof names === 'string' ? [names] : names) yield [code, name];
    }
  }
}
