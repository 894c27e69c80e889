/**
 * The Excel hosts the add-in meets, named once: each is the requirement sets its Office reports and
 * what its Excel renders, as Microsoft documents them (custom functions return cell values from
 * CustomFunctionsRuntime 1.4; Double/Boolean/String values take `properties`, `layouts` and
 * `provider` from ExcelApi 1.19; Entity values with a provider from ExcelApi 1.16; custom functions are
 * called for the formula-value preview from CustomFunctionsRuntime 1.5). Every harness
 * test that checks a value's shape runs under each of them.
 */

export interface HostProfile {
  name: string;
  /** Office.context.requirements of the host: set -> highest version supported. */
  requirements: Record<string, string>;
  /** Scores and flags arrive as cell values with card, logo and link (else plain values). */
  attributedValues: boolean;
  /** CLIMATE.ORG's card renders (an Entity value; else its name as text). */
  entities: boolean;
  /** Where such a host is found (for the docs and test names). */
  hosts: string;
}

const BASE = { SharedRuntime: '1.1' };

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    name: 'none',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.3', ExcelApi: '1.12' },
    attributedValues: false,
    entities: false,
    hosts: 'Excel 2021/2024 perpetual and LTSC, iPad, Windows before 2208',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 only',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.15' },
    attributedValues: false,
    entities: false,
    hosts:
      'a host reporting CustomFunctionsRuntime 1.4 with an ExcelApi below 1.16 (the two sets are asked separately)',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 + ExcelApi 1.16',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.18' },
    attributedValues: false,
    entities: true,
    hosts: 'Windows 2208-2503, Mac 16.64-16.95: Entity values with a provider, but not Double/Boolean ones',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 + ExcelApi 1.19',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.19' },
    attributedValues: true,
    entities: true,
    hosts: 'Excel on the web, Windows Microsoft 365 from 2504, Mac from 16.96',
  },
  {
    name: 'CustomFunctionsRuntime 1.5 + ExcelApi 1.19',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.5', ExcelApi: '1.19' },
    attributedValues: true,
    entities: true,
    hosts: 'hosts that also call custom functions for the formula-value preview (isInValuePreview)',
  },
];

/** A requirement-set version `have` is `want` or later (1.19 after 1.4). */
export function versionAtLeast(have: string, want: string): boolean {
  const [a, b] = [have.split('.').map(Number), want.split('.').map(Number)];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** Office.context.requirements.isSetSupported of a profile. */
export function supportedBy(profile: HostProfile, name: string, version: string): boolean {
  const have = profile.requirements[name];
  return have !== undefined && versionAtLeast(have, version);
}

export function hostProfile(name: string): HostProfile {
  const profile = HOST_PROFILES.find((p) => p.name === name);
  if (!profile) throw new Error(`harness: no host profile ${name}`);
  return profile;
}

/** The host the harness plays unless told otherwise: today's Excel on the web. */
export const MODERN_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.19');
/** A host without data types at all. */
export const PLAIN_HOST = hostProfile('none');
