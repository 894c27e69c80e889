/**
 * Organization inputs a cell cannot use, with the exact message each gets (#VALUE!, nothing sent).
 * One table for the parser's unit test, the workbook sheets of the harness tests and the benchmark's
 * bad-input suite. Inputs are what a worksheet cell can hold (text, number, boolean, empty).
 */
import { computeLeiCheckDigits } from '../../src/identifiers';

export const LEI = '5493001KJTIIGC8Y1R' + computeLeiCheckDigits('5493001KJTIIGC8Y1R');
export const BAD_LEI = LEI.slice(0, 18) + String((Number(LEI.slice(18)) + 1) % 100).padStart(2, '0');
export const ISIN = 'US0378331005';
export const EMPTY = 'The organization is empty: give a name, website, DUNS, LEI, ISIN or spg:<id>.';

export interface BadInput {
  label: string;
  input: string | number | boolean | null | undefined;
  message: string;
}

export const BAD_ORGANIZATIONS: readonly BadInput[] = [
  { label: 'an empty cell', input: null, message: EMPTY },
  { label: 'an omitted argument', input: undefined, message: EMPTY },
  { label: 'an empty string', input: '', message: EMPTY },
  { label: 'whitespace', input: '   \t ', message: EMPTY },
  // What supplier lists write where they have nothing: sent as a name, each registered an organization.
  {
    label: 'a placeholder for no value (N/A)',
    input: 'N/A',
    message: 'The organization is empty (it says "N/A"): give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  {
    label: 'a dash for no value',
    input: ' – ',
    message: 'The organization is empty (it says "–"): give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  {
    label: 'a placeholder in any case (Unknown)',
    input: 'Unknown',
    message: 'The organization is empty (it says "Unknown"): give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  // An address that is not the organization's own: sent, its host's domain matched the host.
  {
    label: "the supplier's LinkedIn page",
    input: 'https://www.linkedin.com/company/acme-corp/',
    message:
      "https://www.linkedin.co… is a page on linkedin.com, not the organization's own site: give the organization's name or its own website.",
  },
  {
    label: 'an e-mail address at a mailbox anyone can have',
    input: 'acme.sales@gmail.com',
    message:
      "acme.sales@gmail.com is an address at gmail.com, where anyone can have one: give the organization's name or its own website.",
  },
  // An identifier after its label that the service does not take: sent, a name no organization has.
  {
    label: 'a CUSIP after its label',
    input: 'CUSIP 037833100',
    message:
      'The service finds no organization by a CUSIP (CUSIP 037833100): give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  {
    label: 'TRUE',
    input: true,
    message: 'TRUE is not an organization: give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  {
    label: 'FALSE',
    input: false,
    message: 'FALSE is not an organization: give a name, website, DUNS, LEI, ISIN or spg:<id>.',
  },
  {
    label: 'the text #N/A (typed after an apostrophe, or pasted into a text cell)',
    input: '#N/A',
    message: 'The organization cell holds an error (#N/A): fix that cell first.',
  },
  {
    label: '10,000 characters',
    input: 'x'.repeat(10_000),
    message: 'The organization is too long (10,000 characters): at most 300 are read.',
  },
  {
    label: 'a control character',
    input: 'Acme\u0007Corp',
    message: 'The organization contains a control character (U+0007): retype it or use CLEAN().',
  },
  {
    label: 'a tab inside',
    input: 'Acme\tCorp',
    message: 'The organization contains a control character (U+0009): retype it or use CLEAN().',
  },
  {
    label: 'a right-to-left override',
    input: 'Acme \u202emoc.live',
    message: 'The organization contains an invisible direction control (U+202E): retype it.',
  },
  {
    label: 'markup',
    input: '<script>alert(1)</script>',
    message: 'The organization looks like markup (<script>): give plain text.',
  },
  {
    label: 'an image tag',
    input: 'Acme <img src=x onerror=alert(1)>',
    message: 'The organization looks like markup (<img src=x onerror=aler…): give plain text.',
  },
  {
    label: 'two e-mail contacts',
    input: 'Jane Doe <jane@acme.com>, Bob <bob@acme.com>',
    message: 'The organization looks like markup (<jane@acme.com>): give plain text.',
  },
  {
    label: 'a tag with an address in it',
    input: '<svg/onload=alert(1)//@x.com>',
    message: 'The organization looks like markup (<svg/onload=alert(1)//@…): give plain text.',
  },
  {
    label: 'an e-mail contact whose domain is not one',
    input: 'Jo <jo@acme-.com>',
    message: 'Not a valid website: Jo <jo@acme-.com> is neither a web address nor an e-mail address.',
  },
  {
    label: 'a formula',
    input: '=HYPERLINK("http://x.example")',
    message: 'The organization looks like a formula (=HYPERLINK("http://x.ex…): give plain text.',
  },
  {
    label: 'a formula with +',
    input: '+cmd|calc',
    message: 'The organization looks like a formula (+cmd|calc): give plain text.',
  },
  {
    label: 'a formula with @',
    input: '@SUM(A1:A9)',
    message: 'The organization looks like a formula (@SUM(A1:A9)): give plain text.',
  },
  { label: 'an LEI with wrong check digits', input: BAD_LEI, message: 'Not a valid LEI: check digits fail.' },
  {
    label: 'an LEI one character short',
    input: LEI.slice(0, 19),
    message: 'Not a valid LEI: must be 20 characters, got 19.',
  },
  {
    label: 'a labelled LEI with wrong check digits',
    input: `LEI ${BAD_LEI}`,
    message: 'Not a valid LEI: check digits fail.',
  },
  {
    label: 'an ISIN labelled as an LEI',
    input: `LEI ${ISIN}`,
    message: 'Not a valid LEI: must be 20 characters, got 12.',
  },
  { label: 'an ISIN with a wrong check digit', input: 'US0378331006', message: 'Not a valid ISIN: check digit fails.' },
  {
    label: 'an ISIN one character short',
    input: 'US037833100',
    message: 'Not a valid ISIN: must be 12 characters, got 11.',
  },
  {
    label: 'a forced ISIN without a country code',
    input: 'isin:120378331005',
    message: 'Not a valid ISIN: must start with a 2-letter country code.',
  },
  { label: 'a DUNS with 10 digits', input: '1504837821', message: 'Not a valid DUNS: must be 9 characters, got 10.' },
  { label: 'a DUNS number with 10 digits', input: 1504837821, message: 'Not a valid DUNS: must be 9 digits, got 10.' },
  { label: 'a number Excel shows as 1E+21', input: 1e21, message: 'Not a valid DUNS: must be 9 digits, got 22.' },
  {
    label: 'the largest number',
    input: Number.MAX_VALUE,
    message: 'Not a valid DUNS: must be 9 digits, got 309.',
  },
  { label: 'a DUNS of zeros', input: '000-000-000', message: 'Not a valid DUNS: cannot be all zeros.' },
  {
    label: 'a forced DUNS with letters',
    input: 'duns:15048378X',
    message: 'Not a valid DUNS: may contain only digits.',
  },
  { label: 'a fraction', input: 12.5, message: 'Not a valid DUNS: 12.5 is not a whole number.' },
  { label: 'a negative number', input: -5, message: 'Not a valid DUNS: -5 is not a positive number.' },
  { label: 'zero', input: 0, message: 'Not a valid DUNS: 0 is not a positive number.' },
  {
    label: 'an S&P id with letters',
    input: 'spg:ABC',
    message: 'Not a valid S&P Global identifier: may contain only digits (optionally after "IQ").',
  },
  { label: 'a prefix and nothing', input: 'lei:', message: 'Nothing after "lei:": write the LEI after it.' },
  {
    label: 'http:// and nothing',
    input: 'http://',
    message: 'Nothing after "http://": write the website or e-mail address after it.',
  },
  {
    label: 'https:// and nothing',
    input: 'https://',
    message: 'Nothing after "https://": write the website or e-mail address after it.',
  },
  {
    label: 'www. and nothing',
    input: 'www.',
    message: 'Nothing after "www.": write the website or e-mail address after it.',
  },
  {
    label: 'mailto: and nothing',
    input: 'mailto:',
    message: 'Nothing after "mailto:": write the website or e-mail address after it.',
  },
  {
    label: 'a forced website that is not one',
    input: 'web:not a site',
    message: 'Not a valid website: not a site is neither a web address nor an e-mail address.',
  },
  {
    label: 'a Unicode web address with an empty label',
    input: 'https://müller..de',
    message: 'Not a valid website: https://müller..de is neither a web address nor an e-mail address.',
  },
];

const INITIATIVE_LIST =
  'SBTi, CDP, Climate Pledge, UN Global Compact, RE100, Climate Action 100+, Race to Zero, RSPO, PRI, ' +
  'Responsible Business Alliance, Responsible Minerals Initiative, Responsible Labor Initiative, EcoVadis, Reduction action';

/** Initiative arguments of CLIMATE.FLAG that are refused, whatever the organization. */
export const BAD_INITIATIVES: readonly BadInput[] = [
  {
    label: 'an unknown initiative',
    input: 'Net Zero Club',
    message: `Unknown initiative "Net Zero Club". Use one of: ${INITIATIVE_LIST}.`,
  },
  {
    label: 'a misspelt initiative',
    input: 'SBTI2',
    message: `Unknown initiative "SBTI2". Use one of: ${INITIATIVE_LIST}.`,
  },
  {
    label: 'an empty initiative',
    input: null,
    message: 'The initiative is empty: give an initiative name such as "SBTi".',
  },
  {
    label: 'a name and an abbreviation of two initiatives',
    input: 'CDP (RE100)',
    message: `Unknown initiative "CDP (RE100)". Use one of: ${INITIATIVE_LIST}.`,
  },
  { label: 'a number as initiative', input: 3, message: '3 is not an initiative name such as "SBTi".' },
  {
    label: 'a formula as initiative',
    input: '=A1',
    message: 'The initiative looks like a formula (=A1): give plain text.',
  },
];
