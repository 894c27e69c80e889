/**
 * The one HTTP request function of the client. It builds the URL from the base URL, sends the key as
 * `Authorization: Bearer`, enforces a timeout, and turns every failure into a typed error:
 * non-2xx -> errorFromResponse, no answer -> NetworkError (CrossOriginError when a page's call was
 * refused for want of CORS), a 2xx body that is not JSON -> MalformedResponseError. It never retries (the engine decides that) and never puts the key in a
 * message: it does not quote it, and takes it out of everything the service sends back (keyRedaction.ts)
 * before any message is made of that.
 */
import { t } from '../i18n/translate';
import { isSendableKey } from './apiKey';
import { CrossOriginError, MalformedResponseError, NetworkError, ServiceError } from './errors';
import { tryParseJson } from './json';
import { withoutKey } from './keyRedaction';
import { errorFromResponse } from './responseErrors';
import { checkTarget } from './target';
import type { HttpMethod } from './types';

/** What the client needs of a `fetch`: satisfied by the browser's, Node's and undici's. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** 'manual' for every call that carries the key; only the keyless cross-origin probes follow. */
  redirect: 'manual' | 'follow';
  /** Set by the keyless cross-origin probes only (crossOriginVerdict); the calls leave it to fetch ('cors'). */
  mode?: 'cors' | 'no-cors';
  signal: AbortSignal;
}
export interface FetchResponseLike {
  status: number;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
  /** Read chunk by chunk where present (browsers, undici), so that an endless body is cut off. */
  body?: { getReader(): BodyReader } | null;
}
interface BodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(): Promise<void>;
}

export interface HttpConfig {
  /** Normalized: no trailing slash (see baseUrl.ts). */
  baseUrl: string;
  apiKey: string | null;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface HttpRequest {
  method: HttpMethod;
  /** A path under the base URL (`/organizations`); nothing else is ever sent the key. */
  target: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: string;
  /** Overrides the configured key for this call (a team key for `POST /projects`). */
  apiKey?: string | null;
  signal?: AbortSignal;
  /** Asked when the timeout runs out: milliseconds more the request may take (it waited its turn), or 0. */
  patience?: () => number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest answer read, in characters: a full batch of 100 records is about 150,000. Anything
 * larger is refused (not retried) rather than held in memory.
 */
export const MAX_BODY_CHARS = 4_000_000;

function tooLarge(): ServiceError {
  return new ServiceError('http', t('cells.answerTooLarge', { max: MAX_BODY_CHARS }), null);
}

/**
 * Sends one request and resolves with a 2xx answer whose body is parsed JSON. If the caller's signal
 * aborts, rejects with the signal's reason (a cancellation, not a service failure).
 */
export async function request(config: HttpConfig, req: HttpRequest): Promise<HttpResponse> {
  const url = resolveTarget(config.baseUrl, req.target, req.query);
  const key = keyToSend(req.apiKey === undefined ? config.apiKey : req.apiKey);
  const init: Omit<FetchInit, 'signal'> = {
    method: req.method,
    headers: requestHeaders(req, key),
    body: requestBody(req),
    // A redirect is not followed: the key goes to the configured address and nowhere else.
    redirect: 'manual',
  };
  const answer = await exchange(config, url, init, req);

  // Whatever the service repeats of the key this request sent is gone before anything reads the answer.
  const { status, text } = answer;
  const headers = withoutKey(answer.headers, key);
  const parsed = text.trim() === '' ? null : tryParseJson(text);
  const body = withoutKey(parsed === undefined ? text : parsed, key);
  if (status < 200 || status > 299) throw errorFromResponse(status, headers, body);
  if (parsed === undefined || parsed === null) {
    throw new MalformedResponseError(t('cells.notJson', { status: String(status), length: text.length }), status);
  }
  return { status, headers, body };
}

/**
 * fetch plus reading the whole body, both under the timeout and the caller's signal. Failures become
 * NetworkError, except the caller's own abort, which rejects with its reason. When the timeout runs
 * out, the caller's `patience` may grant more time, as often as it has some to give.
 */
async function exchange(
  config: HttpConfig,
  url: string,
  init: Omit<FetchInit, 'signal'>,
  { signal, patience }: Pick<HttpRequest, 'signal' | 'patience'>,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  let waitedMs = config.timeoutMs;
  const expire = (): void => {
    const more = patience?.() ?? 0;
    if (more > 0) {
      waitedMs += more;
      timer = setTimeout(expire, more);
      return;
    }
    timedOut = true;
    controller.abort();
  };
  let timer = setTimeout(expire, config.timeoutMs);
  const onCallerAbort = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) onCallerAbort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  const failure = (stage: 'send' | 'read') => (error: unknown) => {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) {
      throw new NetworkError(t('cells.timeout', { base: config.baseUrl, seconds: waitedMs / 1000 }));
    }
    const said = { base: config.baseUrl, code: causeCode(error) };
    throw new NetworkError(stage === 'send' ? t('cells.unreachable', said) : t('cells.broke', said));
  };
  try {
    const response = await config.fetch(url, { ...init, signal: controller.signal }).catch(async (error: unknown) => {
      const verdict = signal?.aborted || timedOut ? null : await crossOriginVerdict(config, error, controller.signal);
      if (verdict === 'refused') throw refusedCrossOrigin(config.baseUrl);
      if (verdict === 'unreachable') throw new NetworkError(hiddenCause(config.baseUrl));
      return failure('send')(error);
    });
    const headers = headerRecord(response);
    if (Number(headers['content-length']) > MAX_BODY_CHARS * 4) {
      controller.abort();
      throw tooLarge(); // UTF-8 takes at most 4 bytes per character: this many bytes cannot fit
    }
    const text = await readBounded(response).catch((error: unknown) => {
      if (error instanceof ServiceError) throw error;
      return failure('read')(error);
    });
    return { status: response.status, headers, text };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** The body as text, refused with tooLarge() as soon as it passes MAX_BODY_CHARS. */
async function readBounded(response: FetchResponseLike): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    if (text.length > MAX_BODY_CHARS) throw tooLarge();
    return text;
  }
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (text.length > MAX_BODY_CHARS) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
  }
  return text + decoder.decode();
}

/**
 * A path under the base URL, with its query. Anything else (an absolute URL, `//host`, a relative
 * path, target.ts's rule) is refused before anything is sent, so the key cannot leave the base URL.
 */
function resolveTarget(baseUrl: string, target: string, query: HttpRequest['query']): string {
  checkTarget(target);
  const url = new URL(baseUrl + target);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.href;
}

/** The key a request sends, trimmed; null for none. */
function keyToSend(apiKey: string | null): string | null {
  const key = apiKey?.trim() || null;
  // fetch would reject such a header with a message that quotes it; say what is wrong instead.
  if (key !== null && !isSendableKey(key)) {
    throw new Error(t('cells.keySpaces'));
  }
  return key;
}

function requestHeaders(req: HttpRequest, key: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (req.json !== undefined) headers['Content-Type'] = 'application/json';
  else if (req.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return headers;
}

function requestBody(req: HttpRequest): string | undefined {
  return req.json !== undefined ? JSON.stringify(req.json) : req.form;
}

function headerRecord(response: FetchResponseLike): Record<string, string> {
  const headers = Object.create(null) as Record<string, string>; // the service's names: no prototype to meet
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/**
 * Why a page's call got no response, as well as a page can tell. A browser hides the cause of a failed
 * cross-origin call (a `TypeError` with no code: a refused or dropped connection and a missing CORS
 * answer alike), so the service address is asked twice more, without the key, in ways that need no
 * preflight: a plain CORS GET that is answered shows the service does answer pages (the failure was
 * the connection's: null, said and retried as before); else a `no-cors` GET that is answered (opaque)
 * shows the service answers, but not to pages: 'refused'; neither answered: 'unreachable', or refused
 * too (the browser does not say). Null outside a cross-origin page (Node says its cause in a code) and
 * for a failure with a code.
 */
async function crossOriginVerdict(
  config: HttpConfig,
  error: unknown,
  signal: AbortSignal,
): Promise<'refused' | 'unreachable' | null> {
  const page = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (page === undefined || page === new URL(config.baseUrl).origin || causeCode(error) !== '') return null;
  const answers = (mode: FetchInit['mode']): Promise<boolean> =>
    config.fetch(config.baseUrl, { method: 'GET', headers: {}, redirect: 'follow', mode, signal }).then(
      () => true,
      () => false,
    );
  if (await answers('cors')) return null;
  return (await answers('no-cors')) ? 'refused' : 'unreachable';
}

function refusedCrossOrigin(baseUrl: string): CrossOriginError {
  return new CrossOriginError(t('cells.crossOrigin', { base: baseUrl }));
}

function hiddenCause(baseUrl: string): string {
  return t('cells.hiddenCause', { base: baseUrl });
}

/** ` (ECONNREFUSED)`-style detail from a fetch failure; only the code, never the request. */
function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
}
