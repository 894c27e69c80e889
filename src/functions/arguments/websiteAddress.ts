/**
 * Web and e-mail addresses, in the organization argument or the website argument beside it: the
 * registrable domain they name, by the public suffix list (`procurement.apple.com` -> `apple.com`,
 * `bp.co.uk` stays, `acme.github.io` keeps its owner). An e-mail contact as Outlook copies it,
 * `Jane Doe <jane@acme.com>`, is its address: the display name is dropped, nothing of it is sent.
 *
 * A domain is sent, and compared, in its ASCII form, as the WHATWG URL parser writes a host (lower
 * case, international labels in punycode): `müller.de`, `MÜLLER.DE` and `xn--mller-kva.de` are one
 * site, so one request and one cache entry, and the service gets the form DNS and registries use
 * whichever one was typed. A final dot (`acme.com.`, the fully qualified form) is dropped.
 */
import { t } from '../../i18n/translate';
import { getDomain } from 'tldts';
import { ArgumentError } from './argumentError';
import { excerpt } from './cellInput';
import { mailboxHost, pageHost } from './sharedHosts';

/** The registrable domain an address names; `borrowed` says why it names no organization of its own (sharedHosts.ts). */
export interface Address {
  domain: string;
  borrowed: string | null;
}

/**
 * A host as typed: dot-separated labels of letters of any script, marks, digits and hyphens, maybe a
 * final dot. Only its shape: whether it is a domain is ASCII_DOMAIN's call, on the URL parser's form.
 */
const HOST = String.raw`(?:[\p{L}\p{M}\p{N}-]+\.)+[\p{L}\p{M}\p{N}-]+\.?`;
/**
 * An e-mail address's own part: no blanks, `@`, angle brackets or `/`, so that a contact's brackets can
 * never hold an HTML tag with attributes (`<svg/onload=…@x.com>` stays markup).
 */
const LOCAL_PART = String.raw`[^\s@<>/]+`;
const WEB_ADDRESS = new RegExp(String.raw`^(?:https?://)?(?:www\.)?(${HOST})(?::\d{1,5})?([/?#]\S*)?$`, 'iu');
/** An e-mail address, or a mailto: link to one, which may carry a subject or a body after `?`. */
const EMAIL = new RegExp(String.raw`^(?:${LOCAL_PART}@(${HOST})|mailto:${LOCAL_PART}@(${HOST})(?:\?\S*)?)$`, 'iu');
/**
 * An e-mail contact: an optional display name (any text without angle brackets), then one address in
 * angle brackets, and nothing after it. Its brackets are not markup (textArgument.ts is told so).
 */
export const CONTACT = new RegExp(String.raw`^[^<>]*<${LOCAL_PART}@(${HOST})>$`, 'u');

/**
 * A domain in ASCII: letter-digit-hyphen labels of up to 63 characters, under a top-level domain of
 * letters or in punycode (`xn--p1ai`, Russia's `рф`). The one rule of what is a domain.
 */
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24}|xn--[a-z0-9-]{0,58}[a-z0-9])$/;

/** How an address starts: text that starts so is a website or nothing, never a name. */
const ADDRESS_START = /^(?:https?:\/\/|www\.|mailto:)/i;
const BARE_ADDRESS_START = /^(?:https?:\/\/(?:www\.)?|www\.|mailto:)$/i;

/**
 * The address an organization argument is written as (its registrable domain, and whose it is); null
 * when the text is none (it is then a name). Text that starts like an address, or is a contact, is one
 * or is refused: a contact's brackets must never reach the service in a name.
 */
export function writtenAddress(text: string): Address | null {
  if (ADDRESS_START.test(text) || CONTACT.test(text)) return addressOf(text);
  return readAddress(text);
}

/**
 * The registrable domain a web or e-mail address names, and whose the address is. Refuses what is
 * neither kind of address (`shown` in the message).
 */
export function addressOf(text: string, shown = text): Address {
  if (BARE_ADDRESS_START.test(text)) {
    throw new ArgumentError(t('cells.nothingAfterAddress', { text }));
  }
  const address = readAddress(text);
  if (address === null) throw new ArgumentError(t('cells.notWebsite', { text: excerpt(shown) }));
  return address;
}

/**
 * Whether a text is a web or e-mail address of the organization's own (not `jane@gmail.com`): how the
 * pane tells a column of websites.
 */
export function isOwnAddress(text: string): boolean {
  return readAddress(text)?.borrowed === null;
}

function readAddress(text: string): Address | null {
  const web = WEB_ADDRESS.exec(text);
  const mail = web ? null : (EMAIL.exec(text) ?? CONTACT.exec(text));
  const host = web?.[1] ?? mail?.[1] ?? mail?.[2];
  const domain = host === undefined ? null : registrableDomain(host);
  if (host === undefined || domain === null) return null;
  if (!web) return { domain, borrowed: mailboxHost(domain) };
  // Below the site's root (a path, a query) or on a sub-domain: a page of the site, maybe someone else's.
  const below = (web[2] ?? '').replace(/^\/+$/, '') !== '' || host.toLowerCase().replace(/\.$/, '') !== domain;
  return { domain, borrowed: below ? pageHost(domain) : null };
}

/** The host's registrable domain in ASCII; null when the host is not a domain. */
function registrableDomain(host: string): string | null {
  let ascii: string;
  try {
    // The URL parser maps case, width and Unicode labels to the form DNS uses, as a browser maps the
    // address. A label already in punycode is taken as written: whether `xn--zz` must decode is where
    // URL parsers differ (Node 20 refuses it, Node 24 keeps it), so nothing here depends on it.
    ascii = new URL(`https://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
  if (!ASCII_DOMAIN.test(ascii)) return null;
  return getDomain(ascii, { allowPrivateDomains: true, extractHostname: false }) ?? ascii;
}
