/**
 * The organization argument: every kind of input an analyst's column holds, and the exact message a
 * cell shows for each one it cannot use (the same texts the function reference documents).
 */
import { ArgumentError } from '../../../src/functions/arguments/argumentError';
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import { BAD_ORGANIZATIONS, ISIN, LEI } from '../badInputs';

describe('parseOrganization reads', () => {
  test.each<[string, unknown, object]>([
    ['a name', 'Acme Corp', { name: 'Acme Corp' }],
    ['a name with stray spaces', '  Acme \u00a0  Corp ', { name: 'Acme Corp' }],
    ['a name with a trailing line break (pasted)', 'Acme Corp\n', { name: 'Acme Corp' }],
    ['a bare domain', 'acme.com', { website: 'acme.com' }],
    ['a full address', 'https://www.Acme.com/about?x=1', { website: 'acme.com' }],
    ['an e-mail address', 'jane.doe@acme.co.uk', { website: 'acme.co.uk' }],
    ['a mailto: address', 'mailto:jane@acme.com', { website: 'acme.com' }],
    [
      'a mailto: link with a subject, as a page links it',
      'mailto:Jane@Acme.com?subject=Quote%20request',
      { website: 'acme.com' },
    ],
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
    // Websites and e-mail addresses: the registrable domain, by the public suffix list.
    ['an e-mail address on a sub-domain', 'buyer@procurement.apple.com', { website: 'apple.com' }],
    ['a web address on a sub-domain', 'https://procurement.apple.com/suppliers', { website: 'apple.com' }],
    ['a domain under a two-part public suffix', 'bp.co.uk', { website: 'bp.co.uk' }],
    ['an e-mail address on a sub-domain under a two-part suffix', 'jane@mail.bp.co.uk', { website: 'bp.co.uk' }],
    ['www. on a two-part public suffix', 'www.bp.co.uk', { website: 'bp.co.uk' }],
    ['a site on a private suffix keeps its owner', 'https://acme.github.io/', { website: 'acme.github.io' }],
    // International domain names: sent in their ASCII (punycode) form, so each spelling is one site.
    ['a domain in Unicode', 'müller.de', { website: 'xn--mller-kva.de' }],
    ['a domain in upper-case Unicode', 'MÜLLER.DE', { website: 'xn--mller-kva.de' }],
    ['a web address with a Unicode domain', 'https://www.müller.de/', { website: 'xn--mller-kva.de' }],
    ['an e-mail address at a Unicode domain', 'einkauf@müller.de', { website: 'xn--mller-kva.de' }],
    ['the same domain in punycode', 'xn--mller-kva.de', { website: 'xn--mller-kva.de' }],
    [
      'an e-mail address with accents on both sides',
      'info@société-générale.fr',
      { website: 'xn--socit-gnrale-eebbcb.fr' },
    ],
    ['a punycode top-level domain', 'sberbank.xn--p1ai', { website: 'sberbank.xn--p1ai' }],
    [
      'a sub-domain under a Cyrillic top-level domain',
      'https://shop.сбербанк.рф/',
      { website: 'xn--80abap1arsf.xn--p1ai' },
    ],
    ['a domain with its trailing dot', 'acme.com.', { website: 'acme.com' }],
    ['a web address with a trailing dot', 'https://www.acme.com./about', { website: 'acme.com' }],
    ['a label ending in a hyphen (a name)', 'acme-.com', { name: 'acme-.com' }],
    // An e-mail contact as Outlook copies it: its address, so its registrable domain.
    ['an e-mail contact', 'Jane Doe <jane@acme-widgets.com>', { website: 'acme-widgets.com' }],
    ['a contact with a quoted display name', '"Doe, Jane" <jane@mail.acme.co.uk>', { website: 'acme.co.uk' }],
    ['a contact without a display name', '<jane@acme.com>', { website: 'acme.com' }],
    ['a contact at a Unicode domain', 'Hans Müller <einkauf@müller.de>', { website: 'xn--mller-kva.de' }],
    ['a forced contact', 'web:Jane Doe <jane@acme.com>', { website: 'acme.com' }],
    // A site that hosts others' pages is its owner's at its root, and so is its owners' staff's mail.
    ['the root of a site that hosts profiles', 'https://www.linkedin.com/', { website: 'linkedin.com' }],
    ['a bare domain of a mailbox provider (its owner)', 'gmail.com', { website: 'gmail.com' }],
    ["an address at a company's own domain", 'press@linkedin.com', { website: 'linkedin.com' }],
    [
      'a page on a shop platform, its own registrable site',
      'acme.myshopify.com/about',
      { website: 'acme.myshopify.com' },
    ],
  ])('%s', (_label, input, query) => {
    expect(parseOrganization(input).query).toEqual(query);
  });

  test("a website that is not the organization's own (a Gmail address, a LinkedIn page) is left out: the name is looked up", () => {
    expect(parseOrganization('Acme', 'acme.sales@gmail.com').query).toEqual({ name: 'Acme' });
    expect(parseOrganization('Acme', 'jane@hotmail.co.uk', 'GB').query).toEqual({ name: 'Acme', hq_region: 'GB' });
    expect(parseOrganization('Acme', 'https://www.linkedin.com/company/acme/').query).toEqual({ name: 'Acme' });
    expect(parseOrganization('Acme', 'https://acme.sharepoint.com').query).toEqual({ name: 'Acme' });
    expect(parseOrganization('Acme', 'bit.ly/3xYz').query).toEqual({ name: 'Acme' });
    // Its own site and its own staff's addresses still narrow the name.
    expect(parseOrganization('Acme', 'jane@acme.com').query).toEqual({ name: 'Acme', website: 'acme.com' });
    expect(parseOrganization('LinkedIn', 'https://www.linkedin.com/').query).toEqual({
      name: 'LinkedIn',
      website: 'linkedin.com',
    });
  });

  test('a placeholder in the website or country column (N/A, -, TBD) is no website or country: the name is looked up', () => {
    expect(parseOrganization('Acme', 'N/A', '-').query).toEqual({ name: 'Acme' });
    expect(parseOrganization('Acme', 'tbd', 'n.a.').query).toEqual({ name: 'Acme' });
    expect(parseOrganization('Acme', '—', 'Unknown').query).toEqual({ name: 'Acme' });
    // NA is Namibia's code, not a placeholder.
    expect(parseOrganization('Acme', null, 'NA').query).toEqual({ name: 'Acme', hq_region: 'NA' });
  });

  test('a country written with & or twice, as exports write it, reaches the service as its code', () => {
    expect(parseOrganization('Acme', null, 'Trinidad & Tobago').query).toEqual({ name: 'Acme', hq_region: 'TT' });
    expect(parseOrganization('Acme', null, 'DE – Germany').query).toEqual({ name: 'Acme', hq_region: 'DE' });
    expect(parseOrganization('Acme', null, 'Germany (DE)').query).toEqual({ name: 'Acme', hq_region: 'DE' });
  });

  test('website and country arguments join the query', () => {
    expect(parseOrganization('Acme', 'https://acme.com/', 'us').query).toEqual({
      name: 'Acme',
      website: 'acme.com',
      hq_region: 'US',
    });
    expect(parseOrganization('Acme', null, 'Germany').query).toEqual({ name: 'Acme', hq_region: 'DE' });
    expect(parseOrganization('acme.com', 'www.acme.com').query).toEqual({ website: 'acme.com' });
    expect(parseOrganization('Acme', 'mailto:sales@acme.com?subject=RFQ').query).toEqual({
      name: 'Acme',
      website: 'acme.com',
    });
    expect(parseOrganization('Apple', 'buyer@procurement.apple.com').query).toEqual({
      name: 'Apple',
      website: 'apple.com',
    });
    expect(parseOrganization('apple.com', 'https://procurement.apple.com').query).toEqual({ website: 'apple.com' });
    expect(parseOrganization('Müller GmbH', 'müller.de').query).toEqual({
      name: 'Müller GmbH',
      website: 'xn--mller-kva.de',
    });
    expect(parseOrganization('müller.de', 'https://xn--mller-kva.de/').query).toEqual({ website: 'xn--mller-kva.de' });
    expect(parseOrganization('Acme Widgets', 'Jane Doe <jane@acme-widgets.com>').query).toEqual({
      name: 'Acme Widgets',
      website: 'acme-widgets.com',
    });
  });

  test('the card shows the organization as sent, normalized', () => {
    expect(parseOrganization(12345678).text).toBe('012345678');
    expect(parseOrganization('spg:IQ24937').text).toBe('spg:24937');
    expect(parseOrganization(' Acme  Corp ').text).toBe('Acme Corp');
  });
});

describe('parseOrganization refuses, with the message the cell shows', () => {
  test.each(BAD_ORGANIZATIONS.map((bad) => [bad.label, bad.input, bad.message] as const))(
    '%s',
    (_label, input, message) => {
      expect(() => parseOrganization(input)).toThrow(new ArgumentError(message));
    },
  );

  test.each<[string, unknown, string]>([
    [
      'an error cell value',
      { type: 'Error', errorType: 'Ref' },
      'The organization cell holds an error (#REF!): fix that cell first.',
    ],
    [
      'a range',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      'The organization must be one cell, not a 2x2 range.',
    ],
  ])('%s', (_label, input, message) => {
    expect(() => parseOrganization(input)).toThrow(new ArgumentError(message));
  });

  test.each<[string, unknown, unknown, string]>([
    [
      'a website that is not one',
      'no site',
      undefined,
      'Not a valid website: no site is neither a web address nor an e-mail address.',
    ],
    ['a website as a number', 42, undefined, '42 is not a web or e-mail address.'],
    [
      'https:// alone as website',
      'https://',
      undefined,
      'Nothing after "https://": write the website or e-mail address after it.',
    ],
    [
      'mailto: alone as website',
      'mailto:',
      undefined,
      'Nothing after "mailto:": write the website or e-mail address after it.',
    ],
    [
      'www. alone as website',
      'web: www.',
      undefined,
      'Nothing after "www.": write the website or e-mail address after it.',
    ],
    [
      'web: alone as website',
      'web:',
      undefined,
      'Not a valid website: web: is neither a web address nor an e-mail address.',
    ],
    ['a country as a number', undefined, 42, '42 is not a country code or name.'],
    ['a country with symbols', undefined, 'U$A', 'Not a country: U$A (give a code such as US or a name).'],
    [
      'a name no country has',
      undefined,
      'Europe',
      'Unknown country: Europe (give its ISO code, such as US or DEU, or its name in English, German, French or Spanish).',
    ],
    ['a country as markup', undefined, '<b>US</b>', 'The country looks like markup (<b>): give plain text.'],
  ])('%s', (_label, website, country, message) => {
    expect(() => parseOrganization('Acme Corp', website, country)).toThrow(new ArgumentError(message));
  });

  test('two different websites', () => {
    expect(() => parseOrganization('acme.com', 'other.com')).toThrow(
      new ArgumentError('Two different websites: acme.com and other.com.'),
    );
  });
});

describe('parseOrganization reads each distinct input once', () => {
  test('the same inputs give the same frozen reading; other arguments beside them give another', () => {
    const first = parseOrganization('Brightwater Logistics', null, 'US');
    expect(parseOrganization('Brightwater Logistics', undefined, 'US')).toBe(first); // empty and omitted read alike
    expect(Object.isFrozen(first) && Object.isFrozen(first.query)).toBe(true);
    expect(parseOrganization('Brightwater Logistics', null, 'DE').query).toEqual({
      name: 'Brightwater Logistics',
      hq_region: 'DE',
    });
    expect(parseOrganization('Brightwater Logistics').query).toEqual({ name: 'Brightwater Logistics' });
    // The number 12345678 and the text "12345678" are both a DUNS, but neither reading stands for the other's key.
    expect(parseOrganization(12345678)).not.toBe(parseOrganization('12345678'));
    expect(parseOrganization(12345678).query).toEqual(parseOrganization('12345678').query);
  });

  test('a 50,000-row sheet recalculated reads none of its inputs again', () => {
    const inputs = Array.from({ length: 50_000 }, (_, i) => `Supplier ${i} Holdings`);
    const first = inputs.map((input) => parseOrganization(input));
    const again = inputs.map((input) => parseOrganization(input));
    expect(again.filter((reading, i) => reading !== first[i])).toEqual([]);
  });

  test('a refused input is refused every time it is read', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(() => parseOrganization('acme.com', 'other.com')).toThrow(
        new ArgumentError('Two different websites: acme.com and other.com.'),
      );
    }
  });
});

test("a text that spells another reading's key is still refused, not served that reading", () => {
  const withCountry = parseOrganization('Acme Corp', null, 'US');
  expect(withCountry.query).toEqual({ name: 'Acme Corp', hq_region: 'US' });
  expect(() => parseOrganization('\u0000s9:Acme Corp-s2:US')).toThrow(ArgumentError);
});
