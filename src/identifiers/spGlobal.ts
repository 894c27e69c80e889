/**
 * S&P Global company identifier (Capital IQ id): digits, sometimes written with an "IQ" prefix
 * (IQ24937). It has no check digit; the normalized value is the digits alone.
 */
import { IdentifierCheck, RandomSource, compact, invalid, randomAlphanumerics } from './check';

const MAX_DIGITS = 12;

export function validateSpGlobal(input: string): IdentifierCheck {
  const s = compact(input).replace(/^IQ/, '');
  if (s.length === 0) return invalid('S&P Global identifier is empty');
  if (!/^[0-9]+$/.test(s)) return invalid('S&P Global identifier may contain only digits (optionally after "IQ")');
  if (s.length > MAX_DIGITS)
    return invalid(`S&P Global identifier must be at most ${MAX_DIGITS} digits, got ${s.length}`);
  return { ok: true, value: s };
}

/** A 6 to 9 digit identifier without leading zeros, the range real Capital IQ ids fall in. */
export function generateSpGlobal(random: RandomSource): string {
  const length = 6 + Math.floor(random() * 4);
  return randomAlphanumerics(random, 1, '123456789') + randomAlphanumerics(random, length - 1, '0123456789');
}
