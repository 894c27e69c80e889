import { computeLeiCheckDigits, generateLei, validateLei } from '../../src/identifiers';
import { Random } from '../../tools/sandbox/world/random';

// Published LEIs of real entities (GLEIF records).
const REAL_LEIS = ['529900T8BM49AURSDO55', '7LTWFZYICNSX8D621K86', 'HWUPKR0MPOU8FGXBT394', '5493001KJTIIGC8Y1R12'];

describe('validateLei', () => {
  test.each(REAL_LEIS)('accepts the real LEI %s', (lei) => {
    expect(validateLei(lei)).toEqual({ ok: true, value: lei });
  });

  test('normalizes case and spacing', () => {
    expect(validateLei(' 5299 00t8 bm49 aurs do55 ')).toEqual({ ok: true, value: '529900T8BM49AURSDO55' });
  });

  test('reports a wrong length with the count', () => {
    expect(validateLei('529900T8BM49AURSDO5')).toEqual({ ok: false, reason: 'must be 20 characters, got 19' });
    expect(validateLei('')).toEqual({ ok: false, reason: 'must be 20 characters, got 0' });
  });

  test('reports bad characters', () => {
    expect(validateLei('529900T8BM49AURS-O55')).toEqual({
      ok: false,
      reason: 'may contain only letters A-Z and digits 0-9',
    });
  });

  test('reports letters where the check digits belong', () => {
    expect(validateLei('529900T8BM49AURSDO5X')).toEqual({ ok: false, reason: 'must end in two check digits' });
  });

  test('catches every single-character corruption and a transposition', () => {
    const lei = REAL_LEIS[0];
    for (let i = 0; i < lei.length; i++) {
      const replacement = lei[i] === '7' ? '8' : '7';
      const corrupted = lei.slice(0, i) + replacement + lei.slice(i + 1);
      expect(validateLei(corrupted)).toEqual({ ok: false, reason: 'check digits fail' });
    }
    expect(validateLei('259900T8BM49AURSDO55')).toEqual({ ok: false, reason: 'check digits fail' });
  });
});

describe('computeLeiCheckDigits', () => {
  test('gives the published check digits, zero-padded', () => {
    expect(computeLeiCheckDigits('529900T8BM49AURSDO')).toBe('55');
    expect(computeLeiCheckDigits('7LTWFZYICNSX8D621K')).toBe('86');
    // A base whose check value is below 10 must still give two digits.
    const base = Array.from({ length: 200 }, (_, i) => `5493${String(i).padStart(14, '0')}`).find(
      (b) => Number(computeLeiCheckDigits(b)) < 10,
    );
    expect(base).toBeDefined();
    expect(computeLeiCheckDigits(base!)).toMatch(/^0\d$/);
    expect(validateLei(base! + computeLeiCheckDigits(base!)).ok).toBe(true);
  });

  test('refuses a malformed base', () => {
    expect(() => computeLeiCheckDigits('TOO-SHORT')).toThrow('18 letters or digits');
  });
});

describe('generateLei', () => {
  test('generates valid, seed-reproducible LEIs', () => {
    const a = new Random(7);
    const b = new Random(7);
    const leis = Array.from({ length: 500 }, () => generateLei(a.next));
    for (const lei of leis) expect(validateLei(lei)).toEqual({ ok: true, value: lei });
    expect(leis).toEqual(Array.from({ length: 500 }, () => generateLei(b.next)));
    expect(new Set(leis).size).toBe(500);
    expect(leis.every((l) => l.slice(4, 6) === '00')).toBe(true);
  });
});
