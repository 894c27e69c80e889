// @ts-check
/**
 * The relay: the climate service's paths forwarded from the add-in's own origin, for a service that
 * allows no cross-origin calls (a page in Excel cannot call it; a server can). The add-in's service
 * address points at the relay (`https://addin.example/api/climate`); a same-origin call needs no CORS.
 * It forwards only the service's paths, and of each request only the method, the query, the body and
 * the Authorization, Content-Type and Accept headers; it logs nothing, so the key is never written
 * anywhere. Plain CommonJS on Node's own fetch (Node 18+), so that it deploys as it is: as an Azure
 * Static Web Apps function (./climate), or mounted in any Node server (`relayHandler`). docs/hosting.md.
 */
'use strict';

/** The paths of the service the add-in calls (src/service/client.ts); anything else is refused. */
const SERVICE_PATH =
  /^\/(batch|projects|v1\/suppliers|organizations(\/\d{1,18}(\/(private|recommended_actions))?)?|industries(\/search)?|sbti_companies(\/changes)?)$/;
const METHODS = ['GET', 'POST'];
const REQUEST_HEADERS = ['authorization', 'content-type', 'accept'];
const RESPONSE_HEADERS = ['content-type', 'link', 'retry-after'];
/** A batch of 100 items is a few kilobytes; anything far larger is not the add-in's. */
const MAX_REQUEST_BYTES = 1_000_000;
/** Longer than the add-in waits for an answer (30 s), so that the add-in, not the relay, times out. */
const TIMEOUT_MS = 60_000;

/**
 * @typedef {{ method: string; path: string; search: string; headers: Record<string, string | string[] | undefined>; body: string | undefined }} RelayRequest
 *   `path` is under the relay's own prefix (`/batch`), `search` is the query with its `?` or ''
 * @typedef {{ status: number; headers: Record<string, string>; body: string }} RelayAnswer
 * @typedef {{ serviceUrl: string; prefix: string; fetch?: typeof fetch }} RelayOptions
 *   serviceUrl: the service's address, no trailing slash; prefix: where the relay is mounted (`/api/climate`)
 */

/** @param {number} status @param {string} type @param {string} message @returns {RelayAnswer} */
function refusal(status, type, message) {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: { type, message } }),
  };
}

const tooLarge = () => refusal(413, 'too_large', 'The request is larger than the relay forwards.');

/**
 * The service's Link header with every link under the service turned into a path under the relay, so
 * that the add-in follows pages through the relay (it follows only links under its service address).
 * @param {string} value @param {string} serviceUrl @param {string} prefix
 */
function relayedLinks(value, serviceUrl, prefix) {
  const service = new URL(serviceUrl);
  return value.replace(/<([^>]*)>/g, (whole, link) => {
    let url;
    try {
      url = new URL(link, `${serviceUrl}/`);
    } catch {
      return whole;
    }
    const base = service.pathname.replace(/\/$/, '');
    if (url.origin !== service.origin || !url.pathname.startsWith(`${base}/`)) return whole;
    return `<${prefix}${url.pathname.slice(base.length)}${url.search}>`;
  });
}

/**
 * Forwards one request to the service and returns the service's answer, or the relay's own refusal
 * (404 for a path that is not the service's, 405, 413, 502 when the service cannot be reached).
 * @param {RelayRequest} request @param {RelayOptions} options @returns {Promise<RelayAnswer>}
 */
async function relay(request, options) {
  if (!SERVICE_PATH.test(request.path)) {
    return refusal(404, 'not_found', 'The relay forwards only the climate service’s own paths.');
  }
  if (!METHODS.includes(request.method)) {
    return refusal(405, 'method_not_allowed', `The relay forwards ${METHODS.join(' and ')} only.`);
  }
  if (request.body !== undefined && Buffer.byteLength(request.body) > MAX_REQUEST_BYTES) return tooLarge();
  /** @type {Record<string, string>} */
  const headers = {};
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let response;
  try {
    response = await (options.fetch ?? fetch)(`${options.serviceUrl}${request.path}${request.search}`, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? (request.body ?? '') : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return refusal(502, 'relay_error', 'The relay could not reach the climate service.');
  }
  /** @type {Record<string, string>} */
  const answered = {};
  for (const name of RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null)
      answered[name] = name === 'link' ? relayedLinks(value, options.serviceUrl, options.prefix) : value;
  }
  try {
    return { status: response.status, headers: answered, body: await response.text() };
  } catch {
    return refusal(502, 'relay_error', 'The connection to the climate service broke during its answer.');
  }
}

/**
 * The relay for a Node http server: handles requests under `options.prefix` and returns true, leaves
 * every other request to the caller (false).
 * @param {RelayOptions} options
 * @returns {(request: import('http').IncomingMessage, response: import('http').ServerResponse) => boolean}
 */
function relayHandler(options) {
  return (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://relay.invalid');
    if (!url.pathname.startsWith(`${options.prefix}/`)) return false;
    /** @type {Buffer[]} */
    const chunks = [];
    let bytes = 0;
    incoming.on('data', (/** @type {Buffer} */ chunk) => {
      bytes += chunk.length;
      if (bytes <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    incoming.on('end', () => {
      if (bytes > MAX_REQUEST_BYTES) {
        const answer = tooLarge();
        outgoing.writeHead(answer.status, answer.headers);
        outgoing.end(answer.body);
        return;
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname.slice(options.prefix.length),
        search: url.search,
        headers: incoming.headers,
        body,
      };
      void relay(request, options).then((answer) => {
        outgoing.writeHead(answer.status, answer.headers);
        outgoing.end(answer.body);
      });
    });
    return true;
  };
}

module.exports = { relay, relayHandler, SERVICE_PATH };
