/**
 * The base URL rule of the design: the key is sent only to the configured base URL, and that URL must
 * be https unless it is on this machine (loopback), where the sandbox runs over plain http.
 */

/** True for `localhost`, 127.0.0.0/8 and ::1 (as `URL.hostname` spells them). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Checks a base URL and returns it without trailing slashes (`https://host/api/` -> `https://host/api`).
 * Throws an Error a person can act on when the URL is unusable or would expose the key.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new Error(`The service address "${baseUrl}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The service address must start with https:// (got ${url.protocol}).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `The service address ${url.origin} must use https: the API key goes over plain http only to this machine.`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('The service address must not contain a user name, password, query or fragment.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
