/** Shapes organization records exactly as the contract's table lists their fields. */
import {
  INITIATIVE_KEYS,
  Industry,
  Initiatives,
  OrganizationRecord,
  OrganizationStatus,
} from '../../../src/service/types';
import { SandboxProfile } from './profile';

/** Public profile pages live under a reserved domain: the link is real in shape, never a real site. */
export const PROFILE_LINK_BASE = 'https://profiles.sandbox.example/organizations';

/**
 * How the answer relates to what was asked: a subsidiary's request answers with its ultimate parent; a
 * name asked with another legal form than the one registered answers with that namesake (matching.ts).
 */
export type RelationshipType = 'requested organization' | 'ultimate parent' | 'namesake';

export interface RecordParts {
  id: number;
  name: string | null;
  website: string | null;
  hqRegion: string | null;
  externalId: string | null;
  status: OrganizationStatus;
  relationship: RelationshipType;
  /** The organization whose figures the record carries. */
  matching: { id: number; name: string | null; industry: Industry };
  industryMean: number;
  /** Null while profiling, or when profiling failed: score, ranks and flags then read null. */
  profile: SandboxProfile | null;
  /** When the figures were produced (ms since 1970): `updated_at`, an ISO date; null before there are any. */
  producedAt: number | null;
}

export function profileLink(id: number, name: string | null): string {
  const slug = (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${PROFILE_LINK_BASE}/${id}${slug ? `-${slug}` : ''}`;
}

function initiatives(profile: SandboxProfile | null): Initiatives {
  const flags = {} as Initiatives;
  for (const key of INITIATIVE_KEYS) flags[key] = profile ? profile.initiatives[key] : null;
  return flags;
}

export function shapeRecord(parts: RecordParts): OrganizationRecord {
  const { profile, matching } = parts;
  return {
    id: parts.id,
    name: parts.name,
    website: parts.website,
    external_id: parts.externalId,
    hq_region: parts.hqRegion,
    status: parts.status,
    organization_relationship_type: parts.relationship,
    matching_organization: {
      id: matching.id,
      name: matching.name,
      link: profileLink(matching.id, matching.name),
      industry: { id: matching.industry.id, name: matching.industry.name },
    },
    score: profile?.score ?? null,
    industry_score_percentile: profile?.industryScorePercentile ?? null,
    rank: profile?.rank ?? null,
    industry_rank: profile?.industryRank ?? null,
    region_rank: profile?.regionRank ?? null,
    industry: { mean_score: parts.industryMean, id: matching.industry.id, name: matching.industry.name },
    initiatives: initiatives(profile),
    reduction_action_present: profile?.reductionActionPresent ?? null,
    updated_at: parts.producedAt === null ? null : new Date(parts.producedAt).toISOString(),
  };
}

/**
 * A record as the service's Summary response format sends it: no initiative data at all and the
 * matched organization without its name (its id, link and industry stay).
 */
export function summaryFormat(record: OrganizationRecord): Record<string, unknown> {
  const { initiatives: _left, matching_organization: matched, ...rest } = record;
  if (matched === null) return { ...rest, matching_organization: null };
  const { name: _name, ...unnamed } = matched;
  return { ...rest, matching_organization: unnamed };
}
