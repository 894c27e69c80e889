/**
 * A head office's country reaches the service as its ISO 3166-1 alpha-2 code, however the analyst
 * typed it: the service matches codes only, and anything else registers a new organization there.
 */
import { validateCountry } from '../../src/identifiers';

test.each([
  ['an alpha-2 code', 'DE', 'DE'],
  ['an alpha-2 code in lower case', 'us', 'US'],
  ['an alpha-3 code', 'DEU', 'DE'],
  ['an alpha-3 code in lower case', 'gbr', 'GB'],
  ['an English name', 'Germany', 'DE'],
  ['an English name in any case and spacing', '  united   KINGDOM ', 'GB'],
  ['a common short form', 'USA', 'US'],
  ['a short form with stops', 'U.S.A.', 'US'],
  ['UK, which ISO reserves for GB', 'UK', 'GB'],
  ['UK with stops, as U.S. is read', 'U.K.', 'GB'],
  ['a short form with stops and spaces', 'U. A. E.', 'AE'],
  ['a former name', 'Czech Republic', 'CZ'],
  ['a German name', 'Deutschland', 'DE'],
  ['a French name', 'Allemagne', 'DE'],
  ['a Spanish name', 'Alemania', 'DE'],
  ['a name with a typographic apostrophe (Excel autocorrect)', 'Côte d’Ivoire', 'CI'],
  ['a name without its accents', "Cote d'Ivoire", 'CI'],
])('%s: %s is %s', (_label, input, code) => {
  expect(validateCountry(input)).toEqual({ ok: true, value: code });
});

test.each([
  ['a colloquial name', 'Holland'],
  ['a name two countries share', 'Korea'],
  ['a region that is no country', 'EU'],
  ['an unassigned code', 'XX'],
  ['an unassigned alpha-3 code', 'XYZ'],
  ['stops that make no code', 'X.X.'],
])('%s (%s) is refused, saying what to give', (_label, input) => {
  expect(validateCountry(input)).toEqual({
    ok: false,
    reason: `Unknown country: ${input} (give its ISO code, such as US or DEU, or its name in English, German, French or Spanish)`,
  });
});
