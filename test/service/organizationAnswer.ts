/** A complete organization as the service sends it, every field set: the base the record tests vary. */
import { INITIATIVE_KEYS } from '../../src/service/types';

export function organizationAnswer() {
  return {
    id: 42,
    name: 'Acme Fictional Ltd',
    website: 'acme.example',
    external_id: 'row-7',
    hq_region: 'GB',
    status: 'synced',
    organization_relationship_type: 'subsidiary',
    matching_organization: {
      id: 41,
      name: 'Acme Group',
      link: 'https://example/acme',
      industry: { id: 3, name: 'Steel' },
    },
    score: 0.734,
    industry_score_percentile: 81,
    rank: 'high',
    industry_rank: 'very high',
    region_rank: 'Very-Low',
    industry: { mean_score: 0.5, id: 3, name: 'Steel' },
    initiatives: Object.fromEntries(INITIATIVE_KEYS.map((key, i) => [key, i % 2 === 0])),
    reduction_action_present: true,
  };
}
