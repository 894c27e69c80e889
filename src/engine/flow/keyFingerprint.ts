/**
 * A key's fingerprint, what the engine writes in its place wherever it must tell keys apart in storage
 * (the key's memory, the private cache's scope): the first 16 hex digits of SHA-256 over the base URL
 * and the key. Null where the platform has no SubtleCrypto (nothing is then remembered per key).
 */
export async function keyFingerprint(baseUrl: string, apiKey: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`climate-key\n${baseUrl}\n${apiKey}`));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
