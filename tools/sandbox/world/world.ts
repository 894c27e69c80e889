/**
 * Time passing in the sandbox's world: each day on its clock (real or skipped with
 * `POST /__sandbox/clock`) some scores drift, some organizations join or leave an initiative, and some
 * SBTi commitments are removed or turned into targets, each change dated that day (profiles then say
 * so in `updated_at`, the SBTi changes feed lists it). What happens on day d depends only on the seed
 * and d, and days are applied in order, so the world after 90 days is the same however the clock got
 * there. The sandbox keeps the list of what it changed, for tests and demos (`GET /__sandbox/world`).
 */
import { INITIATIVE_KEYS, InitiativeKey, SbtiCompany } from '../../../src/service/types';
import { SandboxClock } from '../service/clock';
import { Population, SandboxOrganization } from './population';
import { eligible, withScore } from './profile';
import { Random, randomFor } from './random';
import { roundScore } from './scoring';
import { INDUSTRY_SPECS } from './vocabulary';

/** What changed: a score (0-1), an initiative joined or left, an SBTi commitment's outcome. */
export type WorldChangeDetail =
  | { kind: 'score'; before: number; after: number }
  | { kind: 'initiative'; initiative: InitiativeKey; joined: boolean }
  | { kind: 'sbti'; before: string; after: SbtiOutcome };

/** What one day changed for one organization (the profile owner: its subsidiaries answer with it). */
export type WorldChange = { day: number; changedAt: string; organizationId: number; name: string } & WorldChangeDetail;

export type SbtiOutcome = 'Commitment removed' | 'Targets set';

/** Daily chances, per profile owner (scores, initiatives) or per committed SBTi company (the rest). */
const DAILY = {
  score: 0.0006,
  initiative: 0.0003,
  commitmentRemoved: 0.002,
  targetsSet: 0.002,
} as const;

/** A drift moves a score by 0.005 to 0.125 (0.5 to 12.5 points): some within a 5-point threshold, some past it. */
const DRIFT_MIN = 0.005;
const DRIFT_SPAN = 0.12;

/** The world moves for ten years of days; past them it stays (the clock itself goes on to 31 years). */
export const WORLD_DAYS = 3653;

const COMMITTED = 'Committed';

export class World {
  private appliedDay = 0;
  private readonly log: WorldChange[] = [];
  private readonly owners: readonly SandboxOrganization[];
  /** Owners whose SBTi entry is a commitment still open, in population order. */
  private committed: SandboxOrganization[];

  constructor(
    private readonly population: Population,
    private readonly clock: SandboxClock,
  ) {
    this.owners = population.organizations.filter((o) => o.profile !== null);
    this.committed = this.owners.filter((o) => population.sbtiCompanyOf(o.id)?.near_term_target_status === COMMITTED);
  }

  /** Applies the days that have passed on the clock since the last call; answers what they changed. */
  catchUp(): readonly WorldChange[] {
    const today = Math.min(this.clock.day, WORLD_DAYS);
    const from = this.log.length;
    while (this.appliedDay < today) this.applyDay(++this.appliedDay);
    return this.log.slice(from);
  }

  /** Everything the days have changed so far, in order. */
  changes(): readonly WorldChange[] {
    return this.log;
  }

  private applyDay(day: number): void {
    const random = randomFor(this.population.seed, `world:${day}`);
    const at = this.clock.dayDate(day);
    for (const owner of draw(random, this.owners, DAILY.score)) this.drift(owner, random, day, at);
    for (const owner of draw(random, this.owners, DAILY.initiative)) this.flipInitiative(owner, random, day, at);
    const removed = draw(random, this.committed, DAILY.commitmentRemoved);
    const rest = this.committed.filter((o) => !removed.includes(o));
    const targets = draw(random, rest, DAILY.targetsSet);
    for (const owner of removed) this.sbti(owner, 'Commitment removed', random, day, at);
    for (const owner of targets) this.sbti(owner, 'Targets set', random, day, at);
    if (removed.length + targets.length > 0) {
      this.committed = rest.filter((o) => !targets.includes(o));
    }
  }

  private drift(owner: SandboxOrganization, random: Random, day: number, at: number): void {
    const profile = owner.profile!;
    const step = (random.chance(0.5) ? 1 : -1) * (DRIFT_MIN + DRIFT_SPAN * random.next());
    const score = roundScore(profile.score + step);
    if (score === profile.score) return; // at the scale's end: nothing moved
    const where = this.population.landscape.context(owner.industryId, owner.hqRegion);
    this.population.redraw(owner, withScore(profile, score, where), at);
    this.note({ kind: 'score', before: profile.score, after: score }, owner, day, at);
  }

  private flipInitiative(owner: SandboxOrganization, random: Random, day: number, at: number): void {
    const industry = INDUSTRY_SPECS[owner.industryId - 1];
    // The SBTi flag follows the SBTi dataset, never drawn on its own.
    const open = INITIATIVE_KEYS.filter((key) => key !== 'sbti' && eligible(key, industry));
    const initiative = random.pick(open);
    const profile = owner.profile!;
    const joined = !profile.initiatives[initiative];
    const initiatives = { ...profile.initiatives, [initiative]: joined };
    this.population.redraw(owner, { ...profile, initiatives }, at);
    this.note({ kind: 'initiative', initiative, joined }, owner, day, at);
  }

  private sbti(owner: SandboxOrganization, after: SbtiOutcome, random: Random, day: number, at: number): void {
    const company = this.population.sbtiCompanyOf(owner.id)!;
    const before = String(company.near_term_target_status);
    this.population.changeSbti(company, 'near_term_target_status', after, at);
    if (after === 'Targets set') setTargets(this.population, company, random, at);
    const profile = owner.profile!;
    const initiatives = { ...profile.initiatives, sbti: after === 'Targets set' };
    this.population.redraw(owner, { ...profile, initiatives }, at);
    this.note({ kind: 'sbti', before, after }, owner, day, at);
  }

  private note(change: WorldChangeDetail, owner: SandboxOrganization, day: number, at: number): void {
    const changedAt = new Date(at).toISOString();
    this.log.push({ day, changedAt, organizationId: owner.id, name: owner.name, ...change });
  }
}

/** A company that sets its targets gets a classification and a year, as the dataset's targets have. */
function setTargets(population: Population, company: SbtiCompany, random: Random, at: number): void {
  population.changeSbti(company, 'near_term_target_classification', '1.5°C', at);
  population.changeSbti(company, 'near_term_target_year', new Date(at).getUTCFullYear() + random.int(5, 10), at);
}

/**
 * A day's picks among `items`, each with chance `rate`: the expected count (its fraction by a draw),
 * then that many distinct items. Cheap for any population: it draws per pick, not per item.
 */
function draw<T>(random: Random, items: readonly T[], rate: number): T[] {
  const expected = items.length * rate;
  const count = Math.min(items.length, Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0));
  const picked = new Set<T>();
  while (picked.size < count) picked.add(items[random.int(0, items.length - 1)]);
  return [...picked];
}
