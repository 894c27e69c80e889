/**
 * The climate profile of an organization: its score, where the score stands, its initiative flags.
 * Drawn from a seeded stream, leaning on the industry (heavy industry scores lower) and on the score
 * (better scorers join more initiatives).
 */
import { INITIATIVE_KEYS, InitiativeKey } from '../../../src/service/types';
import { Random } from './random';
import { ScoreContext, rankWord, roundScore } from './scoring';
import { IndustrySpec } from './vocabulary';

export interface SandboxProfile {
  /** 0 (worst) .. 1 (best), 4 decimals. */
  score: number;
  industryScorePercentile: number;
  rank: string;
  industryRank: string;
  regionRank: string;
  initiatives: Record<InitiativeKey, boolean>;
  reductionActionPresent: boolean;
}

/** Base share of organizations in an initiative; sector initiatives apply only to their industries. */
const INITIATIVE_RATES: Record<InitiativeKey, number> = {
  sbti: 0, // set from the science-based-targets dataset, never drawn
  cdp: 0.35,
  climate_pledge: 0.06,
  un_global_compact: 0.15,
  re100: 0.05,
  climate_action_100: 0.2,
  race_to_zero: 0.08,
  rspo: 0.3,
  pri: 0.4,
  responsible_business_alliance: 0.3,
  responsible_minerals_initiative: 0.25,
  responsible_labor_initiative: 0.2,
  ecovadis: 0.25,
};

const SECTOR_ONLY: readonly InitiativeKey[] = [
  'climate_action_100',
  'rspo',
  'pri',
  'responsible_business_alliance',
  'responsible_minerals_initiative',
  'responsible_labor_initiative',
];

/** Share of rank fields the service leaves `unknown`. */
const UNKNOWN_RANK_SHARE = 0.02;

export function drawScore(random: Random, industry: IndustrySpec): number {
  const centre = (random.next() + random.next() + random.next()) / 3;
  return roundScore(centre + industry.bias);
}

/** Whether an organization of the industry can be in the initiative (sector initiatives are for their sectors). */
export function eligible(key: InitiativeKey, industry: IndustrySpec): boolean {
  return !SECTOR_ONLY.includes(key) || (industry.sectorInitiatives ?? []).includes(key);
}

function drawInitiatives(random: Random, score: number, industry: IndustrySpec): Record<InitiativeKey, boolean> {
  const flags = {} as Record<InitiativeKey, boolean>;
  for (const key of INITIATIVE_KEYS) {
    flags[key] = eligible(key, industry) && random.chance(INITIATIVE_RATES[key] * (0.4 + 1.2 * score));
  }
  return flags;
}

/** A full profile for a score, placed in its distributions. */
export function buildProfile(
  random: Random,
  score: number,
  industry: IndustrySpec,
  where: ScoreContext,
): SandboxProfile {
  const industryPercentile = where.industry.percentile(score);
  const word = (percentile: number | null): string =>
    percentile === null || random.chance(UNKNOWN_RANK_SHARE) ? 'unknown' : rankWord(percentile);
  return {
    score,
    industryScorePercentile: industryPercentile,
    rank: word(where.global.percentile(score)),
    industryRank: word(industryPercentile),
    regionRank: word(where.region ? where.region.percentile(score) : null),
    initiatives: drawInitiatives(random, score, industry),
    reductionActionPresent: random.chance(0.35 + 0.55 * score),
  };
}

/** The same profile with another score (private documents change the figures), placed anew. */
export function withScore(profile: SandboxProfile, score: number, where: ScoreContext): SandboxProfile {
  const industryPercentile = where.industry.percentile(score);
  const word = (before: string, percentile: number | null): string =>
    before === 'unknown' || percentile === null ? 'unknown' : rankWord(percentile);
  return {
    ...profile,
    score,
    industryScorePercentile: industryPercentile,
    rank: word(profile.rank, where.global.percentile(score)),
    industryRank: word(profile.industryRank, industryPercentile),
    regionRank: word(profile.regionRank, where.region ? where.region.percentile(score) : null),
  };
}
