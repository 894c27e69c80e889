/**
 * How a registration request finds an organization: by identifier, by website, or by name, each
 * compared in a normalized form so that the ways people write the same thing meet.
 *
 * The rules (docs/sandbox.md repeats them; the near-name cases of the population build on them):
 * 1. An identifier (DUNS, LEI, ISIN, S&P id) wins, then the website (host without scheme and `www.`,
 *    in ASCII: a Unicode domain and its punycode are one site).
 * 2. Names are compared on Unicode letters, marks and digits in every script, after NFKC and case
 *    folding, with Latin accents dropped, `&` read as "and" and punctuation ignored ("株式会社トヨタ",
 *    "Сбербанк" and "Müller & Söhne" all have keys). Trailing legal forms (Ltd, AG, GmbH, Inc., S.p.A.,
 *    ...) are split off the name and kept apart, with their spellings made one ("Limited" = "Ltd").
 * 3. An exact match (same name, same legal form) wins. Several exact matches: the head-office region
 *    asked for decides, else the first registered.
 * 4. Otherwise the name without its legal form, only where that is unambiguous: exactly one registered
 *    organization has it (within the region asked for). If its legal form is another than the one asked
 *    for ("… GmbH" asked, "… AG" registered), it is another organization with the same name, and its
 *    record says so: `organization_relationship_type` `namesake`.
 * 5. Several organizations share the name without its legal form and none matches exactly: no guess;
 *    the service answers 422 naming them (the caller adds the legal form, a region or an identifier).
 * A head-office region narrows every name step; a candidate registered without one fits any region.
 */
import { domainToASCII } from 'url';
import { LEGAL_FORM_SPELLINGS, LEGAL_SUFFIXES } from './vocabulary';

/** A name split into its words without the trailing legal form, and that legal form ('' when none). */
export interface NameKey {
  base: string;
  form: string;
}

/**
 * "BRIGHTWATER  Logistics, Ltd." -> {base: "brightwater logistics", form: "ltd"}; null when the name has
 * no letter or digit at all.
 */
export function nameKeys(name: string): NameKey | null {
  const words = foldCase(name)
    .replace(/&/g, ' and ')
    .replace(/[.,'’/]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return null;
  const form: string[] = [];
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) {
    const word = words.pop()!;
    form.unshift(LEGAL_FORM_SPELLINGS.get(word) ?? word);
  }
  return { base: words.join(' '), form: form.join(' ') };
}

/** The name without its legal form: "Brightwater Logistics Ltd" and "Brightwater Logistics" meet. */
export function nameKey(name: string): string {
  return nameKeys(name)?.base ?? '';
}

/** NFKC, case folded (upper then lower, so "ß" meets "SS"), Latin accents dropped; ASCII takes the short way. */
function foldCase(name: string): string {
  if (!/[^\x00-\x7f]/.test(name)) return name.toLowerCase();
  return name
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC');
}

/**
 * The host alone, lower case, without scheme, "www.", port, path or trailing dot, and in ASCII as the
 * add-in sends it (`müller.de` is `xn--mller-kva.de`: one site, whichever spelling a client used).
 * Empty when none.
 */
export function websiteKey(website: string): string {
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/]*@/, '')
    .split(/[/?#]/)[0]
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  // A host that has no ASCII form (domainToASCII gives '') is compared as written.
  return (domainToASCII(host) || host).replace(/^www\./, '');
}

/** The identity fields of an organization, normalized (identifiers as their validators return them). */
export interface MatchKeys {
  name: NameKey | null;
  website: string | null;
  hqRegion: string | null;
  duns: string | null;
  lei: string | null;
  isin: string | null;
  spGlobal: string | null;
}

/** How a request was matched, strongest first: the order in which two indexes' answers are compared. */
export type MatchedBy = 'identifier' | 'website' | 'name' | 'name without legal form';
const STRENGTH: readonly MatchedBy[] = ['identifier', 'website', 'name', 'name without legal form'];

export type IndexMatch =
  { kind: 'found'; id: number; by: MatchedBy; namesake: boolean } | { kind: 'ambiguous'; ids: number[] };

const IDENTIFIER_FIELDS = ['duns', 'lei', 'isin', 'spGlobal'] as const;

interface NameEntry {
  id: number;
  hqRegion: string | null;
  form: string;
}

/** Finds organization ids by the rules at the top of this file. */
export class OrganizationIndex {
  private readonly byIdentifier = {
    duns: new Map<string, number>(),
    lei: new Map<string, number>(),
    isin: new Map<string, number>(),
    spGlobal: new Map<string, number>(),
  };
  private readonly byWebsite = new Map<string, number>();
  private readonly byName = new Map<string, NameEntry[]>();

  add(id: number, keys: MatchKeys): void {
    for (const field of IDENTIFIER_FIELDS) {
      const value = keys[field];
      if (value !== null && !this.byIdentifier[field].has(value)) this.byIdentifier[field].set(value, id);
    }
    if (keys.website && !this.byWebsite.has(keys.website)) this.byWebsite.set(keys.website, id);
    if (keys.name) {
      const list = this.byName.get(keys.name.base) ?? [];
      list.push({ id, hqRegion: keys.hqRegion, form: keys.name.form });
      this.byName.set(keys.name.base, list);
    }
  }

  find(keys: MatchKeys): IndexMatch | null {
    for (const field of IDENTIFIER_FIELDS) {
      const value = keys[field];
      const id = value === null ? undefined : this.byIdentifier[field].get(value);
      if (id !== undefined) return found(id, 'identifier');
    }
    if (keys.website) {
      const id = this.byWebsite.get(keys.website);
      if (id !== undefined) return found(id, 'website');
    }
    return keys.name ? this.findName(keys.name, keys.hqRegion) : null;
  }

  private findName(name: NameKey, hqRegion: string | null): IndexMatch | null {
    const all = this.byName.get(name.base) ?? [];
    // A candidate registered without a region does not contradict any region asked for.
    const candidates = hqRegion ? all.filter((c) => c.hqRegion === hqRegion || c.hqRegion === null) : all;
    const exact = candidates.filter((c) => c.form === name.form);
    if (exact.length > 0) {
      return found(((hqRegion && exact.find((c) => c.hqRegion === hqRegion)) || exact[0]).id, 'name');
    }
    const ids = [...new Set(candidates.map((c) => c.id))];
    if (ids.length > 1) return { kind: 'ambiguous', ids };
    if (ids.length === 0) return null;
    const form = candidates[0].form;
    return { kind: 'found', id: ids[0], by: 'name without legal form', namesake: name.form !== '' && form !== '' };
  }
}

function found(id: number, by: MatchedBy): IndexMatch {
  return { kind: 'found', id, by, namesake: false };
}

/**
 * The answer of two indexes asked the same thing (the population's, then the registrations'): the
 * stronger match wins, the first on a tie; two name-without-legal-form answers are ambiguous together.
 */
export function strongerMatch(first: IndexMatch | null, second: IndexMatch | null): IndexMatch | null {
  if (first === null || second === null) return first ?? second;
  const rank = (m: IndexMatch): number => (m.kind === 'found' ? STRENGTH.indexOf(m.by) : STRENGTH.length - 1);
  if (rank(first) !== rank(second)) return rank(first) < rank(second) ? first : second;
  if (first.kind === 'found' && first.by !== 'name without legal form') return first;
  const ids = (m: IndexMatch): number[] => (m.kind === 'found' ? [m.id] : m.ids);
  return { kind: 'ambiguous', ids: [...ids(first), ...ids(second)] };
}
