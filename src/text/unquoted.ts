/**
 * What people paste around a value they copied, taken off: one pair of quotes (a .env file, JSON, a
 * shell line) or the angle brackets an e-mail puts around a link. Only a matching pair goes; what is
 * inside is then checked as the value (the API key, the service address).
 */
export function unquoted(text: string): string {
  const trimmed = text.trim();
  const pair = /^(["'`])(.+)\1$/s.exec(trimmed) ?? /^<(.+)>$/s.exec(trimmed);
  return pair ? pair[pair.length - 1].trim() : trimmed;
}
