/**
 * Bytes to and from base64, the form Office.js takes files and images in (`shapes.addImage`,
 * `Excel.createWorkbook`), with the browser's own btoa and atob: one definition for the pane's logo
 * and its copy for others.
 */

/** Bytes as base64, in slices so that no argument list grows with the file. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Base64 back to bytes. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
