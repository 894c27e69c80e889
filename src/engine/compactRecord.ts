/**
 * The persisted form of a final organization record: a short JSON array holding only what the
 * functions and cards show (score, percentile, ranks, the 14 flags, industry and its mean, the matched
 * organization and its profile link, relationship, status, website, HQ region, external id). Settings
 * storage is small (localStorage allows a few MB per origin), so repeated strings (industry names,
 * regions, the profile links' common prefix) go into a shared table and the flags into one number.
 * Not kept: a record-level industry that differs from the matched organization's. Fields are only
 * ever added at the end: a record stored before one was added reads it back as null.
 * Storage is as untrusted as the service: a link read back meets the profile-link rule again.
 */
import { profileLinkOrNull } from '../service/profileLink';
import { INITIATIVE_KEYS, type Initiatives, type OrganizationRecord } from '../service/types';

export type CompactValue = string | number | null | (string | null)[];
export type CompactRecord = CompactValue[];

/** Strings stored once and referred to by position. */
export class StringTable {
  private readonly positions = new Map<string, number>();

  constructor(readonly strings: string[] = []) {
    strings.forEach((s, i) => this.positions.set(s, i));
  }

  indexOf(value: string): number {
    let index = this.positions.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(value);
      this.positions.set(value, index);
    }
    return index;
  }

  /** Forgets the strings added after the first `length` (those of a record that was not kept). */
  truncate(length: number): void {
    for (const dropped of this.strings.splice(length)) this.positions.delete(dropped);
  }

  at(index: CompactValue): string | null {
    return typeof index === 'number' ? (this.strings[index] ?? null) : null;
  }
}

const RANK_CODES: Record<string, string> = {
  very_high: 'A',
  high: 'B',
  medium: 'C',
  low: 'D',
  very_low: 'E',
  unknown: 'U',
};
const RANK_WORDS: Record<string, string> = Object.fromEntries(Object.entries(RANK_CODES).map(([w, c]) => [c, w]));
const RELATIONSHIPS = ['requested organization', 'subsidiary', 'ultimate parent', 'parent'];
const STATUSES = ['errored', 'synced'];

/** Three ranks as three letters ('-' for none); an unknown word keeps the list form. */
function encodeRanks(ranks: (string | null)[]): CompactValue {
  const known = ranks.every((rank) => rank === null || RANK_CODES[rank] !== undefined);
  return known ? ranks.map((rank) => (rank === null ? '-' : RANK_CODES[rank])).join('') : ranks;
}

function decodeRanks(value: CompactValue): (string | null)[] {
  if (Array.isArray(value)) return value;
  const letters = typeof value === 'string' ? value : '---';
  return [0, 1, 2].map((i) => RANK_WORDS[letters[i]] ?? null);
}

/** 13 initiatives + reduction_action_present, each null/false/true as a base-3 digit. */
function encodeFlags(initiatives: Initiatives, reduction: boolean | null): number {
  const flags = [...INITIATIVE_KEYS.map((key) => initiatives[key]), reduction];
  return flags.reduce<number>((sum, flag, i) => sum + (flag === null ? 0 : flag ? 2 : 1) * 3 ** i, 0);
}

function decodeFlags(value: CompactValue): (boolean | null)[] {
  let rest = typeof value === 'number' ? value : 0;
  return Array.from({ length: INITIATIVE_KEYS.length + 1 }, () => {
    const digit = rest % 3;
    rest = Math.floor(rest / 3);
    return digit === 0 ? null : digit === 2;
  });
}

/** Profile links usually end in the organization's id and a slug of its name: those become '#' and '~'. */
function slugOf(name: string | null): string {
  return (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function expandTail(short: string, id: number | null, name: string | null): string {
  return short
    .split('#')
    .join(id === null ? '#' : String(id))
    .split('~')
    .join(slugOf(name));
}

/** The shortened tail when it expands back exactly, else the tail itself in a list (taken literally). */
function shortenTail(tail: string, id: number | null, name: string | null): CompactValue {
  const slug = slugOf(name);
  let short = slug.length > 1 ? tail.split(slug).join('~') : tail;
  if (id !== null) short = short.split(String(id)).join('#');
  return expandTail(short, id, name) === tail ? short : [tail];
}

function codeOf(list: string[], value: string | null): CompactValue {
  if (value === null) return null;
  const index = list.indexOf(value);
  return index >= 0 ? index : value;
}

function wordOf(list: string[], value: CompactValue): string | null {
  return typeof value === 'number' ? (list[value] ?? null) : typeof value === 'string' ? value : null;
}

/** Where each field sits in a CompactRecord (compactRecord writes them in this order). */
const AT = {
  id: 0,
  status: 1,
  score: 2,
  percentile: 3,
  ranks: 4,
  flags: 5,
  meanScore: 6,
  name: 7,
  relationship: 8,
  matchId: 9,
  matchName: 10,
  linkPrefix: 11,
  linkTail: 12,
  industryName: 13,
  industryId: 14,
  website: 15,
  region: 16,
  externalId: 17,
} as const;

export function compactRecord(record: OrganizationRecord, table: StringTable): CompactRecord {
  const match = record.matching_organization;
  const link = match?.link ?? null;
  const cut = link === null ? -1 : link.lastIndexOf('/') + 1;
  const industryName = match?.industry?.name ?? record.industry?.name ?? null;
  const compact: CompactRecord = [
    record.id,
    codeOf(STATUSES, record.status),
    record.score,
    record.industry_score_percentile,
    encodeRanks([record.rank, record.industry_rank, record.region_rank]),
    encodeFlags(record.initiatives, record.reduction_action_present),
    record.industry?.mean_score ?? null,
    record.name,
    codeOf(RELATIONSHIPS, record.organization_relationship_type),
    match === null ? null : match.id === record.id ? 0 : match.id, // 0: the record itself
    match === null || match.name === record.name ? 0 : match.name, // 0: the record's own name
    link === null ? null : table.indexOf(link.slice(0, cut)),
    link === null ? null : shortenTail(link.slice(cut), match?.id ?? null, match?.name ?? null),
    industryName === null ? null : table.indexOf(industryName),
    match?.industry?.id ?? record.industry?.id ?? null,
    record.website,
    record.hq_region === null ? null : table.indexOf(record.hq_region),
    record.external_id,
  ];
  while (compact.length > 0 && compact[compact.length - 1] === null) compact.pop();
  return compact;
}

export function expandRecord(c: CompactRecord, table: StringTable): OrganizationRecord {
  const at = (i: number): CompactValue => c[i] ?? null;
  const num = (i: number): number | null => (typeof at(i) === 'number' ? (at(i) as number) : null);
  const str = (i: number): string | null => (typeof at(i) === 'string' ? (at(i) as string) : null);
  const id = num(AT.id) ?? 0;
  const name = str(AT.name);
  const [rank, industryRank, regionRank] = decodeRanks(at(AT.ranks));
  const flags = decodeFlags(at(AT.flags));
  const initiatives = Object.fromEntries(INITIATIVE_KEYS.map((key, i) => [key, flags[i]])) as Initiatives;
  const industryName = table.at(at(AT.industryName));
  const industryId = num(AT.industryId);
  const industry = industryName === null && industryId === null ? null : { id: industryId, name: industryName };
  const prefix = table.at(at(AT.linkPrefix));
  const matchId = at(AT.matchId) === 0 ? id : num(AT.matchId);
  const matchName = at(AT.matchName) === 0 ? name : str(AT.matchName);
  const tail = at(AT.linkTail);
  const link =
    prefix === null
      ? null
      : profileLinkOrNull(
          prefix + (Array.isArray(tail) ? (tail[0] ?? '') : expandTail(str(AT.linkTail) ?? '', matchId, matchName)),
        );
  return {
    id,
    name,
    website: str(AT.website),
    external_id: str(AT.externalId),
    hq_region: table.at(at(AT.region)),
    status: wordOf(STATUSES, at(AT.status)),
    organization_relationship_type: wordOf(RELATIONSHIPS, at(AT.relationship)),
    matching_organization:
      at(AT.matchId) === null
        ? null
        : {
            id: matchId,
            name: matchName,
            link,
            industry,
          },
    score: num(AT.score),
    industry_score_percentile: num(AT.percentile),
    rank,
    industry_rank: industryRank,
    region_rank: regionRank,
    industry:
      num(AT.meanScore) === null && industry === null
        ? null
        : { mean_score: num(AT.meanScore), id: industryId, name: industryName },
    initiatives,
    reduction_action_present: flags[INITIATIVE_KEYS.length],
  };
}
