/**
 * The API key taken out of what the service sends back. A service may repeat the key a request carried
 * ("API key dc_live_… is not valid for this plan"), and such text becomes a cell's message or a status
 * line in the pane, where it is seen, copied and saved with the workbook. http.ts passes every answer
 * (its headers and its body, and so a batch's items, which are inside its body) through `withoutKey`
 * with the key that request sent, before anything reads it.
 */
import { t } from '../i18n/translate';

/** What a person sees where the service repeated the key, in their language. */
const keyStandIn = (): string => t('service.keyStandIn');

/**
 * `value` (an answer's parsed JSON, its text, or its headers, owned by the caller) with `key` replaced
 * by keyStandIn() in every text it holds. Objects and arrays are changed in place. Field names are left
 * as they are: nothing shows them.
 */
export function withoutKey<T>(value: T, key: string | null): T {
  if (!key) return value;
  const pattern = keyPattern(key);
  // Every spelling is at least as long as the key itself (each of its characters matches one, and the
  // invisible ones only add), so a shorter text (most of a record's) cannot hold it: no regex run.
  const standIn = keyStandIn();
  const clean = (text: string): string => (text.length < key.length ? text : text.replace(pattern, standIn));
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
 * Characters a later reader changes or nobody sees: controls (C0, DEL, C1) and the line and paragraph
 * separators, which the readers of texts and messages turn into spaces (records.ts, responseErrors.ts);
 * direction controls, which they drop; zero-width and other invisible formatting characters, variation
 * selectors, fillers. A key with them between its characters reads as the key, or becomes it again.
 */
const INVISIBLE =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028-\\u202e' +
  '\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0]*';

/** Printable ASCII's full-width forms (U+FF01–U+FF5E) are these characters plus this offset; NFKC maps them back. */
const FULL_WIDTH_OFFSET = 0xfee0;

/** One character of a key as a pattern: itself, or its full-width form, which reads the same. */
function keyCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code <= 0x20 || code > 0x7e) return escapeRegExp(character);
  return `[${escapeClass(character)}${String.fromCharCode(code + FULL_WIDTH_OFFSET)}]`;
}

/**
 * The key as sent and URL-encoded, each also as it reads inside a JSON string (a batch item's body is
 * JSON text within the answer's JSON, until batchCodec.ts parses it: the client redacts that again),
 * in any letter case (an upper-cased key gives away all of it but the case of its letters), in
 * full-width letters, with invisible characters and controls anywhere in it. The longest spelling first, so that no part of one is left behind.
 */
function keyPattern(key: string): RegExp {
  const spellings = new Set<string>();
  for (const spelling of [key, encodeURIComponent(key)]) {
    spellings.add(spelling);
    spellings.add(JSON.stringify(spelling).slice(1, -1));
  }
  const alternatives = [...spellings]
    .sort((a, b) => b.length - a.length)
    .map((spelling) => [...spelling].map(keyCharacter).join(INVISIBLE));
  return new RegExp(alternatives.join('|'), 'gi');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeClass(character: string): string {
  return /[\\\]^-]/.test(character) ? `\\${character}` : character;
}
