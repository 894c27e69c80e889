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
  // As supplier lists write them, beyond the library's names (countryNames.ts).
  ['a name without its accents the library holds only with them', 'Curacao', 'CW'],
  ['a name with &', 'Bosnia & Herzegovina', 'BA'],
  ['another with &', 'Trinidad & Tobago', 'TT'],
  ['an inverted name', 'Netherlands, The', 'NL'],
  ['an inverted name the library has the other way round', 'Korea, South', 'KR'],
  ['a name and its code in brackets', 'Germany (DE)', 'DE'],
  ['a code, a dash and the name', 'US - United States', 'US'],
  ['a short name ISO leaves out', 'Syria', 'SY'],
  ['another', 'Brunei', 'BN'],
  ['a short name of an ISO name "X, Republic of"', 'Moldova', 'MD'],
  ["ISO's own short name", 'Viet Nam', 'VN'],
  ["ISO's full name", 'United Kingdom of Great Britain and Northern Ireland', 'GB'],
  ['a common initialism', 'DRC', 'CD'],
  ['a special administrative region', 'Hong Kong SAR', 'HK'],
  ['the region with its country, as the World Bank writes it', 'Hong Kong SAR, China', 'HK'],
  ['a spelling the library lacks', 'Macau', 'MO'],
  ['a former name', 'Swaziland', 'SZ'],
  ['another former name', 'Burma', 'MM'],
  ['a part of the United Kingdom', 'Scotland', 'GB'],
  ['a part of the Netherlands', 'Holland', 'NL'],
  ['Saint written St.', 'St. Vincent and the Grenadines', 'VC'],
  ['Saint written St without a stop', 'St Kitts & Nevis', 'KN'],
  ['Saint written St. without a space', 'St.Lucia', 'LC'],
  ['a stop at the end', 'USA.', 'US'],
  ['stops without the last', 'U.S', 'US'],
])('%s: %s is %s', (_label, input, code) => {
  expect(validateCountry(input)).toEqual({ ok: true, value: code });
});

test.each([
  ['a continent', 'Europe'],
  ['a name two countries share', 'Korea'],
  ['an ambiguous name, inverted', 'Korea, The'],
  ['two countries', 'USA, Canada'],
  ['a name and a code that disagree', 'Germany (FR)'],
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
