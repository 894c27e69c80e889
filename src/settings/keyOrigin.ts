/**
 * Whose key goes where: the API key is kept with the origin (scheme, host, port) it was saved for,
 * and sent only to a base URL of that origin. After the address changes (by hand, a preset, or a
 * stored address refused at load and replaced by the default) the key is held back until the person
 * confirms it for the new origin in the Climate pane.
 */

/** `https://api.example.com/v1` -> `https://api.example.com`. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** A stored origin: an http(s) origin exactly as `URL.origin` spells it. */
export function checkOrigin(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let origin: string | null = null;
  try {
    const url = new URL(String(value));
    if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin;
  } catch {
    origin = null;
  }
  if (origin === null || origin !== value) {
    throw new Error('The API key origin must be an http(s) origin such as https://api.ditchcarbon.com.');
  }
  return origin;
}

/** Why a saved key is not being sent, for cells and the pane. `savedFor` null: saved for a refused address. */
export function heldKeyMessage(savedFor: string | null, service: string): string {
  const where = savedFor === null ? 'another service address (the one stored was refused)' : savedFor;
  return (
    `The saved API key was entered for ${where}, and the service address is now ${service}: ` +
    'it is not sent there until you confirm it in the Climate pane.'
  );
}
