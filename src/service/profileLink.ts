/**
 * The one rule for a link the service sends that a person may click (an organization's public profile):
 * it reaches the card's Profile property, the logo's target, CLIMATE.LINK, the pane's HYPERLINK formulas
 * and the pane's own links, so anything but a plain absolute https address is dropped where records are
 * decoded. `javascript:`, `data:`, `file:`, UNC paths (`\\host\share`, which can leak Windows
 * credentials when clicked) and plain http never get that far. A build for a production service takes
 * links only on the provider's own site (PROFILE_HOST), so that a compromised service cannot label any
 * site with the provider's logo; the sandbox build keeps any https host (the sandbox's profiles live on
 * its own).
 */
import { t } from '../i18n/translate';

/** Longest link kept; longer ones are refused, not cut (a cut link points somewhere else). */
export const MAX_PROFILE_LINK_LENGTH = 2048;

/**
 * The provider's site, whose host and subdomains alone a production build's links may name; '' in the
 * sandbox build (and in Node). The build writes it from src/provider.json when it is given a service URL
 * (webpack.config.js, DefinePlugin), as it writes CLIMATE_BASE_URL.
 */
function buildTimeProfileHost(): string {
  try {
    // Written out in full so that DefinePlugin can replace the expression with a string literal.
    return (process.env.CLIMATE_PROFILE_HOST ?? '').trim().toLowerCase();
  } catch {
    return ''; // a browser bundle built without the define has no `process`
  }
}
const PROFILE_HOST = buildTimeProfileHost();

/** The rule in words, for messages: "...one that is not an https address of at most 2,048 characters". */
export const profileLinkRule = (host: string = PROFILE_HOST): string =>
  host === ''
    ? t('cells.linkRule', { length: MAX_PROFILE_LINK_LENGTH })
    : t('cells.linkRuleOnHost', { host, length: MAX_PROFILE_LINK_LENGTH });

/** A host the build takes links on: any, or the provider's site and its subdomains. */
function onProfileHost(hostname: string): boolean {
  if (PROFILE_HOST === '') return true;
  const host = hostname.toLowerCase();
  return host === PROFILE_HOST || host.endsWith(`.${PROFILE_HOST}`);
}

/** What the rule refuses anywhere in a link. */
const REFUSED_CHARACTERS = /[\s\\\u0000-\u001f\u007f]/;

/**
 * True for an absolute https link of at most MAX_PROFILE_LINK_LENGTH characters, with a host (the
 * provider's, in a production build) and without a user name or password. Whitespace, control characters and backslashes are refused too:
 * URL parsers drop or reinterpret them, so what is checked would not be what Excel opens.
 */
export function isProfileLink(value: string): boolean {
  if (value.length > MAX_PROFILE_LINK_LENGTH || !/^https:\/\//i.test(value)) return false;
  if (REFUSED_CHARACTERS.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const credentials = url.username !== '' || url.password !== '';
  return url.protocol === 'https:' && url.hostname !== '' && !credentials && onProfileHost(url.hostname);
}

/** A prefix whose authority ends within it: whatever follows cannot change the host or add credentials. */
const CLOSED_AUTHORITY = /^https:\/\/[^/?#]+\//i;
/** Verdicts on prefixes (a handful: the service's profile addresses), bounded against a hostile service or store. */
const prefixVerdicts = new Map<string, boolean>();
const MAX_PREFIX_VERDICTS = 64;

/**
 * The link when it passes the rule, otherwise null (the record then has no profile link). A cold sheet
 * decodes a link per record and a reopened workbook reads one per stored record, 100,000 of them:
 * parsing each as a URL took 0.3 s of a reopened cache's 0.8 s load in Chromium. So a link is judged by
 * its authority (`https://host/`), parsed once per distinct authority, and then only by its length and
 * characters: a path, query or fragment cannot make a URL fail to parse, nor change its host or
 * credentials. A link with no closed authority, or one whose authority fails, is parsed whole.
 */
export function profileLinkOrNull(value: string | null): string | null {
  if (value === null) return null;
  const authority = CLOSED_AUTHORITY.exec(value);
  return authority === null ? wholeLinkOrNull(value) : linkOnPrefix(value, authority[0]);
}

/** `prefix + tail` judged as profileLinkOrNull judges it: for links stored as a shared prefix and a tail. */
export function joinedProfileLinkOrNull(prefix: string, tail: string): string | null {
  return linkOnPrefix(prefix + tail, prefix);
}

const wholeLinkOrNull = (link: string): string | null => (isProfileLink(link) ? link : null);

/** `link`, which starts with `prefix`, judged by the prefix's remembered verdict when that closes the authority. */
function linkOnPrefix(link: string, prefix: string): string | null {
  let verdict = prefixVerdicts.get(prefix);
  if (verdict === undefined) {
    verdict = CLOSED_AUTHORITY.test(prefix) && isProfileLink(prefix);
    if (prefixVerdicts.size < MAX_PREFIX_VERDICTS) prefixVerdicts.set(prefix, verdict);
  }
  if (!verdict) return wholeLinkOrNull(link);
  return link.length <= MAX_PROFILE_LINK_LENGTH && !REFUSED_CHARACTERS.test(link) ? link : null;
}
