/**
 * The 14 flags of a profile (13 initiatives + "reduction action on record") and the names people
 * write for them. Matching ignores case, spaces and punctuation, so "Science-Based Targets", "SBTi"
 * and "sbti" are one flag; an unknown name gets a #VALUE! listing the accepted ones.
 */
import { t } from '../../i18n/translate';
import { INITIATIVE_KEYS, type InitiativeKey, type OrganizationRecord } from '../../service/types';
import { ArgumentError } from './argumentError';
import { readCell } from './cellInput';
import { RecentReadings } from './recentReadings';
import { plainText } from './textArgument';

export type FlagKey = InitiativeKey | 'reduction_action';

/**
 * The order of CLIMATE.FLAGS and of its headers: the contract's 13 initiatives (docs/service-contract.md),
 * then reduction action.
 */
export const FLAG_KEYS: readonly FlagKey[] = [...INITIATIVE_KEYS, 'reduction_action'];

export const FLAG_LABELS: Record<FlagKey, string> = {
  sbti: 'SBTi',
  cdp: 'CDP',
  climate_pledge: 'Climate Pledge',
  un_global_compact: 'UN Global Compact',
  re100: 'RE100',
  climate_action_100: 'Climate Action 100+',
  race_to_zero: 'Race to Zero',
  rspo: 'RSPO',
  pri: 'PRI',
  responsible_business_alliance: 'Responsible Business Alliance',
  responsible_minerals_initiative: 'Responsible Minerals Initiative',
  responsible_labor_initiative: 'Responsible Labor Initiative',
  ecovadis: 'EcoVadis',
  reduction_action: 'Reduction action',
};

/** What people write besides the key and the label (both of which are accepted too). */
const ALIASES: Record<FlagKey, string[]> = {
  sbti: ['Science Based Targets', 'Science Based Targets initiative', 'SBT'],
  cdp: ['Carbon Disclosure Project'],
  climate_pledge: ['The Climate Pledge'],
  un_global_compact: ['UNGC', 'Global Compact', 'United Nations Global Compact'],
  re100: [],
  climate_action_100: ['Climate Action 100', 'CA100', 'CA100+'],
  race_to_zero: ['UN Race to Zero'],
  rspo: ['Roundtable on Sustainable Palm Oil'],
  pri: ['UN PRI', 'UNPRI', 'Principles for Responsible Investment'],
  responsible_business_alliance: ['RBA'],
  responsible_minerals_initiative: ['RMI'],
  responsible_labor_initiative: ['RLI', 'Responsible Labour Initiative'],
  ecovadis: [],
  reduction_action: ['reduction_action_present', 'Reduction actions', 'Reduction action present'],
};

/** Case, spaces, underscores and punctuation do not matter: "Climate Action 100+" = "climateaction100". */
export function nameKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const BY_NAME = new Map<string, FlagKey>();
for (const key of FLAG_KEYS) {
  for (const name of [key, FLAG_LABELS[key], ...ALIASES[key]]) BY_NAME.set(nameKey(name), key);
}

/**
 * The flag a name stands for, or null. A name with another in brackets, as reports write them ("Science
 * Based Targets initiative (SBTi)"), is the flag either names, when they name no two.
 */
export function findFlag(name: string): FlagKey | null {
  const key = BY_NAME.get(nameKey(name));
  if (key !== undefined) return key;
  const both = /^(.+?)\s*\(([^()]+)\)$/.exec(name.trim());
  if (!both) return null;
  const [outer, inner] = [BY_NAME.get(nameKey(both[1])), BY_NAME.get(nameKey(both[2]))];
  return outer !== undefined && inner !== undefined && outer !== inner ? null : (outer ?? inner ?? null);
}

const readNames = new RecentReadings<string, FlagKey>(1_000);

/** The initiative argument of CLIMATE.FLAG. */
export function parseInitiative(value: unknown): FlagKey {
  return typeof value === 'string' ? readNames.get(value, () => readInitiative(value)) : readInitiative(value);
}

function readInitiative(value: unknown): FlagKey {
  const text = plainText(readCell(value), 'initiative');
  const key = findFlag(text);
  if (key === null) {
    throw new ArgumentError(
      t('cells.unknownInitiative', { text, names: FLAG_KEYS.map((k) => FLAG_LABELS[k]).join(', ') }),
    );
  }
  return key;
}

/** One of the 13 initiatives (not reduction action, which is no initiative). */
export function isInitiative(key: string): boolean {
  return (INITIATIVE_KEYS as readonly string[]).includes(key);
}

/** A flag's value in a record; null when the service did not say. */
export function flagOf(record: OrganizationRecord, key: FlagKey): boolean | null {
  return key === 'reduction_action' ? record.reduction_action_present : (record.initiatives?.[key] ?? null);
}
