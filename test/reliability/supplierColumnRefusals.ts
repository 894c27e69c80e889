/**
 * What supplier columns hold that a cell refuses as an organization, beyond the shared table
 * (test/functions/badInputs.ts): error texts, invisible blanks, control characters, lengths past the
 * limit, formulas, forced identifiers that fail their checks and prefixes with nothing after, each
 * with its exact #VALUE! message, for the reliability suite's run through the built bundle
 * (badInputs.test.ts).
 */
import { BAD_LEI, EMPTY, LEI, type BadInput } from '../functions/badInputs';

const TOO_LONG = (n: number) =>
  `The organization is too long (${n.toLocaleString('en-US')} characters): at most 300 are read.`;
const CONTROL = (code: string) =>
  `The organization contains a control character (U+${code}): retype it or use CLEAN().`;
const CELL_ERROR = (code: string) => `The organization cell holds an error (${code}): fix that cell first.`;
export const NOTHING_AFTER = (start: string) =>
  `Nothing after "${start}": write the website or e-mail address after it.`;
const FORMULA = (shown: string) => `The organization looks like a formula (${shown}): give plain text.`;

export const SUPPLIER_COLUMN_REFUSALS: BadInput[] = [
  { label: 'the text #REF! (after an apostrophe)', input: '#REF!', message: CELL_ERROR('#REF!') },
  { label: 'the text #DIV/0!', input: '#DIV/0!', message: CELL_ERROR('#DIV/0!') },
  { label: 'the text #NAME?', input: '#NAME?', message: CELL_ERROR('#NAME?') },
  { label: 'the text #SPILL!', input: '#SPILL!', message: CELL_ERROR('#SPILL!') },
  { label: 'a lower-case #n/a with spaces', input: ' #n/a ', message: CELL_ERROR('#N/A') },
  { label: 'line breaks only', input: '\n\r\n', message: EMPTY },
  { label: 'a no-break space only', input: '\u00a0', message: EMPTY },
  { label: 'a NUL character', input: 'Acme\u0000Corp', message: CONTROL('0000') },
  { label: 'a DEL character', input: 'Acme\u007fCorp', message: CONTROL('007F') },
  { label: '10,000 digits', input: '1'.repeat(10_000), message: TOO_LONG(10_000) },
  { label: '10,200 characters of markup', input: '<b>'.repeat(3_400), message: TOO_LONG(10_200) },
  { label: '301 characters, one over the limit', input: 'x'.repeat(301), message: TOO_LONG(301) },
  { label: 'a formula with -', input: '-cmd', message: FORMULA('-cmd') },
  { label: 'a formula with =', input: '=1+1', message: FORMULA('=1+1') },
  {
    label: 'a forced LEI with wrong check digits',
    input: `lei:${BAD_LEI}`,
    message: 'Not a valid LEI: check digits fail.',
  },
  {
    label: 'a forced LEI one character short',
    input: `lei:${LEI.slice(0, 19)}`,
    message: 'Not a valid LEI: must be 20 characters, got 19.',
  },
  {
    label: 'a forced ISIN with a wrong check digit',
    input: 'isin:US0378331006',
    message: 'Not a valid ISIN: check digit fails.',
  },
  {
    label: 'a forced ISIN one character short',
    input: 'isin:US037833100',
    message: 'Not a valid ISIN: must be 12 characters, got 11.',
  },
  {
    label: 'a forced DUNS of 8 digits',
    input: 'duns:12345678',
    message: 'Not a valid DUNS: must be 9 characters, got 8.',
  },
  {
    label: 'a dashed DUNS of 10 digits',
    input: '12-345-67890',
    message: 'Not a valid DUNS: must be 9 characters, got 10.',
  },
  { label: 'a 13-digit number', input: 1234567890123, message: 'Not a valid DUNS: must be 9 digits, got 13.' },
  {
    label: 'an S&P id with a decimal point',
    input: 'spg:12.5',
    message: 'Not a valid S&P Global identifier: may contain only digits (optionally after "IQ").',
  },
  { label: 'an S&P id that is only "IQ"', input: 'spg:IQ', message: 'Not a valid S&P Global identifier: is empty.' },
  {
    label: 'spg: and nothing',
    input: 'spg:',
    message: 'Nothing after "spg:": write the S&P Global identifier after it.',
  },
  { label: 'name: and spaces', input: 'name:   ', message: 'Nothing after "name:": write the name after it.' },
  {
    label: 'web: and nothing',
    input: 'web:',
    message: 'Nothing after "web:": write the website or e-mail address after it.',
  },
  { label: 'https://www. and nothing', input: 'https://www.', message: NOTHING_AFTER('https://www.') },
  { label: 'HTTP:// in capitals and nothing', input: 'HTTP://', message: NOTHING_AFTER('HTTP://') },
  { label: 'www. and spaces', input: ' www. ', message: NOTHING_AFTER('www.') },
  { label: 'web: then https:// and nothing', input: 'web:https://', message: NOTHING_AFTER('https://') },
  {
    label: 'an address start then no host',
    input: 'https:///about',
    message: 'Not a valid website: https:///about is neither a web address nor an e-mail address.',
  },
];
