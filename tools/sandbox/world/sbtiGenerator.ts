/**
 * The science-based-targets dataset: companies (some of them organizations of the population, sharing
 * their ISIN and LEI, others not) and the changes to their entries over time. Like the real weekly
 * snapshot it is normalised yet a little inconsistent: years come as numbers or text, and a few
 * classifications are written without the degree sign.
 */
import { generateIsin, generateLei } from '../../../src/identifiers';
import { SbtiChange, SbtiCompany } from '../../../src/service/types';
import { SandboxOrganization } from './organizationGenerator';
import { Random } from './random';
import { INDUSTRY_SPECS, NAME_HEADS, NAME_TAILS, REGION_SPECS } from './vocabulary';

export interface SbtiDataset {
  companies: SbtiCompany[];
  changes: SbtiChange[];
  /** Organization id of the population member each company is, where it is one (by company id). */
  organizationOf: Map<number, number>;
  /** Company id of each change (by change id). */
  companyOfChange: Map<number, number>;
}

const NEAR_TERM_STATUSES = ['Targets set', 'Committed', 'Commitment removed'] as const;
const CLASSIFICATIONS = ['1.5°C', 'Well-below 2°C', '2°C'] as const;
/** Statuses under which a company counts as in the initiative (the `sbti` flag of its profile). */
export const ACTIVE_SBTI_STATUSES: readonly string[] = ['Targets set', 'Committed'];

/** Weekly snapshots: changes are dated on Mondays from this one on. */
const FIRST_SNAPSHOT = Date.UTC(2024, 0, 1);
const SNAPSHOT_WEEKS = 104;
const WEEK_MS = 7 * 24 * 3600 * 1000;

function year(random: Random, from: number, to: number): number | string {
  const y = random.int(from, to);
  return random.chance(0.1) ? String(y) : y;
}

function drawCompany(
  random: Random,
  id: number,
  name: string,
  isin: string | null,
  lei: string | null,
  regionCode: string,
  industryId: number,
): SbtiCompany {
  const region = REGION_SPECS.find((r) => r.code === regionCode)!;
  const roll = random.next();
  const nearStatus = roll < 0.6 ? NEAR_TERM_STATUSES[0] : roll < 0.9 ? NEAR_TERM_STATUSES[1] : NEAR_TERM_STATUSES[2];
  const targetsSet = nearStatus === 'Targets set';
  const longTermSet = targetsSet && random.chance(0.4);
  const netZero = random.chance(targetsSet ? 0.6 : 0.3);
  let classification: string | null = null;
  if (targetsSet) {
    const c = random.next();
    classification = c < 0.7 ? CLASSIFICATIONS[0] : c < 0.95 ? CLASSIFICATIONS[1] : CLASSIFICATIONS[2];
    if (random.chance(0.05)) classification = classification.replace('°', '');
  }
  const industry = INDUSTRY_SPECS[industryId - 1];
  return {
    id,
    company_name: name,
    isin,
    lei,
    near_term_target_status: nearStatus,
    near_term_target_classification: classification,
    near_term_target_year: targetsSet ? year(random, 2025, 2035) : null,
    long_term_target_status: longTermSet ? 'Targets set' : random.chance(0.2) ? 'Committed' : null,
    long_term_target_classification: longTermSet ? '1.5°C' : null,
    long_term_target_year: longTermSet ? year(random, 2040, 2050) : null,
    net_zero_committed: netZero ? 'Yes' : 'No',
    net_zero_year: netZero ? year(random, 2040, 2050) : null,
    organization_type: (industry.sectorInitiatives ?? []).includes('pri')
      ? 'Financial Institution'
      : random.chance(0.1)
        ? 'SME'
        : 'Company',
    location: region.country,
    region: region.worldRegion,
    sector: industry.name,
  };
}

/** Plausible earlier values of the fields whose changes the dataset records. */
const CHANGE_FIELDS: Record<string, readonly string[]> = {
  near_term_target_status: ['Committed', 'Targets set', 'Commitment removed'],
  near_term_target_classification: ['2°C', 'Well-below 2°C', '1.5°C'],
  net_zero_committed: ['No', 'Yes'],
  long_term_target_status: ['Committed', 'Targets set'],
};

function drawChanges(random: Random, company: SbtiCompany): Omit<SbtiChange, 'id'>[] {
  const changes: Omit<SbtiChange, 'id'>[] = [];
  const fields = Object.keys(CHANGE_FIELDS).filter((f) => company[f as keyof SbtiCompany] !== null);
  const count = random.chance(0.6) ? random.int(1, Math.min(3, fields.length)) : 0;
  for (let i = 0; i < count; i++) {
    const field = fields[i];
    const current = String(company[field as keyof SbtiCompany]);
    const earlier = CHANGE_FIELDS[field].filter((v) => v !== current);
    changes.push({
      company_name: company.company_name as string,
      isin: company.isin as string | null,
      field,
      old_value: random.chance(0.2) ? null : random.pick(earlier),
      new_value: current,
      changed_at: new Date(FIRST_SNAPSHOT + random.int(0, SNAPSHOT_WEEKS) * WEEK_MS).toISOString(),
    });
  }
  return changes;
}

export function generateSbti(seed: number, orgs: readonly SandboxOrganization[]): SbtiDataset {
  const random = new Random(seed ^ 0x27d4eb2f);
  const companies: SbtiCompany[] = [];
  const organizationOf = new Map<number, number>();
  for (const org of orgs) {
    if (org.profile === null || !random.chance(0.02 + 0.12 * org.profile.score)) continue;
    const id = companies.length + 1;
    // The dataset writes some names its own way; ISIN and LEI are what link it to organizations.
    const name = random.chance(0.15) ? org.name.toUpperCase() : org.name;
    companies.push(drawCompany(random, id, name, org.isin, org.lei, org.hqRegion, org.industryId));
    organizationOf.set(id, org.id);
  }
  const outsiders = Math.ceil(companies.length / 4);
  const names = new Set(orgs.map((o) => o.name));
  for (let i = 0; i < outsiders; i++) {
    const region = random.pick(REGION_SPECS);
    const industryId = random.int(1, INDUSTRY_SPECS.length);
    const word = random.pick(INDUSTRY_SPECS[industryId - 1].words);
    const name = `${random.pick(NAME_HEADS)}${random.pick(NAME_TAILS)} ${word} Holdings`;
    if (names.has(name)) continue;
    names.add(name);
    const isin = random.chance(0.5) ? generateIsin(random.next, region.code) : null;
    companies.push(
      drawCompany(random, companies.length + 1, name, isin, generateLei(random.next), region.code, industryId),
    );
  }
  const drawn = companies
    .flatMap((company) => drawChanges(random, company).map((change) => ({ companyId: company.id as number, change })))
    .sort((a, b) => a.change.changed_at!.localeCompare(b.change.changed_at!));
  const changes = drawn.map(({ change }, i) => ({ id: i + 1, ...change }));
  const companyOfChange = new Map(drawn.map(({ companyId }, i) => [i + 1, companyId]));
  return { companies, changes, organizationOf, companyOfChange };
}
