/**
 * The requirement sets the simulated host declares (hostProfiles.ts), as `Office.context.requirements
 * .isSetSupported` answers them, and as the harness itself consults them (value preview, the data
 * types a returned value may use). A test may change them mid-run, or take the API away entirely.
 */
import { versionAtLeast } from '../stand-ins/requirementSets';
import { MODERN_HOST } from './hostProfiles';

export class HostRequirements {
  private readonly requirements: Map<string, string>;
  /** Answers of `supports` by requirement set and version, until a requirement changes. */
  private readonly supported = new Map<string, Map<string, boolean>>();

  constructor(
    requirements: Record<string, string> | undefined,
    private absent: boolean,
  ) {
    this.requirements = new Map(Object.entries(requirements ?? MODERN_HOST.requirements));
  }

  supports(name: string, version: string): boolean {
    let versions = this.supported.get(name);
    if (versions === undefined) this.supported.set(name, (versions = new Map()));
    let answer = versions.get(version);
    if (answer === undefined) {
      const have = this.requirements.get(name);
      answer = !this.absent && have !== undefined && versionAtLeast(have, version);
      versions.set(version, answer);
    }
    return answer;
  }

  /** What `isSetSupported` answers: null when the host has no requirements API at all. */
  isSetSupported(name: string, version: string): boolean | null {
    return this.absent ? null : this.supports(name, version);
  }

  set(name: string, version: string | null): void {
    this.supported.clear();
    if (version === null) this.requirements.delete(name);
    else this.requirements.set(name, version);
  }

  setAbsent(absent: boolean): void {
    this.supported.clear();
    this.absent = absent;
  }
}
