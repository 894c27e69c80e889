/**
 * DUNS number: 9 digits, often written with dashes (15-048-3782). It carries no check digit, so only
 * its shape can be verified.
 */
import { t } from '../i18n/translate';
import { IdentifierCheck, RandomSource, describeLength, invalid, randomAlphanumerics } from './check';

const DUNS_LENGTH = 9;

export function validateDuns(input: string): IdentifierCheck {
  const s = input.replace(/[\s-]+/g, '');
  if (s.length !== DUNS_LENGTH) return invalid(describeLength(DUNS_LENGTH, s.length));
  if (!/^[0-9]+$/.test(s)) return invalid(t('cells.identifier.digitsOnly'));
  if (/^0+$/.test(s)) return invalid(t('cells.identifier.allZeros'));
  return { ok: true, value: s };
}

export function generateDuns(random: RandomSource): string {
  // A leading non-zero digit keeps the number 9 digits long even where it is read as a number.
  return randomAlphanumerics(random, 1, '123456789') + randomAlphanumerics(random, DUNS_LENGTH - 1, '0123456789');
}
