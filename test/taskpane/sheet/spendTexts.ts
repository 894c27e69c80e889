/** Spend as ERP exports and pasted reports hold it: text written like an amount, not a number (no-break spaces included). */
export const SPEND_AS_TEXT = [
  '€1.234,56',
  '$12,345.00',
  '12\u00a0345\u00a0€',
  'EUR 12,345',
  '(1,234)',
  '1.2M',
  '12345',
];
