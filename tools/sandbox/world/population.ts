/**
 * The sandbox's generated world: organizations, industries, the science-based-targets dataset,
 * recommended actions and per-project private performances. The same seed and size always give the
 * same world; only the days passing change it afterwards (world.ts, through `redraw` and `changeSbti`).
 */
import {
  Industry,
  OrganizationRecord,
  OrganizationRequest,
  RecommendedAction,
  SbtiChange,
  SbtiCompany,
  SbtiField,
} from '../../../src/service/types';
import { IndexMatch, MatchKeys, OrganizationIndex, nameKey, nameKeys, websiteKey } from './matching';
import { nearNameIndex, nearNameOf } from './nearNames';
import { FIRST_ORGANIZATION_ID, SandboxOrganization, generateOrganizations } from './organizationGenerator';
import { parseOrganizationRequest } from '../service/organizationRequest';
import { SandboxProfile, buildProfile, drawScore, withScore } from './profile';
import { DAY_SECONDS } from '../service/clock';
import { randomFor } from './random';
import { recommendedActionsFor } from './recommendedActions';
import { shapeRecord } from './records';
import { ACTIVE_SBTI_STATUSES, generateSbti } from './sbtiGenerator';
import { ScoreLandscape, roundScore } from './scoring';
import { INDUSTRY_SPECS } from './vocabulary';

export type { SandboxOrganization } from './organizationGenerator';
export type { SandboxProfile } from './profile';

export interface PopulationOptions {
  seed: number;
  organizations: number;
  /** When the sandbox started (ms since 1970; default now): profiles were produced in the days before. */
  startMs?: number;
}

/** Profiles at the start were produced over this many days before it. */
const PRODUCED_WITHIN_DAYS = 90;
const DAY_MS = DAY_SECONDS * 1000;

export class Population {
  readonly seed: number;
  readonly organizations: readonly SandboxOrganization[];
  readonly industries: readonly Industry[];
  readonly sbtiCompanies: readonly SbtiCompany[];
  private readonly changes: SbtiChange[];
  readonly startMs: number;
  readonly landscape: ScoreLandscape;
  private readonly index = new OrganizationIndex();
  /** Near names (see nearNames.ts): tried only when nothing else matched. */
  private readonly nearNames: ReadonlyMap<string, number>;
  private readonly sbtiOrganizationOf: ReadonlyMap<number, number>;
  private readonly sbtiCompanyOfChange: Map<number, number>;
  private readonly sbtiCompanyOfOrganization: ReadonlyMap<number, SbtiCompany>;
  /** When a profile was last produced anew by the passing days (ms), by owner id. */
  private readonly redrawnAt = new Map<number, number>();
  private readonly privateScoreCache = new Map<number, ReadonlyMap<number, number>>();

  constructor(options: PopulationOptions) {
    this.seed = options.seed;
    this.startMs = options.startMs ?? Date.now();
    const generated = generateOrganizations(options.seed, options.organizations);
    this.organizations = generated.organizations;
    this.landscape = generated.landscape;
    this.industries = INDUSTRY_SPECS.map((spec, i) => ({ id: i + 1, name: spec.name }));
    const sbti = generateSbti(options.seed, this.organizations);
    this.sbtiCompanies = sbti.companies;
    this.changes = sbti.changes;
    this.sbtiOrganizationOf = sbti.organizationOf;
    this.sbtiCompanyOfChange = sbti.companyOfChange;
    this.sbtiCompanyOfOrganization = new Map(
      sbti.companies.flatMap((c) => {
        const orgId = sbti.organizationOf.get(c.id as number);
        return orgId === undefined ? [] : [[orgId, c] as const];
      }),
    );
    for (const company of sbti.companies) {
      const orgId = sbti.organizationOf.get(company.id as number);
      const profile = orgId === undefined ? null : this.organization(orgId)?.profile;
      if (profile) profile.initiatives.sbti = ACTIVE_SBTI_STATUSES.includes(company.near_term_target_status as string);
    }
    for (const org of this.organizations) {
      this.index.add(org.id, {
        name: nameKeys(org.name),
        website: websiteKey(org.website),
        hqRegion: org.hqRegion,
        duns: org.duns,
        lei: org.lei,
        isin: org.isin,
        spGlobal: org.spGlobal,
      });
    }
    this.nearNames = nearNameIndex(this.organizations, nameKey);
  }

  /** The science-based-targets changes, oldest first. */
  get sbtiChanges(): readonly SbtiChange[] {
    return this.changes;
  }

  /** The id the next registered (unseen) organization gets. */
  get nextFreeId(): number {
    return FIRST_ORGANIZATION_ID + this.organizations.length;
  }

  organization(id: number): SandboxOrganization | null {
    return Number.isInteger(id) ? (this.organizations[id - FIRST_ORGANIZATION_ID] ?? null) : null;
  }

  industry(id: number): Industry | null {
    return this.industries[id - 1] ?? null;
  }

  /**
   * Which population organization the keys name, by the rules of matching.ts (ids of this population),
   * else by a near name (nearNames.ts).
   */
  match(keys: MatchKeys): IndexMatch | null {
    return this.index.find(keys) ?? this.nearMatch(keys);
  }

  /** The near-name cases this population answers: the name to type and the organization it resolves to. */
  nearNameCases(): Array<{ name: string; organization: SandboxOrganization }> {
    return [...this.nearNames.values()].map((id) => {
      const organization = this.organization(id)!;
      return { name: nearNameOf(organization)!, organization };
    });
  }

  /** A name close to a registered one (and nothing else that names another organization): the weakest match. */
  private nearMatch(keys: MatchKeys): IndexMatch | null {
    if (!keys.name || keys.website || keys.duns || keys.lei || keys.isin || keys.spGlobal) return null;
    const id = this.nearNames.get(keys.name.base);
    if (id === undefined || (keys.hqRegion && keys.hqRegion !== this.organization(id)?.hqRegion)) return null;
    return { kind: 'found', id, by: 'name without legal form', namesake: false };
  }

  /**
   * What `POST /organizations` answers for a request that names a population organization, without
   * registering anything; null when the request is invalid or names no one here.
   */
  recordFor(request: OrganizationRequest): OrganizationRecord | null {
    const parsed = parseOrganizationRequest(request);
    if (!parsed.ok) return null;
    const match = this.match(parsed.request.keys);
    const org = match?.kind === 'found' ? this.organization(match.id) : null;
    return org ? this.record(org, parsed.request.externalId, null, match?.kind === 'found' && match.namesake) : null;
  }

  /**
   * The record of a population organization. A subsidiary answers with its parent's figures, and says
   * so. With `projectId`, the project's private performances replace the public score where it has one.
   * `namesake`: the request named another legal form of the same name (matching.ts), and the record says so.
   */
  record(
    org: SandboxOrganization,
    externalId: string | null = null,
    projectId: number | null = null,
    namesake = false,
  ): OrganizationRecord {
    const owner = org.parentId === null ? org : this.organization(org.parentId)!;
    const industry = this.industry(owner.industryId)!;
    let profile = owner.profile;
    const privateScore = projectId === null ? undefined : this.privateScores(projectId).get(owner.id);
    if (profile && privateScore !== undefined) {
      profile = withScore(profile, privateScore, this.landscape.context(owner.industryId, owner.hqRegion));
    }
    return shapeRecord({
      id: org.id,
      name: org.name,
      website: org.website,
      hqRegion: org.hqRegion,
      externalId,
      status: 'synced',
      relationship: owner !== org ? 'ultimate parent' : namesake ? 'namesake' : 'requested organization',
      matching: { id: owner.id, name: owner.name, industry },
      industryMean: this.landscape.industryMean(owner.industryId),
      profile,
      producedAt: this.producedAt(owner.id),
    });
  }

  /**
   * When the profile of an owner was produced (ms): the day the world last changed it, else a day drawn
   * from the seed within the 90 before the sandbox's start (at midnight UTC, so that two sandboxes
   * started on one day agree).
   */
  producedAt(ownerId: number): number {
    const redrawn = this.redrawnAt.get(ownerId);
    if (redrawn !== undefined) return redrawn;
    const daysBefore = randomFor(this.seed, `produced:${ownerId}`).int(1, PRODUCED_WITHIN_DAYS);
    return (Math.floor(this.startMs / DAY_MS) - daysBefore) * DAY_MS;
  }

  /** Gives an owner a profile produced anew at `atMs` (the passing days: world.ts). */
  redraw(owner: SandboxOrganization, profile: SandboxProfile, atMs: number): void {
    owner.profile = profile;
    this.redrawnAt.set(owner.id, atMs);
  }

  /** The science-based-targets entry of a population organization, if it has one. */
  sbtiCompanyOf(organizationId: number): SbtiCompany | null {
    return this.sbtiCompanyOfOrganization.get(organizationId) ?? null;
  }

  /**
   * Changes a field of a company's science-based-targets entry at `atMs`, and records the change in
   * the changes feed (at its end: changes only move forward in time).
   */
  changeSbti(company: SbtiCompany, field: SbtiField, value: string | number | null, atMs: number): void {
    const old = company[field];
    company[field] = value;
    const id = this.changes.length + 1;
    this.changes.push({
      id,
      company_name: company.company_name as string,
      isin: company.isin as string | null,
      field,
      old_value: old === null ? null : String(old),
      new_value: value === null ? null : String(value),
      changed_at: new Date(atMs).toISOString(),
    });
    this.sbtiCompanyOfChange.set(id, company.id as number);
  }

  /** The actions for a population organization (a subsidiary gets its parent's). */
  recommendedActions(org: SandboxOrganization): RecommendedAction[] {
    return recommendedActionsFor(this.seed, org.parentId ?? org.id);
  }

  /**
   * Private performances of a project: organization id (a profile owner) -> the score the project's
   * private documents give it. A few per project, different from the public score.
   */
  privateScores(projectId: number): ReadonlyMap<number, number> {
    const cached = this.privateScoreCache.get(projectId);
    if (cached) return cached;
    const owners = this.organizations.filter((o) => o.profile !== null);
    const random = randomFor(this.seed, `private:${projectId}`);
    const count = Math.min(owners.length, Math.max(3, Math.min(50, Math.round(owners.length / 200))));
    const scores = new Map<number, number>();
    while (scores.size < count) {
      const org = owners[random.int(0, owners.length - 1)];
      const shift = (random.chance(0.5) ? 1 : -1) * (0.05 + 0.15 * random.next());
      let score = roundScore(org.profile!.score + shift);
      if (score === org.profile!.score) score = roundScore(score + (score > 0.5 ? -0.1 : 0.1));
      scores.set(org.id, score);
    }
    this.privateScoreCache.set(projectId, scores);
    return scores;
  }

  /** The website of the company a science-based-targets change is about, when it is a population organization. */
  sbtiChangeWebsite(changeId: number): string | null {
    const companyId = this.sbtiCompanyOfChange.get(changeId);
    const orgId = companyId === undefined ? undefined : this.sbtiOrganizationOf.get(companyId);
    return orgId === undefined ? null : (this.organization(orgId)?.website ?? null);
  }

  /** A profile for an unseen organization, drawn from its identity, placed among the population. */
  profileFor(identity: string, industryId: number, hqRegion: string | null): SandboxProfile {
    const random = randomFor(this.seed, `profile:${identity}`);
    const spec = INDUSTRY_SPECS[industryId - 1];
    return buildProfile(random, drawScore(random, spec), spec, this.landscape.context(industryId, hqRegion));
  }
}
