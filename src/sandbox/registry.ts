/**
 * Registration of organizations the population does not hold. Resolving a request and registering it
 * happen in one synchronous step, so any number of identical requests, however concurrent, register
 * an organization once; a registered organization is then found by any of the keys it came with.
 */
import { OrganizationRecord, OrganizationStatus } from '../service/types';
import { KnobStore } from './knobs';
import { OrganizationIndex } from './matching';
import { ParsedOrganizationRequest, registrationIdentity } from './organizationRequest';
import { SandboxOrganization } from './organizationGenerator';
import { Population } from './population';
import { SandboxProfile } from './profile';
import { profilingStatus } from './profiling';
import { randomFor } from './random';
import { SandboxClock } from './clock';
import { shapeRecord } from './records';

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

export type Resolution =
  | { kind: 'known'; organization: SandboxOrganization }
  | { kind: 'registered'; registration: Registration; isNew: boolean };

export class Registry {
  private readonly registrations: Registration[] = [];
  private readonly index = new OrganizationIndex();

  constructor(
    private readonly population: Population,
    private readonly clock: SandboxClock,
    private readonly knobs: KnobStore,
    private readonly onRegistered: (identity: string) => void,
  ) {}

  /** The population organization the request names, else its registration (made now if new). */
  resolve(request: ParsedOrganizationRequest): Resolution {
    return this.find(request) ?? { kind: 'registered', registration: this.register(request), isNew: true };
  }

  /** Like `resolve`, but registers nothing: null for an organization the sandbox has not met. */
  find(request: ParsedOrganizationRequest): Resolution | null {
    const known = this.population.find(request.keys);
    if (known) return { kind: 'known', organization: known };
    const existing = this.get(this.index.find(request.keys) ?? NaN);
    return existing ? { kind: 'registered', registration: existing, isNew: false } : null;
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

  record(registration: Registration, externalId: string | null = null): OrganizationRecord {
    const status = this.status(registration);
    const industry = this.population.industry(registration.industryId)!;
    return shapeRecord({
      id: registration.id,
      name: registration.name,
      website: registration.website,
      hqRegion: registration.hqRegion,
      externalId,
      status,
      relationship: 'requested organization',
      matching: { id: registration.id, name: registration.name, industry },
      industryMean: this.population.landscape.industryMean(registration.industryId),
      profile: status === 'synced' ? registration.profile : null,
    });
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
