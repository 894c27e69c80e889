/**
 * Generates the sandbox's organizations from a seed: fictional names and websites, head-office regions,
 * valid identifiers, industries, subsidiaries that resolve to a parent, and climate profiles.
 */
import { generateDuns, generateIsin, generateLei, generateSpGlobal } from '../../../src/identifiers';
import { SandboxProfile, buildProfile, drawScore } from './profile';
import { Random } from './random';
import { ScoreLandscape } from './scoring';
import { INDUSTRY_SPECS, NAME_HEADS, NAME_TAILS, REGION_SPECS, RegionSpec } from './vocabulary';

export interface SandboxOrganization {
  id: number;
  name: string;
  /** e.g. `https://www.brightwater-logistics.example` */
  website: string;
  /** ISO 3166 alpha-2 country code of the head office. */
  hqRegion: string;
  /**
   * Identifiers in their normalized form (what the validators of src/identifiers return); every
   * organization has all four.
   */
  duns: string;
  lei: string;
  isin: string;
  spGlobal: string;
  /** Set for subsidiaries whose requests resolve to their parent's profile. */
  parentId: number | null;
  industryId: number;
  /** The organization's own profile; null for subsidiaries (they answer with the parent's). */
  profile: SandboxProfile | null;
}

/** The first organization id; registrations continue after the last one. */
export const FIRST_ORGANIZATION_ID = 10001;

const SUBSIDIARY_SHARE = 0.06;
/** Same name as an earlier company, another country: what a head-office region is needed to tell apart. */
const NAMESAKE_SHARE = 0.01;
/** Share of websites written with "www.". */
const WWW_SHARE = 0.7;

/** Who the next organization is, before its identifiers are drawn. */
interface Identity {
  brand: Brand;
  region: RegionSpec;
  /** The name without its legal form: "Brightwater Logistics", "Brightwater Logistics France". */
  plainName: string;
  suffix: string;
  host: string;
  parentId: number | null;
}

interface Brand {
  /** "Brightwater Logistics" */
  base: string;
  /** "brightwater-logistics" */
  slug: string;
  industryId: number;
}

const TOTAL_REGION_WEIGHT = REGION_SPECS.reduce((sum, r) => sum + r.weight, 0);

/** A head-office region by weight; `except` is redrawn (a subsidiary sits in another country). */
function pickRegion(random: Random, except?: string): RegionSpec {
  for (;;) {
    let roll = random.next() * TOTAL_REGION_WEIGHT;
    const region = REGION_SPECS.find((r) => (roll -= r.weight) < 0) ?? REGION_SPECS[REGION_SPECS.length - 1];
    if (region.code !== except) return region;
  }
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface GeneratedOrganizations {
  organizations: SandboxOrganization[];
  landscape: ScoreLandscape;
}

export function generateOrganizations(seed: number, count: number): GeneratedOrganizations {
  const random = new Random(seed);
  const takenBaseNames = new Set<string>();
  // Names without their legal form, with the region: what matching by name must tell apart.
  const takenNames = new Set<string>();
  const takenHosts = new Set<string>();
  const takenIdentifiers = {
    duns: new Set<string>(),
    lei: new Set<string>(),
    isin: new Set<string>(),
    sp: new Set<string>(),
  };
  const brands: Brand[] = [];
  const orgs: SandboxOrganization[] = [];
  const scores: number[] = [];

  const newBrand = (): Brand => {
    const industryIndex = random.int(0, INDUSTRY_SPECS.length - 1);
    const spec = INDUSTRY_SPECS[industryIndex];
    let base = '';
    for (let attempt = 0; base === '' || takenBaseNames.has(base); attempt++) {
      base = `${random.pick(NAME_HEADS)}${random.pick(NAME_TAILS)} ${random.pick(spec.words)}`;
      // Past the word lists' capacity (very large populations), a number keeps names apart.
      if (attempt > 20) base += ` ${attempt}`;
    }
    takenBaseNames.add(base);
    return { base, slug: slugOf(base), industryId: industryIndex + 1 };
  };

  /** Draws identifiers until one is new: no two organizations share one. */
  const uniqueIdentifier = (kind: keyof typeof takenIdentifiers, draw: () => string): string => {
    for (;;) {
      const value = draw();
      if (!takenIdentifiers[kind].has(value)) {
        takenIdentifiers[kind].add(value);
        return value;
      }
    }
  };

  /** An organization of its own (no parent) under `brand`, in `region`, with the brand's own domain. */
  const independent = (brand: Brand, region: RegionSpec): Identity => ({
    brand,
    region,
    plainName: brand.base,
    suffix: random.pick(region.suffixes),
    host: `${brand.slug}.example`,
    parentId: null,
  });

  for (let i = 0; i < count; i++) {
    const id = FIRST_ORGANIZATION_ID + i;
    let candidate: Identity | null = null;
    const related = orgs.length > 50 ? orgs[random.int(0, orgs.length - 1)] : null;
    const roll = random.next();
    if (related && related.parentId === null && roll < SUBSIDIARY_SHARE) {
      // A subsidiary: the parent's brand in another country, resolving to the parent's profile.
      const brand = brands[related.id - FIRST_ORGANIZATION_ID];
      const region = pickRegion(random, related.hqRegion);
      const plainName = `${brand.base} ${region.country}`;
      // Its own registrable domain, as the add-in sends only that (a sub-domain would name the parent).
      const host = `${brand.slug}-${slugOf(region.country)}.example`;
      candidate = { brand, region, plainName, suffix: random.pick(region.suffixes), host, parentId: related.id };
    } else if (related && related.parentId === null && roll < SUBSIDIARY_SHARE + NAMESAKE_SHARE) {
      // A namesake: an unrelated company with the same name in another country.
      const region = pickRegion(random, related.hqRegion);
      const origin = brands[related.id - FIRST_ORGANIZATION_ID];
      candidate = independent({ ...origin, slug: `${origin.slug}-${region.code.toLowerCase()}` }, region);
    }
    if (
      !candidate ||
      takenNames.has(`${candidate.plainName}|${candidate.region.code}`) ||
      takenHosts.has(candidate.host)
    ) {
      const brand = newBrand();
      candidate = independent(brand, pickRegion(random));
    }
    const { brand, region, plainName, suffix, host, parentId } = candidate;
    const name = `${plainName} ${suffix}`;
    takenNames.add(`${plainName}|${region.code}`);
    takenHosts.add(host);
    brands.push(brand);
    scores.push(parentId === null ? drawScore(random, INDUSTRY_SPECS[brand.industryId - 1]) : NaN);
    orgs.push({
      id,
      name,
      website: `https://${random.chance(WWW_SHARE) ? 'www.' : ''}${host}`,
      hqRegion: region.code,
      duns: uniqueIdentifier('duns', () => generateDuns(random.next)),
      lei: uniqueIdentifier('lei', () => generateLei(random.next)),
      isin: uniqueIdentifier('isin', () => generateIsin(random.next, region.code)),
      spGlobal: uniqueIdentifier('sp', () => generateSpGlobal(random.next)),
      parentId,
      industryId: brand.industryId,
      profile: null,
    });
  }

  const landscape = attachProfiles(new Random(seed ^ 0x5bd1e995), orgs, scores);
  return { organizations: orgs, landscape };
}

/** Places every owner's score among all, its industry's and its region's, then draws the rest of its profile. */
function attachProfiles(random: Random, orgs: SandboxOrganization[], scores: number[]): ScoreLandscape {
  const owners = orgs.filter((o) => o.parentId === null);
  const landscape = new ScoreLandscape(
    owners.map((o) => ({
      score: scores[o.id - FIRST_ORGANIZATION_ID],
      industryId: o.industryId,
      hqRegion: o.hqRegion,
    })),
  );
  for (const o of owners) {
    const where = landscape.context(o.industryId, o.hqRegion);
    o.profile = buildProfile(random, scores[o.id - FIRST_ORGANIZATION_ID], INDUSTRY_SPECS[o.industryId - 1], where);
  }
  return landscape;
}
