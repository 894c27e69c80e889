import { unquoted } from '../text/unquoted';

/**
 * API keys as the service takes them and as people paste them. The one character rule: printable
 * ASCII without spaces, what an HTTP header can carry.
 */
export function isSendableKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

/**
 * The key in what people paste: a curl line or the service's docs (`Bearer …`, the whole
 * `Authorization: Bearer …` header), or the quotes of a .env file or JSON (unquoted.ts).
 */
export function pastedKey(text: string): string {
  return unquoted(text.trim().replace(/^(?:authorization\s*:\s*)?bearer\s+/i, ''));
}
