/**
 * The organization argument as cells really write it, beside the plain forms organizationArgument.test.ts
 * reads: identifiers after their labels, with separators, in any case; and text as paste leaves it
 * (quotes around it, invisible characters, full-width letters and digits).
 */
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import { ISIN, LEI } from '../badInputs';

test.each<[string, unknown, object]>([
  // An identifier's label before it, with a space instead of a colon (as exports and data sheets write it).
  ['a labelled LEI', `LEI ${LEI}`, { lei_number: LEI }],
  ['a labelled ISIN in lower case', `isin ${ISIN.toLowerCase()}`, { isin_number: ISIN }],
  ['a labelled DUNS with dashes', 'DUNS 15-048-3782', { duns_number: '150483782' }],
  ["D&B's own spelling, with a space", 'D-U-N-S 150483782', { duns_number: '150483782' }],
  ["D&B's own spelling, with a colon", 'D-U-N-S: 012345678', { duns_number: '012345678' }],
  ['a labelled S&P Global id', 'SPG 24937', { sp_global_number: '24937' }],
  // The label as forms and profile pages write it: a hyphen, a hash, "number", "No.", "code".
  ['an LEI after a hyphen', `LEI-${LEI}`, { lei_number: LEI }],
  ['a DUNS after "DUNS Number:"', 'DUNS Number: 150483782', { duns_number: '150483782' }],
  ['a DUNS after "D-U-N-S No."', 'D-U-N-S No. 15-048-3782', { duns_number: '150483782' }],
  ['a DUNS after "DUNS #"', 'DUNS #150483782', { duns_number: '150483782' }],
  ['an LEI after "LEI code"', `LEI code ${LEI}`, { lei_number: LEI }],
  ['an ISIN after "ISIN:" in another case', `Isin Code: ${ISIN}`, { isin_number: ISIN }],
  ['a name after a label word and a hyphen', 'LEI-Holdings', { name: 'LEI-Holdings' }],
  ['a name of a label word, "code" and a word', 'Lei Code Ltd', { name: 'Lei Code Ltd' }],
  // A DUNS as a number cell formatted with thousands separators shows, copied as text.
  ['a DUNS as text with thousands separators', '150,483,782', { duns_number: '150483782' }],
  ['a DUNS as text with separators, its zero lost', '12,345,678', { duns_number: '012345678' }],
  ['a DUNS as text with dots for separators', '150.483.782', { duns_number: '150483782' }],
  ['an amount with cents, as text (a name)', '1,234,567.89', { name: '1,234,567.89' }],
  ['mixed separators (a name)', '150,483.782', { name: '150,483.782' }],
  ['a name that starts with a label word', 'LEI Holdings', { name: 'LEI Holdings' }],
  ['a name that starts with a label word and digits', 'Duns 2 Ltd', { name: 'Duns 2 Ltd' }],
  ['a name of a label word and a number', 'Lei 2000', { name: 'Lei 2000' }],
  ['a name made of digits', 'name:123456789', { name: '123456789' }],
  ['a name that looks like an address', 'name:Amazon.com', { name: 'Amazon.com' }],
  ['a forced website', 'web:acme.com', { website: 'acme.com' }],
  ['a name with a colon', 'Note: Acme', { name: 'Note: Acme' }],
  ['a mixed-case word with digits', 'Area51Labs', { name: 'Area51Labs' }],
  ['a Double cell value (a DUNS)', { type: 'Double', basicValue: 150483782 }, { duns_number: '150483782' }],
  // As paste leaves a text: quotes around it (a CSV's doubled ones inside), invisible characters, full width.
  ['a name in the quotes of a CSV', '"Acme Corp"', { name: 'Acme Corp' }],
  ['a name with quotes inside, CSV-escaped', '"Acme ""Best"" Corp"', { name: 'Acme "Best" Corp' }],
  ['a name in typographic quotes', '\u201eAcme GmbH\u201c', { name: 'Acme GmbH' }],
  ['a name in guillemets', '«Acme SA»', { name: 'Acme SA' }],
  ['a quoted website is a website', '"acme.com"', { website: 'acme.com' }],
  ['a quoted DUNS is a DUNS', "'150483782'", { duns_number: '150483782' }],
  ['quotes around part of a name stay', 'Acme "Best" Corp', { name: 'Acme "Best" Corp' }],
  ['quotes at both ends of two quoted parts stay', '"Acme" and "Best"', { name: '"Acme" and "Best"' }],
  ['a zero-width space pasted from a web page', '\u200bAcme Corp\u200b', { name: 'Acme Corp' }],
  ['a soft hyphen', 'Acme\u00adworks', { name: 'Acmeworks' }],
  ['a name in full-width letters (an input method)', 'Ａｃｍｅ Corp', { name: 'Acme Corp' }],
  ['a DUNS in full-width digits', '１５０４８３７８２', { duns_number: '150483782' }],
  ['an e-mail address in full width', 'ｊａｎｅ＠ａｃｍｅ．ｃｏｍ', { website: 'acme.com' }],
  ['an entity cell value by its text', { type: 'Entity', text: 'Acme Corp', properties: {} }, { name: 'Acme Corp' }],
  ['a 1x1 range', [['Acme Corp']], { name: 'Acme Corp' }],
  // Identifiers as people paste them: any case, spaces or dashes, when the check digits pass.
  ['a lower-case ISIN', ISIN.toLowerCase(), { isin_number: ISIN }],
  ['a mixed-case ISIN', 'Us0378331005', { isin_number: ISIN }],
  ['an ISIN with a space', 'US 0378331005', { isin_number: ISIN }],
  ['an ISIN with a dash', 'US-0378331005', { isin_number: ISIN }],
  ['an ISIN with two dashes', 'US-037833100-5', { isin_number: ISIN }],
  ['a lower-case ISIN in blocks', 'us03 7833 1005', { isin_number: ISIN }],
  ['an ISIN with letters in its body, lower case', 'gb00bh4hks39', { isin_number: 'GB00BH4HKS39' }],
  ['a lower-case LEI', LEI.toLowerCase(), { lei_number: LEI }],
  [
    'a mixed-case LEI with dashes',
    `${LEI.slice(0, 4)}-${LEI.slice(4, 10).toLowerCase()}-${LEI.slice(10)}`,
    { lei_number: LEI },
  ],
  // ... and only then: a name stays a name.
  ['a lower-case ISIN whose check digit fails (a name)', 'us0378331006', { name: 'us0378331006' }],
  ['an ISIN-shaped name with a dash whose check fails', 'US-0378331006', { name: 'US-0378331006' }],
  ['a name with digits and dashes', 'Route-66 Diner 2024', { name: 'Route-66 Diner 2024' }],
  ['a lower-case name of 12 letters', 'brightwaters', { name: 'brightwaters' }],
])('%s', (_label, input, query) => {
  expect(parseOrganization(input).query).toEqual(query);
});

test.each([
  ['cusip:037833100', 'a CUSIP'],
  ['SEDOL 2046251', 'a SEDOL'],
  ['Ticker: MSFT', 'a ticker'],
  ['VAT DE123456789', 'a VAT number'],
  ['EIN 12-3456789', 'an EIN'],
  ['CIK 0000320193', 'an SEC CIK'],
])('%s is an identifier the service does not take, refused rather than sent as a name', (input, which) => {
  expect(() => parseOrganization(input)).toThrow(`The service finds no organization by ${which} (`);
});

test.each(['Ticker Tape Ltd', 'Ticker AAPL', 'Vat Holdings', 'Cusip Group', 'Ein Gedi 3', 'VAT 69'])(
  '%s, a label word and no code, is a name',
  (input) => {
    expect(parseOrganization(input).query).toEqual({ name: input });
  },
);

test('quotes around nothing, or around a placeholder, are an empty organization', () => {
  expect(() => parseOrganization('""')).toThrow('The organization is empty:');
  expect(() => parseOrganization('"N/A"')).toThrow('The organization is empty (it says "N/A")');
  expect(() => parseOrganization('\u200b')).toThrow('The organization is empty:');
});
