/**
 * How a registration request finds an organization: by identifier, by website, or by name, each
 * compared in a normalized form so that the ways people write the same thing meet.
 */
import { LEGAL_SUFFIXES } from './vocabulary';

/**
 * Lower case, accents and punctuation gone, "&" read as "and", trailing legal forms dropped:
 * "BRIGHTWATER  Logistics, Ltd." and "Brightwater Logistics" give the same key.
 */
export function nameKey(name: string): string {
  // Decomposing accents is costly, and most names are plain ASCII.
  const plain = /[^\x00-\x7f]/.test(name) ? name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : name;
  const words = plain
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.,'’/]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}

/** The host alone, lower case, without scheme, "www.", port, path or trailing dot. Empty when none. */
export function websiteKey(website: string): string {
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/]*@/, '')
    .split(/[/?#]/)[0]
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  return host.replace(/^www\./, '');
}

/** The identity fields of an organization, normalized (identifiers as their validators return them). */
export interface MatchKeys {
  name: string | null;
  website: string | null;
  hqRegion: string | null;
  duns: string | null;
  lei: string | null;
  isin: string | null;
  spGlobal: string | null;
}

const IDENTIFIER_FIELDS = ['duns', 'lei', 'isin', 'spGlobal'] as const;

/**
 * Finds organization ids by identifier, website or name. Identifiers are tried first (they are unique),
 * then the website, then the name; a given head-office region narrows name matches, since different
 * companies share names across countries. Among several equal candidates the first added wins.
 */
export class OrganizationIndex {
  private readonly byIdentifier = { duns: new Map<string, number>(), lei: new Map<string, number>(), isin: new Map<string, number>(), spGlobal: new Map<string, number>() };
  private readonly byWebsite = new Map<string, number>();
  private readonly byName = new Map<string, { id: number; hqRegion: string | null }[]>();

  add(id: number, keys: MatchKeys): void {
    for (const field of IDENTIFIER_FIELDS) {
      const value = keys[field];
      if (value !== null && !this.byIdentifier[field].has(value)) this.byIdentifier[field].set(value, id);
    }
    if (keys.website && !this.byWebsite.has(keys.website)) this.byWebsite.set(keys.website, id);
    if (keys.name) {
      const list = this.byName.get(keys.name) ?? [];
      list.push({ id, hqRegion: keys.hqRegion });
      this.byName.set(keys.name, list);
    }
  }

  find(keys: MatchKeys): number | null {
    for (const field of IDENTIFIER_FIELDS) {
      const value = keys[field];
      const id = value === null ? undefined : this.byIdentifier[field].get(value);
      if (id !== undefined) return id;
    }
    if (keys.website) {
      const id = this.byWebsite.get(keys.website);
      if (id !== undefined) return id;
    }
    if (keys.name) {
      const candidates = this.byName.get(keys.name) ?? [];
      // A candidate registered without a region does not contradict any region asked for.
      const match = keys.hqRegion
        ? (candidates.find((c) => c.hqRegion === keys.hqRegion) ?? candidates.find((c) => c.hqRegion === null))
        : candidates[0];
      if (match) return match.id;
    }
    return null;
  }
}
