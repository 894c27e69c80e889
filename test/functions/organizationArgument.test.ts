/**
 * The organization argument: every kind of input an analyst's column holds, and the exact message a
 * cell shows for each one it cannot use (the same texts the function reference documents).
 */
import { computeLeiCheckDigits } from '../../src/identifiers';
import { ArgumentError } from '../../src/functions/argumentError';
import { parseOrganization } from '../../src/functions/organizationArgument';

const LEI = '5493001KJTIIGC8Y1R' + computeLeiCheckDigits('5493001KJTIIGC8Y1R');
const BAD_LEI = LEI.slice(0, 18) + String((Number(LEI.slice(18)) + 1) % 100).padStart(2, '0');
const ISIN = 'US0378331005';
const EMPTY = 'The organization is empty: give a name, website, DUNS, LEI, ISIN or spg:<id>.';

describe('parseOrganization reads', () => {
  test.each<[string, unknown, object]>([
    ['a name', 'Acme Corp', { name: 'Acme Corp' }],
    ['a name with stray spaces', '  Acme \u00a0  Corp ', { name: 'Acme Corp' }],
    ['a name with a trailing line break (pasted)', 'Acme Corp\n', { name: 'Acme Corp' }],
    ['a bare domain', 'acme.com', { website: 'acme.com' }],
    ['a full address', 'https://www.Acme.com/about?x=1', { website: 'acme.com' }],
    ['an e-mail address', 'jane.doe@acme.co.uk', { website: 'acme.co.uk' }],
    ['a mailto: address', 'mailto:jane@acme.com', { website: 'acme.com' }],
    ['a DUNS as a number', 150483782, { duns_number: '150483782' }],
    ['a DUNS number that lost its leading zero', 12345678, { duns_number: '012345678' }],
    ['a DUNS with dashes', '15-048-3782', { duns_number: '150483782' }],
    ['a DUNS as text with its zero', '012345678', { duns_number: '012345678' }],
    ['a DUNS as digits text without its zero', '12345678', { duns_number: '012345678' }],
    ['an LEI', LEI, { lei_number: LEI }],
    ['an LEI in blocks of four', LEI.replace(/(.{4})/g, '$1 ').trim(), { lei_number: LEI }],
    ['an ISIN', ISIN, { isin_number: ISIN }],
    ['an S&P Global id', 'spg:IQ24937', { sp_global_number: '24937' }],
    ['a forced lower-case LEI', `lei:${LEI.toLowerCase()}`, { lei_number: LEI }],
    ['a forced ISIN', `ISIN: ${ISIN}`, { isin_number: ISIN }],
    ['a forced DUNS', 'duns:15 048 3782', { duns_number: '150483782' }],
    ['a name made of digits', 'name:123456789', { name: '123456789' }],
    ['a name that looks like an address', 'name:Amazon.com', { name: 'Amazon.com' }],
    ['a forced website', 'web:acme.com', { website: 'acme.com' }],
    ['a name with a colon', 'Note: Acme', { name: 'Note: Acme' }],
    ['a mixed-case word with digits', 'Area51Labs', { name: 'Area51Labs' }],
    ['a Double cell value (a DUNS)', { type: 'Double', basicValue: 150483782 }, { duns_number: '150483782' }],
    ['an entity cell value by its text', { type: 'Entity', text: 'Acme Corp', properties: {} }, { name: 'Acme Corp' }],
    ['a 1x1 range', [['Acme Corp']], { name: 'Acme Corp' }],
  ])('%s', (_label, input, query) => {
    expect(parseOrganization(input).query).toEqual(query);
  });

  test('website and country arguments join the query', () => {
    expect(parseOrganization('Acme', 'https://acme.com/', 'us').query).toEqual({ name: 'Acme', website: 'acme.com', hq_region: 'US' });
    expect(parseOrganization('Acme', null, 'Germany').query).toEqual({ name: 'Acme', hq_region: 'Germany' });
    expect(parseOrganization('acme.com', 'www.acme.com').query).toEqual({ website: 'acme.com' });
  });

  test('the card shows the organization as sent, normalized', () => {
    expect(parseOrganization(12345678).text).toBe('012345678');
    expect(parseOrganization('spg:IQ24937').text).toBe('spg:24937');
    expect(parseOrganization(' Acme  Corp ').text).toBe('Acme Corp');
  });
});

describe('parseOrganization refuses, with the message the cell shows', () => {
  test.each<[string, unknown, string]>([
    ['an empty cell', null, EMPTY],
    ['an omitted argument', undefined, EMPTY],
    ['an empty string', '', EMPTY],
    ['whitespace', '   \t ', EMPTY],
    ['TRUE', true, 'TRUE is not an organization: give a name, website, DUNS, LEI, ISIN or spg:<id>.'],
    ['FALSE', false, 'FALSE is not an organization: give a name, website, DUNS, LEI, ISIN or spg:<id>.'],
    ['#N/A typed or pasted', '#N/A', 'The organization cell holds an error (#N/A): fix that cell first.'],
    ['an error cell value', { type: 'Error', errorType: 'Ref' }, 'The organization cell holds an error (#REF!): fix that cell first.'],
    ['a range', [['a', 'b'], ['c', 'd']], 'The organization must be one cell, not a 2x2 range.'],
    ['10,000 characters', 'x'.repeat(10_000), 'The organization is too long (10000 characters): at most 300 are read.'],
    ['a control character', 'Acme\u0007Corp', 'The organization contains a control character (U+0007): retype it or use CLEAN().'],
    ['a tab inside', 'Acme\tCorp', 'The organization contains a control character (U+0009): retype it or use CLEAN().'],
    ['markup', '<script>alert(1)</script>', 'The organization looks like markup (<script>): give plain text.'],
    ['an image tag', 'Acme <img src=x onerror=alert(1)>', 'The organization looks like markup (<img src=x onerror=aler…): give plain text.'],
    ['a formula', '=HYPERLINK("http://x.example")', 'The organization looks like a formula (=HYPERLINK("http://x.ex…): give plain text.'],
    ['a formula with +', '+cmd|calc', 'The organization looks like a formula (+cmd|calc): give plain text.'],
    ['a formula with @', '@SUM(A1:A9)', 'The organization looks like a formula (@SUM(A1:A9)): give plain text.'],
    ['an LEI with wrong check digits', BAD_LEI, 'Not a valid LEI: check digits fail.'],
    ['an LEI one character short', LEI.slice(0, 19), 'Not a valid LEI: must be 20 characters, got 19.'],
    ['an ISIN with a wrong check digit', 'US0378331006', 'Not a valid ISIN: check digit fails.'],
    ['an ISIN one character short', 'US037833100', 'Not a valid ISIN: must be 12 characters, got 11.'],
    ['a forced ISIN without a country code', 'isin:120378331005', 'Not a valid ISIN: must start with a 2-letter country code.'],
    ['a DUNS with 10 digits', '1504837821', 'Not a valid DUNS: must be 9 characters, got 10.'],
    ['a DUNS number with 10 digits', 1504837821, 'Not a valid DUNS: must be 9 digits, got 10.'],
    ['a DUNS of zeros', '000-000-000', 'Not a valid DUNS: cannot be all zeros.'],
    ['a forced DUNS with letters', 'duns:15048378X', 'Not a valid DUNS: may contain only digits.'],
    ['a fraction', 12.5, 'Not a valid DUNS: 12.5 is not a whole number.'],
    ['a negative number', -5, 'Not a valid DUNS: -5 is not a positive number.'],
    ['zero', 0, 'Not a valid DUNS: 0 is not a positive number.'],
    ['an S&P id with letters', 'spg:ABC', 'Not a valid S&P Global identifier: may contain only digits (optionally after "IQ").'],
    ['a prefix and nothing', 'lei:', 'Nothing after "lei:": write the LEI after it.'],
    ['a forced website that is not one', 'web:not a site', 'Not a valid website: not a site is neither a web address nor an e-mail address.'],
  ])('%s', (_label, input, message) => {
    expect(() => parseOrganization(input)).toThrow(new ArgumentError(message));
  });

  test.each<[string, unknown, unknown, string]>([
    ['a website that is not one', 'no site', undefined, 'Not a valid website: no site is neither a web address nor an e-mail address.'],
    ['a website as a number', 42, undefined, '42 is not a web or e-mail address.'],
    ['a country as a number', undefined, 42, '42 is not a country code or name.'],
    ['a country with symbols', undefined, 'U$A', 'Not a country: U$A (give a code such as US or a name).'],
    ['a country as markup', undefined, '<b>US</b>', 'The country looks like markup (<b>): give plain text.'],
  ])('%s', (_label, website, country, message) => {
    expect(() => parseOrganization('Acme Corp', website, country)).toThrow(new ArgumentError(message));
  });

  test('two different websites', () => {
    expect(() => parseOrganization('acme.com', 'other.com')).toThrow(new ArgumentError('Two different websites: acme.com and other.com.'));
  });
});
