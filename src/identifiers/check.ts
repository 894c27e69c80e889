/**
 * The result every identifier validator returns: the normalized value, or a reason a person can act on,
 * in the runtime's language and without the identifier's name, which whoever shows it puts first
 * ("Not a valid LEI: must be 20 characters, got 19.", the sandbox's "lei_number: check digits fail").
 */
import { t } from '../i18n/translate';
export type IdentifierCheck = { ok: true; value: string } | { ok: false; reason: string };

/** A source of uniform numbers in [0, 1), e.g. a seeded RNG's `next`; Math.random works too. */
export type RandomSource = () => number;

export function invalid(reason: string): IdentifierCheck {
  return { ok: false, reason };
}

/** Upper-cases and drops whitespace: people paste identifiers as "5299 00T8 ..." or in lower case. */
export function compact(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function describeLength(expected: number, actual: number): string {
  return t('cells.identifier.length', { expected, actual });
}

/** A uniformly drawn integer in [0, n). */
export function randomBelow(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function randomAlphanumerics(random: RandomSource, length: number, alphabet = ALPHANUMERIC): string {
  const codes = new Array<number>(length);
  for (let i = 0; i < length; i++) codes[i] = alphabet.charCodeAt(randomBelow(random, alphabet.length));
  return String.fromCharCode(...codes);
}

/**
 * The digits of a string whose letters are replaced by their two-digit values (A=10 .. Z=35): the
 * expansion both
 * ISO 17442 (LEI) and ISO 6166 (ISIN) check digits are computed over.
 */
export function expandLetters(s: string): number[] {
  const digits: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code >= 65 && code <= 90) digits.push(Math.floor((code - 55) / 10), (code - 55) % 10);
    else digits.push(code - 48);
  }
  return digits;
}
