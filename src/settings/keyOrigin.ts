/**
 * Whose key goes where: the API key is kept with the origin (scheme, host, port) it was saved for,
 * and sent only to a base URL of that origin. After the address changes (by hand, a preset, or a
 * stored address refused at load and replaced by the default) the key is held back until the person
 * confirms it for the new origin in the Climate pane. A key given with no origin (a saved project from
 * before projects recorded theirs) is entrusted to none: held back at every address until confirmed.
 */

import { t } from '../i18n/translate';

/** Stored for a key entrusted to no origin yet; without it a key with no stored origin would belong to the stored address. */
export const NO_ORIGIN = 'none';

/** `https://api.example.com/v1` -> `https://api.example.com`. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** A stored origin: an http(s) origin exactly as `URL.origin` spells it, or NO_ORIGIN. */
export function checkOrigin(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === NO_ORIGIN) return NO_ORIGIN;
  let origin: string | null = null;
  try {
    const url = new URL(String(value));
    if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin;
  } catch {
    origin = null;
  }
  if (origin === null || origin !== value) {
    throw new Error(t('settings.refused.keyOrigin'));
  }
  return origin;
}

/** Where a held key was entered: its origin, or (null) none known: entrusted to none, or to an address refused at load. */
export function enteredFor(savedFor: string | null): string {
  return savedFor ?? t('common.addressNotRecorded');
}

/** Why a saved key is not being sent, for cells and the pane. */
export function heldKeyMessage(savedFor: string | null, service: string): string {
  return t('settings.heldKey', { enteredFor: enteredFor(savedFor), service });
}
