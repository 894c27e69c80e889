/**
 * S&P Global company identifier (Capital IQ id): digits, sometimes written with an "IQ" prefix
 * (IQ24937). It has no check digit; the normalized value is the digits alone.
 */
import { t } from '../i18n/translate';
import { IdentifierCheck, RandomSource, compact, invalid, randomAlphanumerics } from './check';

const MAX_DIGITS = 12;

export function validateSpGlobal(input: string): IdentifierCheck {
  const s = compact(input).replace(/^IQ/, '');
  if (s.length === 0) return invalid(t('cells.identifier.isEmpty'));
  if (!/^[0-9]+$/.test(s)) return invalid(t('cells.identifier.digitsAfterIq'));
  if (s.length > MAX_DIGITS) return invalid(t('cells.identifier.atMostDigits', { max: MAX_DIGITS, count: s.length }));
  return { ok: true, value: s };
}

/** A 6 to 9 digit identifier without leading zeros, the range real Capital IQ ids fall in. */
export function generateSpGlobal(random: RandomSource): string {
  const length = 6 + Math.floor(random() * 4);
  return randomAlphanumerics(random, 1, '123456789') + randomAlphanumerics(random, length - 1, '0123456789');
}
