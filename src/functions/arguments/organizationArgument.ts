/**
 * The organization argument every CLIMATE function takes first: what kind of identifier the analyst
 * wrote, checked and normalized into the registration query the engine sends. Nothing here talks to
 * the service: a malformed identifier ends as an ArgumentError (#VALUE! naming the problem) and
 * sends nothing.
 *
 * Reading rules, in order:
 * - a prefix forces the kind: `lei:`, `isin:`, `duns:` (`D-U-N-S:`), `spg:` (S&P Global), `name:`, `web:`;
 * - an identifier's label and a space (`LEI 5493…`) is that identifier when what follows is written as one;
 * - a number is a DUNS: Excel keeps a typed DUNS as a number and drops its leading zeros, which are
 *   restored;
 * - text written as a DUNS, LEI or ISIN is that identifier, by the rule SBTI's company argument shares
 *   (identifierText.ts: digits are a DUNS; an LEI or ISIN in any case and with spaces or dashes when
 *   its check digits pass, or in its upper-case shape); it is sent upper case;
 * - a web address, an e-mail address or an e-mail contact (`Jane Doe <jane@acme.com>`) is a website:
 *   its registrable domain in ASCII (websiteAddress.ts); `http://`, `https://`, `www.` or `mailto:`
 *   with nothing after them is refused;
 * - anything else is a name.
 */
import { t } from '../../i18n/translate';
import { MEMORY_ENTRIES, type OrganizationQuery } from '../../engine';
import {
  validateCountry,
  validateDuns,
  validateIsin,
  validateLei,
  validateSpGlobal,
  type IdentifierCheck,
} from '../../identifiers/index';
import { ArgumentError } from './argumentError';
import { blankIfPlaceholder, describeInput, excerpt, readCell, type CellInput } from './cellInput';
import { checkedIdentifier, otherIdentifier, writtenIdentifier, type IdentifierKind } from './identifierText';
import { RecentReadings } from './recentReadings';
import { plainText } from './textArgument';
import { CONTACT, writtenAddress, addressOf, type Address } from './websiteAddress';

export type OrganizationKind = 'name' | 'website' | 'duns' | 'lei' | 'isin' | 'spg';

export interface OrganizationArgument {
  kind: OrganizationKind;
  query: OrganizationQuery;
  /** The organization as the analyst sent it, normalized: shown in the card ("Requested"). */
  text: string;
}

const MAX_DUNS = 999_999_999;

/** The registration query's field of each kind but a name. */
export const QUERY_FIELDS = {
  website: 'website',
  duns: 'duns_number',
  lei: 'lei_number',
  isin: 'isin_number',
  spg: 'sp_global_number',
} as const satisfies Record<Exclude<OrganizationKind, 'name'>, keyof OrganizationQuery>;

const PREFIXES: ReadonlyMap<string, OrganizationKind> = new Map(
  Object.entries({
    lei: 'lei',
    isin: 'isin',
    duns: 'duns',
    spg: 'spg',
    name: 'name',
    web: 'website',
    website: 'website',
    url: 'website',
    email: 'website',
    mailto: 'website',
  }),
);

/**
 * As many inputs as the engine keeps records in memory (enough for a 50,000-row sheet): with fewer, a
 * recalculation of a large sheet reads every input afresh (the oldest go first).
 */
const recent = new RecentReadings<string | number, OrganizationArgument>(MEMORY_ENTRIES);

/** Reads the organization argument, plus the optional website and country arguments beside it. */
export function parseOrganization(
  value: unknown,
  website?: unknown,
  country?: unknown,
): Readonly<OrganizationArgument> {
  const key = readingKey(value, website, country);
  const read = () => readArguments(value, website, country);
  return key === null ? read() : recent.get(key, read);
}

const isEmpty = (value: unknown): boolean => value === null || value === undefined;

/**
 * The key of plain inputs; null for anything else (read afresh). A lone text or number is its own key
 * (a Map tells "1" from 1); with a website or country beside it, the key is a string that starts with
 * a control character, which no organization text can (it would be refused).
 */
function readingKey(value: unknown, website: unknown, country: unknown): string | number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.startsWith('\u0000')) return null; // refused, and must not pose as a key
  if (isEmpty(website) && isEmpty(country)) return value;
  const part = (input: unknown): string | null =>
    isEmpty(input)
      ? '-'
      : typeof input === 'string'
        ? `s${input.length}:${input}`
        : typeof input === 'number'
          ? `n${input};`
          : null;
  const parts = [part(value), part(website), part(country)];
  return parts.includes(null) ? null : `\u0000${parts.join('')}`;
}

function readArguments(value: unknown, website: unknown, country: unknown): OrganizationArgument {
  const argument = readOrganization(blankIfPlaceholder(readCell(value)));
  const site = optionalWebsite(blankIfPlaceholder(readCell(website)));
  if (site !== null) {
    if (argument.query.website !== undefined && argument.query.website !== site) {
      throw new ArgumentError(t('cells.twoWebsites', { first: argument.query.website, second: site }));
    }
    argument.query.website = site;
  }
  const region = optionalCountry(blankIfPlaceholder(readCell(country)));
  if (region !== null) argument.query.hq_region = region;
  return argument;
}

function readOrganization(input: CellInput): OrganizationArgument {
  if (input.kind === 'number') return duns(dunsFromNumber(input.value));
  const expected = (): string => t('cells.expect.organization');
  if (input.kind === 'boolean')
    throw new ArgumentError(t('cells.notOrganization', { input: describeInput(input), expected: expected() }));
  const text = plainText(input, 'organization', CONTACT);
  const forced = /^([a-z](?:-?[a-z])*)\s*:\s*(.*)$/i.exec(text);
  const kind = forced ? PREFIXES.get(prefixName(forced[1])) : undefined;
  if (forced && kind) return readAs(kind, forced[2], forced[1].toLowerCase());
  const other = otherIdentifier(text);
  if (other !== null) {
    throw new ArgumentError(
      t('cells.otherIdentifier', { identifier: other, text: excerpt(text), expected: expected() }),
    );
  }
  return spgLabelled(text) ?? detect(text);
}

/** `lei`, `D-U-N-S` (Dun & Bradstreet's own spelling) -> the PREFIXES key. */
const prefixName = (written: string): string => written.replace(/-/g, '').toLowerCase();

/** S&P Global's label and a space (`SPG 24937`): its identifier when digits follow (identifierText.ts reads the others). */
function spgLabelled(text: string): OrganizationArgument | null {
  const match = /^spg\s+(.+)$/i.exec(text);
  return match && validateSpGlobal(match[1]).ok ? readAs('spg', match[1], 'spg') : null;
}

function readAs(kind: OrganizationKind, rest: string, prefix: string): OrganizationArgument {
  if (rest.trim() === '') throw new ArgumentError(t('cells.nothingAfter', { prefix, label: t(`cells.label.${kind}`) }));
  switch (kind) {
    case 'name':
      return { kind, query: { name: rest }, text: rest };
    case 'website':
      // A mailto: link keeps its scheme: what may follow its address (`?subject=…`) is the link's alone.
      return website(addressOf(prefix === 'mailto' ? `mailto:${rest}` : rest), rest);
    case 'duns':
      return duns(rest);
    case 'lei':
      return identifier('lei', validateLei(rest));
    case 'isin':
      return identifier('isin', validateIsin(rest));
    case 'spg':
      return identifier('spg', validateSpGlobal(rest));
  }
}

function detect(text: string): OrganizationArgument {
  const written = writtenIdentifier(text);
  if (written) return identifier(written.kind, written.check);
  const address = writtenAddress(text);
  if (address !== null) return website(address, text);
  return { kind: 'name', query: { name: text }, text };
}

/** The organization an address names; refused when the address is not the organization's own. */
function website({ domain, borrowed }: Address, text: string): OrganizationArgument {
  if (borrowed !== null) {
    throw new ArgumentError(t('cells.borrowed', { text: excerpt(text), borrowed }));
  }
  return { kind: 'website', query: { website: domain }, text: domain };
}

function dunsFromNumber(value: number): string {
  // The number as Excel passed it (no grouping: a DUNS is read digit by digit).
  if (!Number.isInteger(value)) throw new ArgumentError(t('cells.dunsWhole', { value: String(value) }));
  if (value <= 0) throw new ArgumentError(t('cells.dunsPositive', { value: String(value) }));
  if (value > MAX_DUNS) {
    // The whole number's own digits: from 1e21 on String() writes an exponent ("1e+21", 5 characters).
    throw new ArgumentError(t('cells.dunsDigits', { count: BigInt(value).toString().length }));
  }
  return String(value).padStart(9, '0');
}

function duns(text: string): OrganizationArgument {
  return identifier('duns', validateDuns(text));
}

function identifier(kind: IdentifierKind, check: IdentifierCheck): OrganizationArgument {
  const value = checkedIdentifier(kind, check);
  return { kind, query: { [QUERY_FIELDS[kind]]: value }, text: kind === 'spg' ? `spg:${value}` : value };
}

/**
 * The website beside the organization. One that is not the organization's own (a Gmail address, a
 * LinkedIn page: sharedHosts.ts) is left out, as a blank one is: the organization argument says who
 * it is, and the host's domain would match the host.
 */
function optionalWebsite(input: CellInput): string | null {
  if (input.kind === 'empty') return null;
  const { domain, borrowed } = websiteAddress(plainText(input, 'website', CONTACT));
  return borrowed === null ? domain : null;
}

/** A website argument's text as the address it is (a `web:` prefix allowed); refused when it is none. */
export function websiteAddress(text: string): Address {
  return addressOf(text.replace(/^(?:web|website|url)\s*:\s*/i, ''), text);
}

/** Country of the head office, typed as a code or a name: sent as its ISO code (identifiers/country.ts). */
function optionalCountry(input: CellInput): string | null {
  if (input.kind === 'empty') return null;
  const text = plainText(input, 'country');
  if (text.length > 60 || !/^[\p{L}][\p{L} .,'\u2019()&/|\u2013\u2014-]*$/u.test(text)) {
    throw new ArgumentError(t('cells.notCountry', { text: excerpt(text) }));
  }
  const country = validateCountry(text);
  if (!country.ok) throw new ArgumentError(`${country.reason}.`);
  return country.value;
}
