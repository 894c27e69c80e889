/** A final record with every field the shapers read, and the addresses it links to: overrides change what a test is about. */
import { INITIATIVE_KEYS, type OrganizationRecord } from '../../src/service/types';

export const LINK = 'https://profiles.example/organizations/acme-industrial-7';
export const LOGO = 'https://addin.example/assets/logo-provider.png';

export function record(overrides: Partial<OrganizationRecord> = {}): OrganizationRecord {
  const initiatives = Object.fromEntries(
    INITIATIVE_KEYS.map((key, i) => [key, i % 2 === 0]),
  ) as OrganizationRecord['initiatives'];
  return {
    id: 41,
    name: 'Acme Widgets',
    website: 'acme.example',
    external_id: null,
    hq_region: 'US',
    status: 'synced',
    organization_relationship_type: 'subsidiary',
    matching_organization: { id: 7, name: 'Acme Industrial', link: LINK, industry: { id: 3, name: 'Machinery' } },
    score: 0.6345,
    industry_score_percentile: 81,
    rank: 'high',
    industry_rank: 'very_high',
    region_rank: 'medium',
    industry: { mean_score: 0.51 },
    initiatives,
    reduction_action_present: true,
    updated_at: null,
    ...overrides,
  };
}
