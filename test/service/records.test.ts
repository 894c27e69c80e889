import { MalformedResponseError } from '../../src/service/errors';
import {
  decodeIndustry,
  decodeOrganization,
  decodeProject,
  decodeRecommendedActions,
  decodeSbtiChange,
  decodeSbtiCompany,
} from '../../src/service/records';
import { INITIATIVE_KEYS } from '../../src/service/types';
import { organizationAnswer } from './organizationAnswer';

const full = organizationAnswer();
const matching = full.matching_organization;

describe('decodeOrganization', () => {
  it('reads every field of a complete record and normalizes rank words', () => {
    const record = decodeOrganization(full);
    expect(record).toMatchObject({
      id: 42,
      name: 'Acme Fictional Ltd',
      external_id: 'row-7',
      status: 'synced',
      organization_relationship_type: 'subsidiary',
      matching_organization: matching,
      score: 0.734,
      industry_score_percentile: 81,
      rank: 'high',
      industry_rank: 'very_high',
      region_rank: 'very_low',
      industry: { mean_score: 0.5, id: 3, name: 'Steel' },
      reduction_action_present: true,
    });
    expect(record.initiatives).toEqual(full.initiatives);
  });

  it('ignores unknown fields', () => {
    const record = decodeOrganization({
      ...full,
      brand_new_field: { nested: [1, 2] },
      initiatives: { ...full.initiatives, new_pledge: true },
    });
    expect(record).not.toHaveProperty('brand_new_field');
    expect(Object.keys(record.initiatives)).toEqual([...INITIATIVE_KEYS]);
  });

  it('reads missing and wrongly typed fields as null, and always gives all 13 initiative keys', () => {
    const record = decodeOrganization({
      id: 5,
      score: 'n/a',
      rank: '',
      matching_organization: 'x',
      initiatives: { sbti: true, cdp: 'yes' },
    });
    expect(record).toEqual({
      id: 5,
      name: null,
      website: null,
      external_id: null,
      hq_region: null,
      status: null,
      organization_relationship_type: null,
      matching_organization: null,
      score: null,
      industry_score_percentile: null,
      rank: null,
      industry_rank: null,
      region_rank: null,
      industry: null,
      initiatives: Object.fromEntries(INITIATIVE_KEYS.map((key) => [key, key === 'sbti' ? true : null])),
      reduction_action_present: null,
      updated_at: null,
    });
  });

  it('reads when the record was produced (updated_at) as ISO text to the second; no date, or one outside 2000-9999, as absent', () => {
    const produced = (updated_at: unknown): string | null => decodeOrganization({ id: 1, updated_at }).updated_at;
    expect(produced('2026-03-02T09:30:07.412Z')).toBe('2026-03-02T09:30:07.000Z');
    expect(produced('2026-03-02')).toBe('2026-03-02T00:00:00.000Z');
    expect(produced('2026-03-02T10:30:07+01:00')).toBe('2026-03-02T09:30:07.000Z');
    for (const bad of [
      'yesterday',
      'March 2, 2026',
      '1',
      1772443807000,
      '1999-12-31',
      '+275760-09-13',
      '2026-13-45',
      '2026-03-02'.padEnd(41, '0'),
      null,
      {},
      true,
    ])
      expect(produced(bad)).toBeNull();
  });

  it('keeps an unknown rank word as sent', () => {
    expect(decodeOrganization({ id: 1, rank: 'Exceptional' }).rank).toBe('Exceptional');
  });

  it('reads a score, an industry mean score or a percentile outside its range as absent: no cell shows a score of 10,100 or of infinity', () => {
    for (const score of [-0.01, 1.01, 101, 1e308, '2']) {
      const record = decodeOrganization({ ...full, score, industry: { ...full.industry, mean_score: score } });
      expect([record.score, record.industry?.mean_score]).toEqual([null, null]);
    }
    for (const percentile of [-1, 100.5, 1e308]) {
      expect(
        decodeOrganization({ ...full, industry_score_percentile: percentile }).industry_score_percentile,
      ).toBeNull();
    }
    expect(decodeOrganization({ ...full, score: 0, industry_score_percentile: 100 })).toMatchObject({
      score: 0,
      industry_score_percentile: 100,
    });
    expect(decodeOrganization({ ...full, score: 1, industry_score_percentile: 0 })).toMatchObject({
      score: 1,
      industry_score_percentile: 0,
    });
  });

  it('shows no control character a text carries: each is a space, a bidirectional override is dropped, the text trimmed', () => {
    const record = decodeOrganization({
      ...full,
      name: 'Acme\r\nHoldings\u0007',
      website: '\tacme.example',
      hq_region: '\u0085GB\u2028',
      // Right-to-left override: would show "Acme Group moc.live" as "Acme Group evil.com".
      matching_organization: { ...matching, name: 'Acme Group \u202emoc.live\u202c' },
      industry: { ...full.industry, name: '\u0000\u0000' },
    });
    expect(record).toMatchObject({
      name: 'Acme  Holdings',
      website: 'acme.example',
      hq_region: 'GB',
      matching_organization: { name: 'Acme Group moc.live' },
      industry: { name: null },
    });
    expect(decodeIndustry({ id: 1, name: '\t=cmd' }).name).toBe('=cmd'); // shown as '=cmd where it reaches a cell
    expect(decodeOrganization({ ...full, name: 'Ünïcödé — 株式会社 🙂' }).name).toBe('Ünïcödé — 株式会社 🙂');
  });

  it('tolerates numbers sent as strings', () => {
    expect(decodeOrganization({ id: '12', score: '0.25' })).toMatchObject({ id: 12, score: 0.25 });
  });

  it('throws MalformedResponseError for a body that is not an object with an id', () => {
    for (const raw of [null, 'synced', [full], {}, { id: 'abc' }, { id: 1.5 }]) {
      expect(() => decodeOrganization(raw)).toThrow(MalformedResponseError);
    }
  });
});

describe('the other records', () => {
  it('industries need an id', () => {
    expect(decodeIndustry({ id: 3, name: 'Steel', extra: 1 })).toEqual({ id: 3, name: 'Steel' });
    expect(() => decodeIndustry({ name: 'Steel' })).toThrow(MalformedResponseError);
  });

  it('recommended actions come in an envelope (or a bare list), missing fields null', () => {
    const actions = decodeRecommendedActions({
      recommended_actions: [{ id: 1, emission_category: 'Energy', surprise: true }],
    });
    expect(actions).toEqual([
      {
        id: 1,
        emission_category: 'Energy',
        recommended_actions: null,
        approximate_savings: null,
        case_study: null,
        case_study_source_url: null,
        suggested_contract_term: null,
        question_to_ask_at_qbr: null,
        updated_at: null,
      },
    ]);
    expect(decodeRecommendedActions([{ id: 2 }])[0].id).toBe(2);
    expect(() => decodeRecommendedActions({ actions: [] })).toThrow(MalformedResponseError);
  });

  it("a case study's source link passes the one link rule: anything but a plain https address is dropped", () => {
    const sourceOf = (url: unknown): string | null =>
      decodeRecommendedActions([{ id: 1, case_study_source_url: url }])[0].case_study_source_url;
    expect(sourceOf('https://case-studies.example/heat-pumps')).toBe('https://case-studies.example/heat-pumps');
    for (const hostile of [
      'javascript:alert(1)',
      '\\\\attacker\\share',
      'http://plain.example',
      'https://user:pw@x.example',
    ]) {
      expect(sourceOf(hostile)).toBeNull();
    }
  });

  it('SBTi companies keep every filterable field, null when missing', () => {
    const sent = { id: 9, company_name: 'Acme', net_zero_committed: true, net_zero_year: 2040 };
    const company = decodeSbtiCompany({ ...sent, other: 'x' });
    expect(company).toMatchObject({ ...sent, sector: null });
    expect(company).not.toHaveProperty('other');
  });

  it('SBTi changes and projects', () => {
    expect(decodeSbtiChange({ id: 1, field: 'net_zero_year', old_value: 2050, new_value: '2040' })).toMatchObject({
      old_value: '2050',
      new_value: '2040',
      changed_at: null,
    });
    const project = { id: 'p1', name: 'Suppliers', api_key: 'k' };
    expect(decodeProject({ ...project, created_at: 'today' })).toEqual(project);
    expect(() => decodeProject({ id: 1, name: 'No key' })).toThrow(MalformedResponseError);
    // A key no request header can carry is no key: the pane says the service sent none, and saves nothing.
    expect(() => decodeProject({ ...project, api_key: 'key-1234\r\nX-Injected: 1' })).toThrow(MalformedResponseError);
  });
});
