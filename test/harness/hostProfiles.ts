/**
 * The Excel hosts the add-in meets, named once: each is the requirement sets its Office reports and
 * what its Excel renders, as Microsoft documents them (custom functions return cell values from
 * CustomFunctionsRuntime 1.4; Double/Boolean/String values take `properties`, `layouts` and
 * `provider` from ExcelApi 1.19; Entity values with a provider from ExcelApi 1.16; custom functions are
 * called for the formula-value preview from CustomFunctionsRuntime 1.5). Every harness
 * test that checks a value's shape runs under each of them, and the pane's formulas are checked
 * against each one's worksheet functions (test/taskpane/pane/worksheetFunctions.test.ts).
 *
 * The versions come from Microsoft's requirement-set tables ("Excel JavaScript API requirement sets",
 * "Custom Functions requirement sets", "Shared runtime requirement sets" on learn.microsoft.com):
 * Office 2021 (volume-licensed/LTSC, Version 2108) has ExcelApi 1.14, CustomFunctionsRuntime 1.3 and
 * SharedRuntime 1.1; Office 2024 has ExcelApi 1.17 and, like every perpetual Office, no
 * CustomFunctionsRuntime past 1.3; Microsoft 365 has ExcelApi 1.12 and CustomFunctionsRuntime 1.3 from
 * Windows 2008, 1.16 and 1.4 from 2208 (Mac 16.64), 1.19 and 1.5 from 2504 (Mac 16.96); Excel on the
 * web has them all. Office on iPad runs no custom functions ("Not supported" for every
 * CustomFunctionsRuntime), so it is no profile: the add-in's functions never load there.
 */
import { setSupported } from '../stand-ins/requirementSets';
import type { ExcelRelease } from './worksheetFunctions';

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
  /** The Excel whose worksheet functions it calculates (worksheetFunctions.ts). */
  functions: ExcelRelease;
}

const BASE = { SharedRuntime: '1.1' };

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    name: 'Excel 2021',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.3', ExcelApi: '1.14' },
    attributedValues: false,
    entities: false,
    hosts: 'Excel 2021 (LTSC and retail, Version 2108): no data types',
    functions: 'Excel 2021',
  },
  {
    name: 'Excel 2024',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.3', ExcelApi: '1.17' },
    attributedValues: false,
    entities: false,
    hosts:
      'Excel 2024 (LTSC and retail): ExcelApi 1.17 but no CustomFunctionsRuntime 1.4, so no data types from functions',
    functions: 'Excel 2024',
  },
  {
    name: 'Microsoft 365 2008-2207',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.3', ExcelApi: '1.12' },
    attributedValues: false,
    entities: false,
    hosts: 'Microsoft 365 on Windows 2008-2207 and Mac 16.40-16.63: dynamic arrays, none of the 2022 array functions',
    functions: 'Excel 2021',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 only',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.15' },
    attributedValues: false,
    entities: false,
    hosts:
      'a host reporting CustomFunctionsRuntime 1.4 with an ExcelApi below 1.16 (the two sets are asked separately)',
    functions: 'Excel 2021',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 + ExcelApi 1.16',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.18' },
    attributedValues: false,
    entities: true,
    hosts:
      'Microsoft 365 on Windows 2208-2503, Mac 16.64-16.95: Entity values with a provider, but not Double/Boolean ones',
    functions: 'Microsoft 365',
  },
  {
    name: 'CustomFunctionsRuntime 1.4 + ExcelApi 1.19',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.4', ExcelApi: '1.19' },
    attributedValues: true,
    entities: true,
    hosts: 'a host with ExcelApi 1.19 that calls no function for the formula-value preview',
    functions: 'Microsoft 365',
  },
  {
    name: 'CustomFunctionsRuntime 1.5 + ExcelApi 1.19',
    requirements: { ...BASE, CustomFunctionsRuntime: '1.5', ExcelApi: '1.19' },
    attributedValues: true,
    entities: true,
    hosts: 'Excel on the web, Microsoft 365 on Windows from 2504 and Mac from 16.96 (isInValuePreview)',
    functions: 'Microsoft 365',
  },
];

/** Office.context.requirements.isSetSupported of a profile. */
export function supportedBy(profile: HostProfile, name: string, version: string): boolean {
  return setSupported(profile.requirements, name, version);
}

export function hostProfile(name: string): HostProfile {
  const profile = HOST_PROFILES.find((p) => p.name === name);
  if (!profile) throw new Error(`harness: no host profile ${name}`);
  return profile;
}

/** The host the harness plays unless told otherwise: ExcelApi 1.19 with data types from functions. */
export const MODERN_HOST = hostProfile('CustomFunctionsRuntime 1.4 + ExcelApi 1.19');
/** A host without data types at all: Excel 2021. */
export const PLAIN_HOST = hostProfile('Excel 2021');
