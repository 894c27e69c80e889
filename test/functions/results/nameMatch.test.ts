/**
 * Name normalization and similarity, the rules behind MATCH's `exact` and `check`: a table of input /
 * matched-name pairs (the same company written differently; different companies with close names)
 * with the verdict each gets, and the order in which verdicts win.
 */
import { MATCH_THRESHOLD, nameSimilarity, normalizeName, readMatch } from '../../../src/functions/results/nameMatch';
import type { OrganizationRecord } from '../../../src/service/types';

/** [as the analyst typed it, as the service named the match, verdict]. */
const PAIRS: Array<[string, string, 'exact' | 'check']> = [
  // The same company, written differently.
  ['Apple', 'Apple Inc.', 'exact'],
  ['apple inc', 'APPLE INC.', 'exact'],
  ['Siemens AG', 'Siemens', 'exact'],
  ['Siemens Aktiengesellschaft', 'Siemens Aktiengesellschaft', 'exact'],
  ['Tesco PLC', 'Tesco', 'exact'],
  ['Unilever plc', 'Unilever P.L.C.', 'exact'],
  ['Nestlé S.A.', 'Nestle SA', 'exact'],
  ['Nestle', 'NESTLÉ', 'exact'],
  ['Enel S.p.A.', 'Enel SpA', 'exact'],
  ['Toyota Motor K.K.', 'Toyota Motor KK', 'exact'],
  ['株式会社トヨタ', 'トヨタ', 'exact'],
  ['ПАО Сбербанк', 'Сбербанк', 'exact'],
  ['أرامكو السعودية', 'أرامكو السعودية', 'exact'],
  ['Procter & Gamble', 'Procter and Gamble Co.', 'exact'],
  ['Johnson & Johnson', 'Johnson and Johnson', 'exact'],
  ['Marks & Spencer Group plc', 'Marks and Spencer Group', 'exact'],
  ['Müller & Söhne GmbH & Co. KG', 'Muller and Sohne', 'exact'],
  ['Bosch GmbH', 'BOSCH', 'exact'],
  ['The Coca-Cola Company', 'Coca Cola', 'exact'],
  ['CocaCola', 'Coca-Cola', 'exact'],
  ["McDonald's Corporation", 'McDonalds Corp', 'exact'],
  ['L’Oréal S.A.', "L'Oreal", 'exact'],
  ['Brightwater Logistics, Ltd.', 'BRIGHTWATER  Logistics', 'exact'],
  ['Samsung Electronics Co., Ltd.', 'Samsung Electronics', 'exact'],
  ['Volvo AB (publ)', 'Volvo AB', 'exact'],
  ['Grupo Bimbo, S.A.B. de C.V.', 'Grupo Bimbo', 'exact'],
  ['PT Astra International Tbk', 'Astra International', 'exact'],
  ['Wipro Private Limited', 'Wipro Pvt. Ltd.', 'exact'],
  ['Equinor ASA', 'Equinor', 'exact'],
  ['Accenture LLP', 'Accenture LLC', 'exact'],
  ['Nordic Timberworks Oy', 'Nordic Timberwork Oy', 'exact'], // one letter in 18
  ['Heidelberg Materials', 'HeidelbergMaterials AG', 'exact'],
  // Different companies with close names.
  ['Acme Tools', 'Acme Foods', 'check'],
  ['Sony', 'Sonos Inc.', 'check'],
  ['Meta', 'Metro AG', 'check'],
  ['Unilab', 'Unilever', 'check'],
  ['Ford', 'Ford Motor Company', 'check'],
  ['Brightwell Logistics', 'Brightwater Logistics', 'check'],
  ['Delta Airlines', 'Delta Electronics', 'check'],
  ['Alpha Energy Ltd', 'Alpine Energy Ltd', 'check'],
  ['Norsk Hydro', 'Norsk Gjenvinning', 'check'],
  ['BASF', 'BAT plc', 'check'],
  ['Siemens Energy', 'Siemens Healthineers', 'check'],
  ['Carrefour', 'Carrier Global', 'check'],
  ['Hapag-Lloyd', 'Lloyds Banking Group', 'check'],
  ['Anglo American', 'Anglo Asian Mining', 'check'],
];

const record = (name: string | null, relationship: string | null = 'requested organization'): OrganizationRecord => ({
  id: 9,
  name,
  website: null,
  external_id: null,
  hq_region: null,
  status: 'synced',
  organization_relationship_type: relationship,
  matching_organization: name === null ? null : { id: 77, name, link: null, industry: null },
  score: 0.5,
  industry_score_percentile: null,
  rank: null,
  industry_rank: null,
  region_rank: null,
  industry: null,
  initiatives: {} as OrganizationRecord['initiatives'],
  reduction_action_present: null,
  updated_at: null,
});
const byName = (text: string) => ({ kind: 'name' as const, text, identified: false });
const nothingAccepted = () => false;

test('the table has at least 40 pairs, both kinds well represented', () => {
  expect(PAIRS.length).toBeGreaterThanOrEqual(40);
  expect(PAIRS.filter(([, , verdict]) => verdict === 'check').length).toBeGreaterThanOrEqual(12);
});

test.each(PAIRS)('%s / %s: %s', (input, matched, verdict) => {
  const similarity = nameSimilarity(input, matched);
  expect(similarity >= MATCH_THRESHOLD ? 'exact' : 'check').toBe(verdict);
  expect(readMatch(byName(input), record(matched), nothingAccepted)).toMatchObject({
    verdict,
    similarity,
    matchedName: matched,
    matchedId: 77,
  });
});

test('normalization: case, accents, punctuation, &/and, a leading "the", legal forms at the end only', () => {
  expect(normalizeName('Müller & Söhne GmbH & Co. KG')).toBe('muller and sohne');
  expect(normalizeName('The Coca-Cola Company')).toBe('coca cola');
  expect(normalizeName('  Enel   S.p.A. ')).toBe('enel');
  expect(normalizeName('Co-operative Bank')).toBe('co operative bank');
  expect(normalizeName('AG Barr')).toBe('ag barr'); // a legal form as the first word is a name
  expect(normalizeName('Limited')).toBe('limited'); // a name made only of a legal form keeps it
  expect(normalizeName('株式会社トヨタ')).toBe('トヨタ');
  expect(normalizeName('Сбербанк')).toBe('сбербанк');
  expect(nameSimilarity('Nestlé', 'nestle')).toBe(1);
  expect(nameSimilarity('', 'Acme')).toBe(0);
});

test('verdict order: accepted, then a relationship, then identifier, then the names', () => {
  const accepted = (input: string, id: number) => input === 'Brightwell Logistics' && id === 77;
  expect(readMatch(byName('Brightwell Logistics'), record('Brightwater Logistics'), accepted).verdict).toBe('accepted');
  expect(
    readMatch(byName('Brightwell Logistics'), record('Brightwater Logistics', 'subsidiary'), accepted).verdict,
  ).toBe('accepted');
  expect(readMatch(byName('Acme'), record('Acme', 'ultimate parent'), nothingAccepted)).toMatchObject({
    verdict: 'parent',
    relationship: 'ultimate parent',
  });
  expect(readMatch(byName('Acme'), record('Acme', 'parent'), nothingAccepted).verdict).toBe('parent');
  expect(readMatch(byName('Acme'), record('Acme', 'Subsidiary'), nothingAccepted).verdict).toBe('subsidiary');
  expect(readMatch(byName('Acme'), record('Acme', 'joint venture'), nothingAccepted).verdict).toBe('joint venture');
  // A relationship word is shown only as plain letters: anything else is "related".
  expect(readMatch(byName('Acme'), record('Acme', '=HYPERLINK("x")'), nothingAccepted).verdict).toBe('related');
  expect(
    readMatch({ kind: 'lei', text: '5299000J2N45DDNE4Y28', identified: false }, record('Acme'), nothingAccepted),
  ).toMatchObject({ verdict: 'identifier', similarity: null });
  // A name given with its website: a short or near name is enough; one with nothing in common is not.
  expect(
    readMatch(
      { kind: 'name', text: 'Brightwater Logistics Ltd', identified: true },
      record('Brightwater Logistics'),
      nothingAccepted,
    ).verdict,
  ).toBe('identifier');
  expect(
    readMatch(
      { kind: 'name', text: 'Elmspring Haulage PLC', identified: true },
      record('Bluehill Apparel Inc'),
      nothingAccepted,
    ),
  ).toMatchObject({ verdict: 'check', similarity: 0.25 });
  expect(
    readMatch({ kind: 'name', text: 'Ford', identified: true }, record('Ford Motor Company'), nothingAccepted),
  ).toMatchObject({ verdict: 'identifier', similarity: 0.44 });
  // A card read by its service id alone: an id anyone can type into a workbook proves nothing.
  expect(
    readMatch(
      { kind: 'id', text: 'Brightwater Logistics', identified: false },
      record('Brightwater Logistics'),
      nothingAccepted,
    ),
  ).toMatchObject({ verdict: 'check', similarity: null });
  expect(readMatch(byName('Acme'), record('Acme', null), nothingAccepted).verdict).toBe('exact');
  // An answer naming no matched organization (the service's Summary format) cannot be judged by name.
  expect(readMatch(byName('Acme'), record(null), nothingAccepted)).toMatchObject({
    verdict: 'unjudged',
    similarity: null,
  });
});
