/** The matching rules of tools/sandbox/world/matching.ts, one table per rule. */
import {
  MatchKeys,
  OrganizationIndex,
  nameKey,
  nameKeys,
  strongerMatch,
  websiteKey,
} from '../../tools/sandbox/world/matching';

describe('nameKey: the name without its legal form', () => {
  test.each([
    ['Brightwater Logistics Ltd', 'brightwater logistics'],
    ['  BRIGHTWATER   logistics, LTD. ', 'brightwater logistics'],
    ['Brightwater Logistics Co., Ltd.', 'brightwater logistics'],
    ['Brightwater Logistics Pty Ltd', 'brightwater logistics'],
    ['Skovbrink A/S', 'skovbrink'],
    ['Müller & Söhne GmbH', 'muller and sohne'],
    ['Brightwater-Logistics', 'brightwater logistics'],
    ['Limited', 'limited'],
    // Every script: letters, marks and digits survive, NFKC and case folding make spellings meet.
    ['株式会社トヨタ', '株式会社トヨタ'],
    ['ＴＯＹＯＴＡ　Ｍｏｔｏｒ', 'toyota motor'],
    ['Сбербанк', 'сбербанк'],
    ['СБЕРБАНК', 'сбербанк'],
    ['أرامكو السعودية', 'أرامكو السعودية'],
    ['Straße AG', 'strasse'],
    ['हिंदुस्तान यूनिलीवर', 'हिंदुस्तान यूनिलीवर'],
    ['Ελληνικά Πετρέλαια', 'ελληνικα πετρελαια'],
    ['!!!', ''],
  ])('%s -> %s', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  test('the legal form is kept apart, its long spellings made one', () => {
    expect(nameKeys('Brightwater Logistics Limited')).toEqual({ base: 'brightwater logistics', form: 'ltd' });
    expect(nameKeys('Brightwater Logistics Co., Ltd.')).toEqual({ base: 'brightwater logistics', form: 'co ltd' });
    expect(nameKeys('Brightwater Logistics')).toEqual({ base: 'brightwater logistics', form: '' });
    expect(nameKeys('Gruppo Rossi S.p.A.')).toEqual({ base: 'gruppo rossi', form: 'spa' });
    expect(nameKeys('...')).toBeNull();
  });
});

describe('websiteKey', () => {
  test.each([
    ['https://www.brightwater-logistics.example', 'brightwater-logistics.example'],
    ['HTTP://WWW.Brightwater-Logistics.example/about?x=1#top', 'brightwater-logistics.example'],
    ['brightwater-logistics.example/', 'brightwater-logistics.example'],
    ['https://user@brightwater-logistics.example:8443/x', 'brightwater-logistics.example'],
    ['https://de.brightwater-logistics.example', 'de.brightwater-logistics.example'],
    ['brightwater-logistics.example.', 'brightwater-logistics.example'],
    // A Unicode host is its ASCII (punycode) form, as the add-in sends it: one site, either spelling.
    ['https://www.müller-werke.example/', 'xn--mller-werke-thb.example'],
    ['MÜLLER-WERKE.EXAMPLE', 'xn--mller-werke-thb.example'],
    ['xn--mller-werke-thb.example', 'xn--mller-werke-thb.example'],
    ['  ', ''],
  ])('%s -> %s', (website, key) => {
    expect(websiteKey(website)).toBe(key);
  });
});

const none: MatchKeys = {
  name: null,
  website: null,
  hqRegion: null,
  duns: null,
  lei: null,
  isin: null,
  spGlobal: null,
};
const named = (name: string, more: Partial<MatchKeys> = {}): MatchKeys => ({ ...none, name: nameKeys(name), ...more });
const id = (match: ReturnType<OrganizationIndex['find']>): number | null => (match?.kind === 'found' ? match.id : null);

describe('OrganizationIndex', () => {
  const index = new OrganizationIndex();
  index.add(1, named('Acme', { hqRegion: 'GB', duns: '111111111', website: 'acme.example' }));
  index.add(2, named('Acme', { hqRegion: 'US', lei: 'L2' }));

  test('identifiers win over website and name', () => {
    expect(id(index.find(named('Acme', { lei: 'L2', website: 'acme.example' })))).toBe(2);
    expect(id(index.find({ ...none, duns: '999999999', website: 'acme.example' }))).toBe(1);
  });

  test('a region narrows a name; without one the first wins; a region no one has finds nothing', () => {
    expect(id(index.find(named('Acme')))).toBe(1);
    expect(id(index.find(named('Acme', { hqRegion: 'US' })))).toBe(2);
    expect(index.find(named('Acme', { hqRegion: 'FR' }))).toBeNull();
  });

  test('a name known without a region matches any region asked for', () => {
    const regionless = new OrganizationIndex();
    regionless.add(7, named('Globex'));
    expect(id(regionless.find(named('Globex', { hqRegion: 'DE' })))).toBe(7);
  });
});

describe('names that differ only in the legal form', () => {
  const index = new OrganizationIndex();
  index.add(10, named('Brightwater Logistics AG', { hqRegion: 'DE' }));
  index.add(11, named('Brightwater Logistics Ltd', { hqRegion: 'GB' }));
  index.add(12, named('Kestrel Foods Inc', { hqRegion: 'US' }));

  test('an exact match (legal form kept) wins, whichever was registered first', () => {
    expect(index.find(named('Brightwater Logistics Ltd'))).toEqual({
      kind: 'found',
      id: 11,
      by: 'name',
      namesake: false,
    });
    expect(index.find(named('BRIGHTWATER LOGISTICS LIMITED'))).toEqual({
      kind: 'found',
      id: 11,
      by: 'name',
      namesake: false,
    });
    expect(index.find(named('Brightwater Logistics AG'))).toEqual({
      kind: 'found',
      id: 10,
      by: 'name',
      namesake: false,
    });
  });

  test('without its legal form the name is ambiguous: no guess', () => {
    expect(index.find(named('Brightwater Logistics'))).toEqual({ kind: 'ambiguous', ids: [10, 11] });
    expect(index.find(named('Brightwater Logistics GmbH'))).toEqual({ kind: 'ambiguous', ids: [10, 11] });
  });

  test('a region that leaves one of them makes it unambiguous', () => {
    expect(id(index.find(named('Brightwater Logistics', { hqRegion: 'GB' })))).toBe(11);
  });

  test('the name without a legal form finds the only organization that has it', () => {
    expect(index.find(named('Kestrel Foods'))).toEqual({
      kind: 'found',
      id: 12,
      by: 'name without legal form',
      namesake: false,
    });
  });

  test('another legal form than the registered one is a namesake, and says so', () => {
    expect(index.find(named('Kestrel Foods GmbH'))).toEqual({
      kind: 'found',
      id: 12,
      by: 'name without legal form',
      namesake: true,
    });
  });
});

describe('strongerMatch: the population and the registrations asked together', () => {
  const found = (i: number, by: 'identifier' | 'name' | 'name without legal form') => ({
    kind: 'found' as const,
    id: i,
    by,
    namesake: false,
  });

  test('the stronger match wins, the first on a tie', () => {
    expect(strongerMatch(found(1, 'name without legal form'), found(2, 'name'))).toEqual(found(2, 'name'));
    expect(strongerMatch(found(1, 'name'), found(2, 'name'))).toEqual(found(1, 'name'));
    expect(strongerMatch(null, found(2, 'identifier'))).toEqual(found(2, 'identifier'));
    expect(strongerMatch({ kind: 'ambiguous', ids: [1, 2] }, found(3, 'name'))).toEqual(found(3, 'name'));
  });

  test('one match without the legal form on each side is ambiguous', () => {
    expect(strongerMatch(found(1, 'name without legal form'), found(9, 'name without legal form'))).toEqual({
      kind: 'ambiguous',
      ids: [1, 9],
    });
  });
});
