/**
 * The API key taken out of what the service sends back. A service may repeat the key a request carried
 * ("API key dc_live_… is not valid for this plan"), and such text becomes a cell's message or a status
 * line in the pane, where it is seen, copied and saved with the workbook. http.ts passes every answer
 * (its headers and its body, and so a batch's items, which are inside its body) through `withoutKey`
 * with the key that request sent, before anything reads it.
 */

/** What a person sees where the service repeated the key. */
export const KEY_STAND_IN = '(your API key)';

/**
 * `value` (an answer's parsed JSON, its text, or its headers, owned by the caller) with `key` replaced
 * by KEY_STAND_IN in every text it holds. Objects and arrays are changed in place. Field names are left
 * as they are: nothing shows them.
 */
export function withoutKey<T>(value: T, key: string | null): T {
  if (!key) return value;
  const pattern = keyPattern(key);
  // Every spelling is at least as long as the key itself (each of its characters matches one, and the
  // invisible ones only add), so a shorter text (most of a record's) cannot hold it: no regex run.
  const clean = (text: string): string => (text.length < key.length ? text : text.replace(pattern, KEY_STAND_IN));
  if (typeof value === 'string') return clean(value) as T;
  // A loop, not recursion: parsed JSON may nest deeper than the call stack reaches. `for...in` over
  // parsed JSON (own properties only, no prototype but Object's or Array's), not Object.entries: a
  // 50,000-row sheet's answers made 140 MB of [name, value] pairs for the collector.
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    const container = next as Record<string, unknown>;
    for (const name in container) {
      if (!Object.hasOwn(container, name)) continue;
      const item = container[name];
      if (typeof item === 'string') container[name] = clean(item);
      else if (typeof item === 'object') pending.push(item);
    }
  }
  return value;
}

/**
 * Characters nobody sees: a key with them between its characters reads as the key, and the record
 * readers drop the direction controls among them (records.ts), which would put it back together.
 */
const INVISIBLE = '[\\u00ad\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]*';

/**
 * The key as sent and URL-encoded, each also as it reads inside a JSON string (a batch item's body is
 * JSON text within the answer's JSON, until batchCodec.ts parses it: the client redacts that again),
 * in any letter case (an upper-cased key gives away all of it but the case of its letters), with
 * invisible characters anywhere in it. The longest spelling first, so that no part of one is left behind.
 */
function keyPattern(key: string): RegExp {
  const spellings = new Set<string>();
  for (const spelling of [key, encodeURIComponent(key)]) {
    spellings.add(spelling);
    spellings.add(JSON.stringify(spelling).slice(1, -1));
  }
  const alternatives = [...spellings]
    .sort((a, b) => b.length - a.length)
    .map((spelling) => [...spelling].map(escapeRegExp).join(INVISIBLE));
  return new RegExp(alternatives.join('|'), 'gi');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
