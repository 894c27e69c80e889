/**
 * Non-2xx answers -> the typed errors of errors.ts. Used for whole HTTP responses and for each item of
 * a `/batch` answer, so both read the same way. The service's own message is kept where it has one
 * (the envelope `{"error":{"type","message"}}`, or the 404 shape `{status, title, detail}`); by then
 * http.ts has replaced any key the service repeated (keyRedaction.ts).
 */
import { t } from '../i18n/translate';
import { AuthError, NotFoundError, RateLimitError, ServerError, ServiceError, ValidationError } from './errors';
import { isObject } from './json';

export function errorFromResponse(status: number, headers: Record<string, string>, body: unknown): ServiceError {
  const said = serviceMessage(body);
  const message = (fallback: string): string => said ?? fallback;
  if (status === 401) return new AuthError(message(t('cells.http401')));
  if (status === 404) return new NotFoundError(message(t('cells.http404')));
  if (status === 422) return new ValidationError(message(t('cells.http422')));
  if (status === 413) return new ServiceError('too-large', message(t('cells.http413')), 413);
  if (status === 429) {
    // Header names arrive lower-cased (http.ts for responses, batchCodec.ts for batch items).
    const retryAfterMs = parseRetryAfter(headers['retry-after'] ?? null);
    return new RateLimitError(limitingMessage(said, retryAfterMs), retryAfterMs);
  }
  if (status === 0 || (status >= 300 && status <= 399)) {
    // Redirects are not followed (the key stays with the configured address); browsers report them as 0.
    return new ServiceError('http', t('cells.redirect'), status || null);
  }
  if (status >= 500 && status <= 599) {
    const words = said
      ? t('cells.serverFailedSaid', { status: String(status), said })
      : t('cells.serverFailed', { status: String(status) });
    return new ServerError(words, status);
  }
  return new ServiceError(
    'http',
    said ? `HTTP ${status}: ${said}` : t('cells.httpStatus', { status: String(status) }),
    status,
  );
}

/**
 * A 429's words, with the wait it asked for: someone reading it in the pane (Test connection,
 * Projects) learns when to try again. Cells say it their own way (the engine's errors.ts).
 */
function limitingMessage(said: string | null, retryAfterMs: number | null): string {
  if (retryAfterMs === null || retryAfterMs <= 0) return said ?? t('cells.http429');
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return said === null
    ? t('cells.http429Wait', { seconds })
    : t('cells.saidWait', { said: said.replace(/\.$/, ''), seconds });
}

/** The longest pause a `Retry-After` can impose: a larger value would stall every cell past its deadline. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3), at most
 * MAX_RETRY_AFTER_MS. Null when absent or unreadable; a date in the past reads as 0.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    const date = Date.parse(text);
    if (Number.isNaN(date) || /^[\d.+-]+$/.test(text)) return null;
    ms = date - now;
  }
  return Number.isFinite(ms) ? Math.round(Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms))) : null;
}

/**
 * The longest service message repeated (in cells, the pane's status lines): a readable sentence or
 * two. Longer ones are cut with an ellipsis, so a hostile body cannot fill the pane.
 */
export const MAX_MESSAGE_CHARS = 300;

/** Runs of whitespace and control characters as one space, at most MAX_MESSAGE_CHARS characters. */
export function readableMessage(text: string): string {
  const flat = text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length <= MAX_MESSAGE_CHARS ? flat : `${flat.slice(0, MAX_MESSAGE_CHARS - 1).trimEnd()}…`;
}

/** The human message an error body carries, if any. Long or non-text bodies are not repeated. */
function serviceMessage(body: unknown): string | null {
  const said = rawServiceMessage(body);
  const readable = said === null ? '' : readableMessage(said);
  return readable || null;
}

/** The message as the body holds it: the envelope, the 404 shape, or a short plain-text body. */
function rawServiceMessage(body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && text.length <= 200 && !text.startsWith('<') ? text : null;
  }
  if (!isObject(body)) return null;
  if (isObject(body.error) && typeof body.error.message === 'string' && body.error.message) {
    return body.error.message;
  }
  if (typeof body.error === 'string' && body.error) return body.error;
  if (typeof body.message === 'string' && body.message) return body.message;
  const title = typeof body.title === 'string' ? body.title : '';
  const detail = typeof body.detail === 'string' ? body.detail : '';
  if (title && detail) return `${title}: ${detail}`;
  return title || detail || null;
}
