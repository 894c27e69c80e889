/**
 * Registration of organizations the population does not hold. Resolving a request and registering it
 * happen in one synchronous step, so any number of identical requests, however concurrent, register
 * an organization once; a registered organization is then found by any of the keys it came with.
 */
import { OrganizationRecord, OrganizationStatus, isFinalStatus } from '../../../src/service/types';
import { KnobStore } from '../faults/knobs';
import { OrganizationIndex, strongerMatch } from '../world/matching';
import { ParsedOrganizationRequest, registrationIdentity } from './organizationRequest';
import { SandboxOrganization } from '../world/organizationGenerator';
import { Population } from '../world/population';
import { SandboxProfile } from '../world/profile';
import { profilingStatus } from './profiling';
import { randomFor } from '../world/random';
import { SandboxClock } from './clock';
import { shapeRecord } from '../world/records';

export interface Registration {
  id: number;
  /** The strongest key of the first request (e.g. `lei:5299...`, `name:acme|GB`). */
  identity: string;
  name: string | null;
  website: string | null;
  hqRegion: string | null;
  industryId: number;
  /** Sandbox clock seconds at registration. */
  registeredAt: number;
  /** Whether profiling ends `errored` (decided at registration from the identity and erroredShare). */
  fails: boolean;
  /** The figures shown once synced. */
  profile: SandboxProfile;
}

/** `namesake`: found by the name under another legal form (matching.ts); the record says so. */
export type Resolution =
  | { kind: 'known'; organization: SandboxOrganization; namesake: boolean }
  | { kind: 'registered'; registration: Registration; isNew: boolean; namesake: boolean }
  | { kind: 'ambiguous'; message: string };

/** Resolutions that have a record to answer with. */
export type Found = Exclude<Resolution, { kind: 'ambiguous' }>;

const LISTED_NAMESAKES = 3;

export class Registry {
  private readonly registrations: Registration[] = [];
  private readonly index = new OrganizationIndex();

  constructor(
    private readonly population: Population,
    private readonly clock: SandboxClock,
    private readonly knobs: KnobStore,
    private readonly onRegistered: (identity: string) => void,
  ) {}

  /**
   * The organization the request names, population or registered, else its registration (made now if
   * new); an ambiguous name registers nothing.
   */
  resolve(request: ParsedOrganizationRequest): Resolution {
    return (
      this.find(request) ?? { kind: 'registered', registration: this.register(request), isNew: true, namesake: false }
    );
  }

  /** Like `resolve`, but registers nothing: null for an organization the sandbox has not met. */
  find(request: ParsedOrganizationRequest): Resolution | null {
    const match = strongerMatch(this.population.match(request.keys), this.index.find(request.keys));
    if (match === null) return null;
    if (match.kind === 'ambiguous') return { kind: 'ambiguous', message: this.ambiguity(request.name, match.ids) };
    const organization = this.population.organization(match.id);
    if (organization) return { kind: 'known', organization, namesake: match.namesake };
    const registration = this.get(match.id);
    return registration ? { kind: 'registered', registration, isNew: false, namesake: match.namesake } : null;
  }

  /** The record a found resolution answers with. */
  recordOf(found: Found, externalId: string | null): OrganizationRecord {
    return found.kind === 'known'
      ? this.population.record(found.organization, externalId, null, found.namesake)
      : this.record(found.registration, externalId, found.namesake);
  }

  get(id: number): Registration | null {
    return this.registrations[id - this.population.nextFreeId] ?? null;
  }

  /** In registration (= id) order. */
  all(): readonly Registration[] {
    return this.registrations;
  }

  status(registration: Registration): OrganizationStatus {
    const elapsed = this.clock.now() - registration.registeredAt;
    return profilingStatus(elapsed, this.knobs.current.profilingSeconds, registration.fails);
  }

  record(registration: Registration, externalId: string | null = null, namesake = false): OrganizationRecord {
    const status = this.status(registration);
    // Produced when profiling ended; while it goes on there are no figures to date.
    const finishedAt = registration.registeredAt + this.knobs.current.profilingSeconds;
    const industry = this.population.industry(registration.industryId)!;
    return shapeRecord({
      id: registration.id,
      name: registration.name,
      website: registration.website,
      hqRegion: registration.hqRegion,
      externalId,
      status,
      relationship: namesake ? 'namesake' : 'requested organization',
      matching: { id: registration.id, name: registration.name, industry },
      industryMean: this.population.landscape.industryMean(registration.industryId),
      profile: status === 'synced' ? registration.profile : null,
      producedAt: isFinalStatus(status) ? this.clock.dateAt(finishedAt) : null,
    });
  }

  /** The 422 message of a name several organizations share once their legal forms are set aside. */
  private ambiguity(name: string | null, ids: readonly number[]): string {
    const described = ids.slice(0, LISTED_NAMESAKES).map((id) => {
      const org = this.population.organization(id);
      const [shown, region] = org ? [org.name, org.hqRegion] : [this.get(id)?.name, this.get(id)?.hqRegion];
      return region ? `${shown} (${region})` : `${shown}`;
    });
    const more = ids.length > LISTED_NAMESAKES ? ` and ${ids.length - LISTED_NAMESAKES} more` : '';
    return (
      `"${name}" fits ${ids.length} organizations: ${described.join(', ')}${more}; ` +
      'add the legal form, country or an identifier'
    );
  }

  private register(request: ParsedOrganizationRequest): Registration {
    const identity = registrationIdentity(request.keys);
    const seed = this.population.seed;
    const industryId =
      request.industryId ?? randomFor(seed, `industry:${identity}`).int(1, this.population.industries.length);
    const registration: Registration = {
      id: this.population.nextFreeId + this.registrations.length,
      identity,
      name: request.name,
      website: request.website,
      hqRegion: request.keys.hqRegion,
      industryId,
      registeredAt: this.clock.now(),
      fails: randomFor(seed, `fails:${identity}`).next() < this.knobs.current.erroredShare,
      profile: this.population.profileFor(identity, industryId, request.keys.hqRegion),
    };
    this.registrations.push(registration);
    this.index.add(registration.id, request.keys);
    this.onRegistered(identity);
    return registration;
  }
}
