/**
 * International Securities Identification Number (ISO 6166): a 2-letter country code, 9 alphanumerics
 * and one Luhn check digit computed over the letter-expanded digits (A=10 .. Z=35).
 */
import { t } from '../i18n/translate';
import type { IdentifierCheck, RandomSource } from './check';
import { compact, describeLength, expandLetters, invalid, randomAlphanumerics } from './check';

const ISIN_LENGTH = 12;

/** The Luhn check digit for a sequence of digits: doubling starts at its rightmost digit. */
function luhnCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i];
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The check digit for an 11-character ISIN base. Throws when the base is malformed. */
export function computeIsinCheckDigit(base: string): string {
  const b = compact(base);
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(b)) {
    throw new Error('An ISIN base must be 2 letters then 9 letters or digits');
  }
  return String(luhnCheckDigit(expandLetters(b)));
}

export function validateIsin(input: string): IdentifierCheck {
  const s = compact(input);
  if (s.length !== ISIN_LENGTH) return invalid(describeLength(ISIN_LENGTH, s.length));
  if (!/^[0-9A-Z]+$/.test(s)) return invalid(t('cells.identifier.alphanumeric'));
  if (!/^[A-Z]{2}/.test(s)) return invalid(t('cells.identifier.countryStart'));
  if (!/[0-9]$/.test(s)) return invalid(t('cells.identifier.endsInCheckDigit'));
  if (computeIsinCheckDigit(s.slice(0, 11)) !== s[11]) return invalid(t('cells.identifier.checkDigitFails'));
  return { ok: true, value: s };
}

/** A valid ISIN for the given country code; the 9-character body is digits, like most issuers use. */
export function generateIsin(random: RandomSource, country = 'US'): string {
  const base = compact(country) + randomAlphanumerics(random, 9, '0123456789');
  return base + computeIsinCheckDigit(base);
}
