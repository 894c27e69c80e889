// The reference data section's lines: organizations, SBTi companies and changes, as the pane shows them.
import { organizationMeta, sbtiMeta } from '../../../src/taskpane/reference/reference';
import { changeLine } from '../../../src/taskpane/reference/sheetSbtiSection';
import type { OrganizationRecord, SbtiChange, SbtiCompany } from '../../../src/service/types';

describe('reference data lines', () => {
  test("an organization shows its score on the cells' scale, or says it has none yet", () => {
    const record = { id: 1, name: 'Acme', status: 'synced', score: 0.7155 } as OrganizationRecord;
    expect(organizationMeta(record, '0-100')).toBe('score 71.6 · synced');
    expect(organizationMeta(record, '0-1')).toBe('score 0.7155 · synced');
    expect(organizationMeta({ ...record, score: null, status: 'researching' }, '0-100')).toBe(
      'no score yet · researching',
    );
  });

  test('SBTi companies and changes', () => {
    const company = {
      company_name: 'ACME',
      near_term_target_status: 'Targets set',
      net_zero_committed: 'Yes',
      net_zero_year: 2045,
      sector: 'Steel',
    } as unknown as SbtiCompany;
    expect(sbtiMeta(company)).toBe('near-term: Targets set · net zero by 2045 · Steel');
    const change = {
      id: 1,
      company_name: 'ACME',
      isin: null,
      field: 'net_zero_committed',
      old_value: 'No',
      new_value: 'Yes',
      changed_at: '2025-12-08T00:00:00.000Z',
    } as SbtiChange;
    expect(changeLine(change)).toBe('Net zero committed: No → Yes · 2025-12-08');
    // A value the dataset does not give is "not set", never a dash read as "no data".
    expect(
      changeLine({ ...change, field: 'near_term_target_status', old_value: null, new_value: 'Commitment removed' }),
    ).toBe('Near-term target: not set → Commitment removed · 2025-12-08');
  });
});
