/**
 * The provider logo that every attributed cell shows (licence condition): the service's logo as our
 * build ships it in dist/assets, addressed at the add-in's own origin (https in Excel), so Excel's
 * card loads it from where the add-in is hosted rather than from a third party.
 */
import { PROVIDER } from '../../provider';

/** undefined: not looked up yet. */
let resolved: string | null | undefined;

/**
 * Absolute URL of the logo beside the runtime page; null where the page has no address (plain Node).
 * Every attributed cell asks, and the page's address is read once: the runtime page never moves, and
 * in a browser `location.href` writes the address out anew on every read (about 0.65 µs in Chromium;
 * read on every call it was a quarter of a warm pass: docs/performance-log.md).
 */
export function providerLogoUrl(): string | null {
  if (resolved === undefined)
    resolved = typeof location === 'undefined' || !location?.href ? null : logoBeside(location.href);
  return resolved;
}

function logoBeside(page: string): string | null {
  try {
    return new URL(PROVIDER.logoPng, page).href;
  } catch {
    return null;
  }
}
