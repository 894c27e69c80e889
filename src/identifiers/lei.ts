/**
 * Legal Entity Identifier (ISO 17442): 18 alphanumerics then 2 check digits, chosen so that the
 * letter-expanded number (A=10 .. Z=35) is 1 modulo 97 (the ISO 7064 MOD 97-10 scheme).
 */
import { t } from '../i18n/translate';
import type { IdentifierCheck, RandomSource } from './check';
import { compact, describeLength, expandLetters, invalid, randomAlphanumerics } from './check';

const LEI_LENGTH = 20;

/** Remainder modulo 97 of a long decimal number, digit by digit (the number exceeds 2^53). */
function mod97(digits: readonly number[]): number {
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + d) % 97;
  return remainder;
}

/** The two check digits for an 18-character LEI base. Throws when the base is not 18 alphanumerics. */
export function computeLeiCheckDigits(base: string): string {
  const b = compact(base);
  if (!/^[0-9A-Z]{18}$/.test(b)) throw new Error('An LEI base must be 18 letters or digits');
  const check = 98 - mod97([...expandLetters(b), 0, 0]);
  return String(check).padStart(2, '0');
}

export function validateLei(input: string): IdentifierCheck {
  const s = compact(input);
  if (s.length !== LEI_LENGTH) return invalid(describeLength(LEI_LENGTH, s.length));
  if (!/^[0-9A-Z]+$/.test(s)) return invalid(t('cells.identifier.alphanumeric'));
  if (!/^[0-9]{2}$/.test(s.slice(18))) return invalid(t('cells.identifier.endsInCheckDigits'));
  if (mod97(expandLetters(s)) !== 1) return invalid(t('cells.identifier.checkDigitsFail'));
  return { ok: true, value: s };
}

/**
 * A valid LEI: a 4-character issuer prefix, the reserved "00", 12 entity characters, check digits.
 * Real issuers use digits in the prefix; so do we.
 */
export function generateLei(random: RandomSource): string {
  const base = randomAlphanumerics(random, 4, '0123456789') + '00' + randomAlphanumerics(random, 12);
  return base + computeLeiCheckDigits(base);
}
