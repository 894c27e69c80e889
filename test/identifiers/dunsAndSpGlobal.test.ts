import { generateDuns, generateSpGlobal, validateDuns, validateSpGlobal } from '../../src/identifiers';
import { Random } from '../../tools/sandbox/world/random';

describe('validateDuns', () => {
  test('accepts 9 digits, with or without dashes and spaces', () => {
    expect(validateDuns('150483782')).toEqual({ ok: true, value: '150483782' });
    expect(validateDuns('15-048-3782')).toEqual({ ok: true, value: '150483782' });
    expect(validateDuns(' 15 048 3782 ')).toEqual({ ok: true, value: '150483782' });
  });

  test('reports wrong length, letters and all zeros', () => {
    expect(validateDuns('15-048-378')).toEqual({ ok: false, reason: 'must be 9 characters, got 8' });
    expect(validateDuns('15048378A')).toEqual({ ok: false, reason: 'may contain only digits' });
    expect(validateDuns('000000000')).toEqual({ ok: false, reason: 'cannot be all zeros' });
  });

  test('generates valid DUNS numbers that keep 9 digits as numbers', () => {
    const r = new Random(11);
    for (let i = 0; i < 300; i++) {
      const duns = generateDuns(r.next);
      expect(validateDuns(duns)).toEqual({ ok: true, value: duns });
      expect(String(Number(duns))).toBe(duns);
    }
  });
});

describe('validateSpGlobal', () => {
  test('accepts digits, optionally after IQ', () => {
    expect(validateSpGlobal('24937')).toEqual({ ok: true, value: '24937' });
    expect(validateSpGlobal('iq24937')).toEqual({ ok: true, value: '24937' });
  });

  test('reports empty, non-digit and too long values', () => {
    expect(validateSpGlobal('  ')).toEqual({ ok: false, reason: 'is empty' });
    expect(validateSpGlobal('24A37').ok).toBe(false);
    expect(validateSpGlobal('1234567890123')).toEqual({
      ok: false,
      reason: 'must be at most 12 digits, got 13',
    });
  });

  test('generates valid identifiers', () => {
    const r = new Random(5);
    for (let i = 0; i < 100; i++) {
      const sp = generateSpGlobal(r.next);
      expect(validateSpGlobal(sp)).toEqual({ ok: true, value: sp });
      expect(sp.length).toBeGreaterThanOrEqual(6);
      expect(sp.length).toBeLessThanOrEqual(9);
    }
  });
});
