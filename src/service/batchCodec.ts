/**
 * The `POST /batch` wire format. Request: `application/x-www-form-urlencoded` with one field
 * `requests` holding a JSON array of `{url, method, body}`. Answer: a JSON array in request order of
 * `{status, headers, body}`, where `body` is the sub-response serialized as a JSON string (documented)
 * or already an object (tolerated).
 */
import { t } from '../i18n/translate';
import { MalformedResponseError } from './errors';
import { isObject, tryParseJson } from './json';
import { checkTarget } from './target';
import type { BatchRequestItem, BatchResponseItem } from './types';

export function encodeBatch(items: readonly BatchRequestItem[]): string {
  const requests = items.map(({ url, method, body }) => {
    // Sub-requests are resolved by the service against its own base: only a path makes sense here.
    checkTarget(url);
    return body === undefined ? { url, method } : { url, method, body };
  });
  return new URLSearchParams({ requests: JSON.stringify(requests) }).toString();
}

/**
 * The answer items, in request order. A body that is not a list, an item that is not
 * `{status, ...}`, or a different number of items than were sent is a MalformedResponseError: the
 * answers could not be matched to their requests.
 */
export function decodeBatch(raw: unknown, sent: number): BatchResponseItem[] {
  if (!Array.isArray(raw)) throw new MalformedResponseError(t('service.batch.notList'), 200);
  if (raw.length !== sent) {
    throw new MalformedResponseError(t('service.batch.count', { answered: raw.length, sent }), 200);
  }
  return raw.map((item, index) => {
    if (!isObject(item) || typeof item.status !== 'number' || !Number.isInteger(item.status)) {
      throw new MalformedResponseError(t('service.batch.noStatus', { item: index + 1 }), 200);
    }
    return { status: item.status, headers: headers(item.headers), body: body(item.body) };
  });
}

/**
 * Header names lower-cased (HTTP names are case-insensitive), values as strings, in a table without a
 * prototype: the names are the service's, and `__proto__` or `constructor` is only a name.
 */
function headers(raw: unknown): Record<string, string> {
  const result = Object.create(null) as Record<string, string>;
  if (!isObject(raw)) return result;
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return result;
}

/**
 * A string body is parsed as JSON; one that does not parse is kept as text (a plain-text error
 * message, or a truncated body the record decoder will report for this item alone).
 */
function body(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? null;
  if (raw.trim() === '') return null;
  const parsed = tryParseJson(raw);
  return parsed === undefined ? raw : parsed;
}
