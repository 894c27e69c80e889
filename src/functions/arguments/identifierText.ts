/**
 * Identifiers as analysts write them in a cell, read by one rule wherever a function takes one: which
 * identifier a text is (the organization argument reads a DUNS, LEI or ISIN so, SBTI's company
 * argument an ISIN or an LEI), and the message when its check fails. In order:
 * - after an identifier's label (`LEI 5493…`, `DUNS Number: 150483782`, `D-U-N-S 150483782`), that identifier;
 * - an LEI or ISIN as people paste it, in any case and with spaces or dashes, when the check digits
 *   of the compacted form pass (only then: a name must not become an identifier by chance);
 * - a run of up to 9 digits (its leading zeros restored), also with thousands separators
 *   (`150,483,782`), or digits with spaces or dashes, is a DUNS;
 * - 20 upper-case letters/digits ending in 2 digits is an LEI, 2 letters + 9 + a digit an ISIN
 *   (also written in blocks of four); near misses of those shapes are that identifier too, so they
 *   get its own message rather than being looked up as a name.
 * And which identifiers the service does not take a text is written as (`CUSIP 037833100`), so that
 * the organization argument refuses it rather than sending a name no organization has.
 */
import { t } from '../../i18n/translate';
import { validateDuns, validateIsin, validateLei, type IdentifierCheck } from '../../identifiers/index';
import { ArgumentError } from './argumentError';

export type IdentifierKind = 'duns' | 'lei' | 'isin' | 'spg';

export interface WrittenIdentifier {
  kind: Exclude<IdentifierKind, 'spg'>;
  check: IdentifierCheck;
}

/** Digits an LEI or ISIN pasted in another case or with separators must hold (real ones hold 4 or more). */
const MIN_PASTED_DIGITS = 4;

/**
 * An identifier's label, as forms and profile pages write it, and the rest: `LEI 5493…`, `LEI-5493…`,
 * `DUNS 15-048-3782`, `DUNS Number: 150483782`, `DUNS #150483782`, D&B's `D-U-N-S No. 150483782`.
 */
const LABELLED = /^(lei|isin|duns|d-u-n-s)(?:\s*(?:number|no\.?|nr\.?|code|id))?(?:\s*[:#-]\s*|\s+)(.+)$/i;
/** Up to 9 digits with thousands separators, as a number cell formatted so shows them when copied as text. */
const GROUPED_DIGITS = /^[0-9]{1,3}([,.])[0-9]{3}\1[0-9]{3}$/;
/** Each written identifier's check, by kind. */
export const VALIDATE = { duns: validateDuns, lei: validateLei, isin: validateIsin } as const;

/**
 * The identifier a text is written as, with its check; null when it is written as none. After a label
 * (`LEI 5493…`), what is written as an identifier is the label's kind: its own, or checked as the
 * label's (an ISIN labelled LEI gets the LEI's message); a number after LEI or ISIN, or what is written
 * as none, leaves a name.
 */
export function writtenIdentifier(text: string): WrittenIdentifier | null {
  const labelled = LABELLED.exec(text);
  const written = labelled ? unlabelled(labelled[2]) : null;
  const kind = labelled?.[1].replace(/-/g, '').toLowerCase() as WrittenIdentifier['kind'] | undefined;
  if (labelled && written && kind) {
    if (written.kind === kind) return written;
    // A number after LEI or ISIN is a name's ("Lei 2000"); an identifier of another kind is a mistake.
    if (written.kind !== 'duns') return { kind, check: VALIDATE[kind](labelled[2]) };
  }
  return unlabelled(text);
}

function unlabelled(text: string): WrittenIdentifier | null {
  const pasted = pastedIdentifier(text);
  if (pasted) return pasted;
  const digits = GROUPED_DIGITS.test(text) ? text.replace(/[,.]/g, '') : text;
  if (/^[0-9]{1,9}$/.test(digits)) return { kind: 'duns', check: validateDuns(digits.padStart(9, '0')) };
  if (/^[0-9][0-9 -]*[0-9]$/.test(text)) return { kind: 'duns', check: validateDuns(text) };
  const code = /^[0-9A-Z]{4}(?: [0-9A-Z]{4})+$/.test(text) ? text.replace(/ /g, '') : text;
  if (!/^[0-9A-Z]+$/.test(code) || !/[0-9]/.test(code)) return null;
  if (/^[0-9A-Z]{18}[0-9]{2}$/.test(code)) return { kind: 'lei', check: validateLei(code) };
  if (/^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(code)) return { kind: 'isin', check: validateIsin(code) };
  // Near misses (a character lost or added): the identifier's own message beats a name lookup.
  const codeDigits = code.replace(/[^0-9]/g, '').length;
  if (codeDigits >= 6 && /^[A-Z]{2}/.test(code) && code.length >= 10 && code.length <= 14) {
    return { kind: 'isin', check: validateIsin(code) };
  }
  if (codeDigits >= 6 && code.length >= 16 && code.length <= 24) return { kind: 'lei', check: validateLei(code) };
  return null;
}

/** An LEI or ISIN in another case or with spaces or dashes, only when the compacted form passes its check. */
function pastedIdentifier(text: string): WrittenIdentifier | null {
  const code = text.replace(/[\s-]+/g, '').toUpperCase();
  if (code === text || !/^[0-9A-Z]+$/.test(code) || code.replace(/[^0-9]/g, '').length < MIN_PASTED_DIGITS) return null;
  const lei = code.length === 20 ? validateLei(code) : null;
  if (lei?.ok) return { kind: 'lei', check: lei };
  const isin = code.length === 12 ? validateIsin(code) : null;
  return isin?.ok ? { kind: 'isin', check: isin } : null;
}

/** The identifier's normalized value, or the refusal saying what is wrong ("Not a valid LEI: check digits fail."). */
export function checkedIdentifier(kind: IdentifierKind, check: IdentifierCheck): string {
  if (check.ok) return check.value;
  throw new ArgumentError(t(`cells.invalid.${kind}`, { reason: check.reason }));
}

/** Identifiers analysts' lists carry that the service finds no organization by, by their labels (`cells.other.<label>` names each). */
const OTHER_IDENTIFIERS = ['cusip', 'sedol', 'figi', 'cik', 'ein', 'vat', 'ticker', 'ric'] as const;
type OtherIdentifier = (typeof OTHER_IDENTIFIERS)[number];
const isOtherIdentifier = (label: string): label is OtherIdentifier =>
  (OTHER_IDENTIFIERS as readonly string[]).includes(label);

/**
 * Which identifier the service does not take a text is written as, after its label, or null: `CUSIP
 * 037833100`, `cusip:037833100`, `ticker:AAPL`. Sent, each would be a name no organization has, and
 * registered as one. After a space only a code of 6 characters or more with a digit counts (`Ticker
 * Tape Ltd` and `VAT 69` are names).
 */
export function otherIdentifier(text: string): string | null {
  const written = /^([a-z]+)(\s*[:#]\s*|\s+)(\S+)$/i.exec(text);
  const which = written?.[1].toLowerCase();
  if (!written || which === undefined || !isOtherIdentifier(which)) return null;
  const [, , separator, code] = written;
  // These codes run to 6 characters and more (a SEDOL 7, a CUSIP 9): `VAT 69` is a name.
  const codeLike = /\d/.test(code) && code.replace(/[^0-9a-z]/gi, '').length >= 6;
  return /[:#]/.test(separator) || codeLike ? t(`cells.other.${which}`) : null;
}
