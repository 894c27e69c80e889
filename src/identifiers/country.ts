/**
 * A head office's country as the service takes it (`hq_region`): an ISO 3166-1 alpha-2 code. Analysts
 * type codes (DE), alpha-3 codes (DEU) and names (Germany, Deutschland, USA, UK); the service matches
 * codes only, and a name sent as it is finds no organization there, so the service registers a new
 * one. i18n-iso-countries holds the codes and each country's names with their common alternatives.
 */
import { alpha3ToAlpha2, getAlpha2Code, isValid, registerLocale } from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import { invalid, type IdentifierCheck } from './check';

/** The languages whose country names are read: those of the add-in's users' sheets. */
const LANGUAGES = [en, de, fr, es];
for (const language of LANGUAGES) registerLocale(language);

/** ISO's code for a country given by its alpha-2 or alpha-3 code or its name in one of LANGUAGES. */
export function validateCountry(input: string): IdentifierCheck {
  const text = input
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\u2019/g, "'"); // Excel's autocorrect types ’
  // A short form with stops (U.K., U. A. E.) is its letters: the names list has U.S. and U.S.A. only.
  const letters = /^([A-Za-z]\. ?){2,3}$/.test(text) ? text.replace(/[. ]/g, '') : null;
  const code = codeOf(text) ?? (letters === null ? undefined : codeOf(letters));
  if (code !== undefined) return { ok: true, value: code };
  return invalid(
    `Unknown country: ${text} (give its ISO code, such as US or DEU, or its name in English, German, French or Spanish)`,
  );
}

/** The alpha-2 code of an alpha-2 or alpha-3 code or a name in one of LANGUAGES, in any case. */
function codeOf(text: string): string | undefined {
  const upper = text.toUpperCase();
  return (
    (/^[A-Z]{2}$/.test(upper) && isValid(upper) ? upper : undefined) ??
    (/^[A-Z]{3}$/.test(upper) ? alpha3ToAlpha2(upper) : undefined) ??
    LANGUAGES.map((language) => getAlpha2Code(text, language.locale)).find((found) => found !== undefined)
  );
}
