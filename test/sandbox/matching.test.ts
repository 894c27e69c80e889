import { OrganizationIndex, nameKey, websiteKey } from '../../src/sandbox/matching';

describe('nameKey', () => {
  test.each([
    ['Brightwater Logistics Ltd', 'brightwater logistics'],
    ['  BRIGHTWATER   logistics, LTD. ', 'brightwater logistics'],
    ['Brightwater Logistics Co., Ltd.', 'brightwater logistics'],
    ['Brightwater Logistics Pty Ltd', 'brightwater logistics'],
    ['Skovbrink A/S', 'skovbrink'],
    ['Müller & Söhne GmbH', 'muller and sohne'],
    ['Brightwater-Logistics', 'brightwater logistics'],
    ['Limited', 'limited'],
  ])('%s -> %s', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe('websiteKey', () => {
  test.each([
    ['https://www.brightwater-logistics.example', 'brightwater-logistics.example'],
    ['HTTP://WWW.Brightwater-Logistics.example/about?x=1#top', 'brightwater-logistics.example'],
    ['brightwater-logistics.example/', 'brightwater-logistics.example'],
    ['https://user@brightwater-logistics.example:8443/x', 'brightwater-logistics.example'],
    ['https://de.brightwater-logistics.example', 'de.brightwater-logistics.example'],
    ['  ', ''],
  ])('%s -> %s', (website, key) => {
    expect(websiteKey(website)).toBe(key);
  });
});

describe('OrganizationIndex', () => {
  const none = { name: null, website: null, hqRegion: null, duns: null, lei: null, isin: null, spGlobal: null };
  const index = new OrganizationIndex();
  index.add(1, { ...none, name: 'acme', hqRegion: 'GB', duns: '111111111', website: 'acme.example' });
  index.add(2, { ...none, name: 'acme', hqRegion: 'US', lei: 'L2' });

  test('identifiers win over website and name', () => {
    expect(index.find({ ...none, lei: 'L2', website: 'acme.example', name: 'acme' })).toBe(2);
    expect(index.find({ ...none, duns: '999999999', website: 'acme.example' })).toBe(1);
  });

  test('a region narrows a name; without one the first wins; a region no one has finds nothing', () => {
    expect(index.find({ ...none, name: 'acme' })).toBe(1);
    expect(index.find({ ...none, name: 'acme', hqRegion: 'US' })).toBe(2);
    expect(index.find({ ...none, name: 'acme', hqRegion: 'FR' })).toBeNull();
  });

  test('a name known without a region matches any region asked for', () => {
    const regionless = new OrganizationIndex();
    regionless.add(7, { ...none, name: 'globex' });
    expect(regionless.find({ ...none, name: 'globex', hqRegion: 'DE' })).toBe(7);
  });
});
