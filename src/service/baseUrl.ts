/**
 * The base URL rule of the design: the key is sent only to the configured base URL, and that URL must
 * be https unless it is on this machine (loopback), where the sandbox runs over plain http.
 */
import { t, type MessageKey } from '../i18n/translate';
import { unquoted } from '../text/unquoted';

/**
 * This computer's names, as `URL.hostname` spells them. Only these three (not all of 127.0.0.0/8): the
 * sandbox answers its own paths only to them, and a Content-Security-Policy cannot name a range.
 */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Those a service address may use over http: the ones the task pane's Content-Security-Policy can list
 * (build/contentSecurity.js). Chromium refuses an IPv6 literal such as `[::1]` in a policy ("invalid
 * source ... It will be ignored"), so the pane could never reach it.
 */
export const SERVICE_LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1'];

/** True for a loopback name of LOOPBACK_HOSTNAMES, in any case. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());
}

/**
 * An address typed without its scheme (`localhost:4010`, `api.example.com/v1`), read as meant: a URL
 * parser takes `localhost:` for a scheme or refuses it. Null for anything else, and for text with a
 * user name (`mailto:someone@example.com` is no address without its scheme).
 */
function schemeless(typed: string): URL | null {
  if (typed.includes('://')) return null;
  try {
    const url = new URL(`http://${typed}`);
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

/** The URL's path without trailing slashes, as a base URL keeps it. */
const basePath = (url: URL): string => url.pathname.replace(/\/+$/, '');

/**
 * What to put in front of an address typed without its scheme, shown with host and path only (never
 * what else was typed): http:// may serve this computer, any other host needs https://. Not accepted
 * as a guess: a service on this computer may serve https, and a wrong guess would only fail later, as
 * "could not reach the service", which says less.
 */
function missingScheme(url: URL): Error {
  const address = `${url.host}${basePath(url)}`;
  const local = SERVICE_LOOPBACK_HOSTNAMES.includes(url.hostname);
  return new Error(t(local ? 'service.address.schemeLocal' : 'service.address.schemeRemote', { address }));
}

/**
 * Checks a base URL and returns it without trailing slashes (`https://host/api/` -> `https://host/api`).
 * Throws an Error a person can act on when the URL is unusable or would expose the key.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const typed = unquoted(baseUrl); // `"https://…"` from a .env file, `<https://…>` from an e-mail
  if (typed === '') throw new Error(t('service.address.empty'));
  const bare = schemeless(typed);
  if (bare) throw missingScheme(bare);
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw new Error(t('service.address.notUrl', { address: baseUrl }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(t('service.address.scheme', { scheme: url.protocol }));
  }
  // `api.example.com.` is the same host, but the page's policy lists it without the dot and would block it.
  url.hostname = url.hostname.replace(/\.$/, '');
  if (url.hostname.startsWith('[')) {
    throw new Error(t('service.address.ipv6', { origin: url.origin }));
  }
  if (url.protocol === 'http:' && !SERVICE_LOOPBACK_HOSTNAMES.includes(url.hostname)) {
    throw new Error(t('service.address.http', { origin: url.origin }));
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(t('service.address.parts'));
  }
  const path = basePath(url);
  const pasted = pastedEndpoint(path);
  if (pasted) {
    const base = `${url.origin}${path.slice(0, pasted.at)}`;
    throw new Error(t(pasted.message, { address: `${url.origin}${path}`, tail: pasted.tail, base }));
  }
  return `${url.origin}${path}`;
}

/**
 * The tails of what people copy from the service's documentation or a browser's address bar instead of
 * its address: an endpoint (the client appends those itself), or the deprecated /v1.0 version (which
 * answers only its own paths, and the client sends none). The sandbox's own pages are not named here:
 * the bundles hold none of its paths (test/build).
 */
const PASTED_TAILS: readonly [RegExp, MessageKey][] = [
  [
    /\/(batch|organizations(?:\/\d+)?|industries(?:\/search)?|sbti_companies(?:\/changes)?|projects)$/i,
    'service.address.pastedEndpoint',
  ],
  [/\/(v1\.0)$/i, 'service.address.pastedVersion'],
];

/** Where in `path` a pasted tail starts, its first segment (`/batch`), and the message that names it; null for a path of the deployment's own. */
function pastedEndpoint(path: string): { at: number; tail: string; message: MessageKey } | null {
  for (const [tail, message] of PASTED_TAILS) {
    const match = tail.exec(path);
    if (match) return { at: match.index, tail: `/${match[1].split('/')[0].toLowerCase()}`, message };
  }
  return null;
}
