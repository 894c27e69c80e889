/**
 * Whether a cell's text is written like an amount of money, the way ERP exports and pasted reports
 * hold spend (`€1.234,56`, `$12,345.00`, `12 345 €`, `EUR 12,345`, `(1,234)`, `1.2M`, `1.250,-`):
 * its shape only, never its value. The value depends on the locale that wrote it (`1.234` is 1234 in
 * Germany and 1.234 in the US) and on a currency the column may mix, so nothing here turns text into
 * a number. The spend column guess reads it: such a column is still proposed, and the Climate summary
 * then reports those cells instead of counting them silently as no spend.
 */

/** ISO codes (EUR), symbols with an optional country prefix (US$, R$), kr and Fr. */
const CURRENCY = String.raw`(?:[a-z]{3}|[a-z]{0,2}[$€£¥₹₩₽₺₪₫₴₦₱฿¢]|kr|fr\.?)`;
/** Digits in groups of three (any of . , ' ’ or a space between them) or without groups, then decimals. */
const NUMBER = String.raw`(?:\d{1,3}(?:[.,'’ ]\d{3})+|\d+)(?:[.,]\d+)?`;
/** Thousands, millions, billions as reports shorten them (k, M, Mio., bn, Mrd.). */
const SCALE = String.raw`(?:k|tsd\.?|m|mn|mio\.?|b|bn|mrd\.?)`;
/** A sign before, a minus after (SAP exports), `,-` for no cents; the whole in parentheses is handled apart. */
const AMOUNT = new RegExp(
  String.raw`^[-+−]?(?:${CURRENCY} ?)?[-+−]?${NUMBER}(?:[.,]-)?(?: ?${SCALE})?(?: ?${CURRENCY})?-?$`,
  'i',
);

export function looksLikeAmount(text: string): boolean {
  const spaced = text.replace(/[\s\u00a0\u202f\u3000]+/g, ' ').trim();
  // Accounting negatives: (1,234).
  const inner = /^\((.*)\)$/.exec(spaced)?.[1].trim() ?? spaced;
  return AMOUNT.test(inner);
}
