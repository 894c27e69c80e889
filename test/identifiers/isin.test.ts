import { computeIsinCheckDigit, generateIsin, validateIsin } from '../../src/identifiers';
import { Random } from '../../tools/sandbox/world/random';

// ISINs of real securities (Apple, Microsoft, BAE Systems, Bayer, TotalEnergies) and the ISO example.
const REAL_ISINS = ['US0378331005', 'US5949181045', 'GB0002634946', 'DE000BAY0017', 'FR0000120271', 'AU0000XVGZA3'];

describe('validateIsin', () => {
  test.each(REAL_ISINS)('accepts the real ISIN %s', (isin) => {
    expect(validateIsin(isin)).toEqual({ ok: true, value: isin });
  });

  test('normalizes case and spacing', () => {
    expect(validateIsin(' us0378331005')).toEqual({ ok: true, value: 'US0378331005' });
  });

  test('reports a wrong length', () => {
    expect(validateIsin('US037833100')).toEqual({ ok: false, reason: 'must be 12 characters, got 11' });
  });

  test('reports bad characters, a missing country code and a letter check digit', () => {
    expect(validateIsin('US03783310.5')).toEqual({
      ok: false,
      reason: 'may contain only letters A-Z and digits 0-9',
    });
    expect(validateIsin('120378331005')).toEqual({ ok: false, reason: 'must start with a 2-letter country code' });
    expect(validateIsin('US037833100X')).toEqual({ ok: false, reason: 'must end in a check digit' });
  });

  test('catches corrupted digits', () => {
    expect(validateIsin('US0378331006')).toEqual({ ok: false, reason: 'check digit fails' });
    expect(validateIsin('US0378341005')).toEqual({ ok: false, reason: 'check digit fails' });
    expect(validateIsin('UK0378331005')).toEqual({ ok: false, reason: 'check digit fails' });
  });
});

describe('computeIsinCheckDigit', () => {
  test('gives the published check digit, letters expanded', () => {
    expect(computeIsinCheckDigit('US037833100')).toBe('5');
    expect(computeIsinCheckDigit('AU0000XVGZA')).toBe('3');
    expect(computeIsinCheckDigit('DE000BAY001')).toBe('7');
  });

  test('refuses a malformed base', () => {
    expect(() => computeIsinCheckDigit('0378331005')).toThrow('2 letters then 9');
  });
});

describe('generateIsin', () => {
  test('generates valid ISINs for the country asked, reproducibly', () => {
    const a = new Random(3);
    const isins = Array.from({ length: 300 }, (_, i) => generateIsin(a.next, i % 2 ? 'GB' : 'DE'));
    for (const isin of isins) expect(validateIsin(isin)).toEqual({ ok: true, value: isin });
    expect(isins[0].startsWith('DE')).toBe(true);
    expect(isins[1].startsWith('GB')).toBe(true);
    const b = new Random(3);
    expect(isins).toEqual(Array.from({ length: 300 }, (_, i) => generateIsin(b.next, i % 2 ? 'GB' : 'DE')));
  });
});
