/** The one character rule for API keys: printable ASCII without spaces, what an HTTP header can carry. */
export function isSendableKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}
