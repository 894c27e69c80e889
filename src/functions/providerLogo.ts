/**
 * The provider logo that every attributed cell shows (licence condition): the service's logo as our
 * build ships it in dist/assets, addressed at the add-in's own origin (https in Excel), so Excel's
 * card loads it from where the add-in is hosted rather than from a third party.
 */
import { PROVIDER } from '../provider';

let resolved: { page: string; logo: string | null } | null = null;

/**
 * Absolute URL of the logo beside the runtime page; null where the page has no address (plain Node).
 * Every attributed cell asks, so the answer is kept for as long as the page's address stays the same.
 */
export function providerLogoUrl(): string | null {
  if (typeof location === 'undefined' || !location || !location.href) return null;
  const page = location.href;
  if (resolved?.page !== page) resolved = { page, logo: logoBeside(page) };
  return resolved.logo;
}

function logoBeside(page: string): string | null {
  try {
    return new URL(PROVIDER.logoPng, page).href;
  } catch {
    return null;
  }
}
