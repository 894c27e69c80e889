/**
 * Country names as supplier lists write them, beyond the exact names i18n-iso-countries holds: without
 * accents or with `&` (`Curacao`, `Bosnia & Herzegovina`), inverted (`Netherlands, The`), the short
 * English names ISO's tables leave out (`Syria`, `Brunei`, `Viet Nam`, `DRC`), former names lists
 * still carry (`Swaziland`, `Burma`), and the parts of a country (`Scotland`, `Holland`), which name
 * it unambiguously. A text two countries could answer is no country here (`Korea`).
 */

/** Names i18n-iso-countries lacks, by the alpha-2 code they name; compared as `normalizedName` reads them. */
const ALIASES: Record<string, readonly string[]> = {
  BA: ['Bosnia', 'Bosnia-Herzegovina'],
  BN: ['Brunei'],
  CD: ['DRC', 'DR Congo', 'D.R. Congo', 'Congo-Kinshasa', 'Congo (Kinshasa)', 'Congo, Democratic Republic of the'],
  CG: ['Congo-Brazzaville', 'Congo (Brazzaville)', 'Republic of Congo', 'Congo, Republic of the'],
  CN: ['PRC', 'P.R. China', 'PR China', 'Mainland China', 'China (Mainland)'],
  GB: [
    'Britain',
    'United Kingdom of Great Britain and Northern Ireland',
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
  ],
  HK: ['Hong Kong SAR', 'Hong Kong SAR, China', 'Hong Kong, China', 'Hong Kong (China)'],
  IE: ['Eire', 'Republic of Ireland'],
  KP: ['DPRK', 'Korea, North', 'Korea (North)'],
  KR: ['Korea, South', 'Korea (South)', 'S. Korea'],
  LA: ['Lao PDR'],
  MD: ['Moldova'],
  MK: ['Macedonia', 'FYROM', 'Former Yugoslav Republic of Macedonia'],
  MM: ['Burma'],
  MO: ['Macau', 'Macao SAR', 'Macau SAR', 'Macao SAR, China', 'Macao, China', 'Macau, China'],
  NL: ['Holland'],
  SA: ['KSA'],
  ST: ['Sao Tome'],
  SY: ['Syria'],
  SZ: ['Swaziland'],
  TL: ['East Timor'],
  TW: ['Chinese Taipei'],
  US: ['America', 'United States (of America)'],
  VA: ['Vatican', 'Vatican City', 'Vatican City State', 'Holy See'],
  VG: ['British Virgin Islands', 'BVI'],
  VI: ['US Virgin Islands', 'U.S. Virgin Islands', 'USVI'],
  VN: ['Viet Nam'],
};

/**
 * A name as compared: lower case, accents and a leading "the" dropped, `&` as "and", `St.` as
 * "saint", hyphens, stops and apostrophes as the spaces they stand between, blanks collapsed.
 */
export function normalizedName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[-.'\u2019]/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Each normalized name's code; null for a name two countries answer to. Built at the first miss. */
let index: Map<string, string | null> | null = null;

/** The alpha-2 code `text` names after normalizing, or undefined; `names` lists every country's names by code. */
export function codeByName(text: string, names: () => Iterable<[string, string]>): string | undefined {
  index ??= buildIndex(names());
  const key = normalizedName(text);
  const inverted = /^([^,]+),\s*([^,]+)$/.exec(text); // "Netherlands, The", "Moldova, Republic of"
  const found = index.get(key) ?? (inverted ? index.get(normalizedName(`${inverted[2]} ${inverted[1]}`)) : undefined);
  return found ?? undefined;
}

function buildIndex(names: Iterable<[string, string]>): Map<string, string | null> {
  const built = new Map<string, string | null>();
  const add = (code: string, name: string): void => {
    const key = normalizedName(name);
    const before = built.get(key);
    built.set(key, before === undefined || before === code ? code : null);
  };
  for (const [code, name] of names) add(code, name);
  for (const [code, aliases] of Object.entries(ALIASES)) for (const alias of aliases) add(code, alias);
  return built;
}
