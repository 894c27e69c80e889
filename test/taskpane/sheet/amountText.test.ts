/**
 * Which texts are written like an amount of money (the spend column guess reads the shape only, never
 * a value): ERP exports, pasted reports, no-break spaces, accounting negatives; and texts that are not.
 */
import { looksLikeAmount } from '../../../src/taskpane/sheet/amountText';

describe('text written like an amount', () => {
  test.each([
    '€1.234,56',
    '$12,345.00',
    '12\u00a0345\u00a0€',
    '12\u202f345,50 EUR',
    'EUR 12,345',
    'US$ 1,200',
    '(1,234)',
    '( € 1.234,56 )',
    '-1.234,00',
    '1 234,56-',
    '1.250,-',
    "CHF 1'250.50",
    '1.2M',
    '350k',
    '3,5 Mio.',
    'USD 3.5 bn',
    '12345',
    ' 12,345 ',
    '£0.99',
  ])('%s is', (text) => {
    expect(looksLikeAmount(text)).toBe(true);
  });

  test.each([
    '',
    'EUR',
    '€',
    'high',
    'n/a',
    '12 suppliers',
    'Q3',
    '12-14',
    '2024-01-01',
    '01.02.2024',
    '1.2.3',
    '1,23,4',
    '12 34',
    'approx. 5000',
  ])('%s is not', (text) => {
    expect(looksLikeAmount(text)).toBe(false);
  });
});
