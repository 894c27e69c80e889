/**
 * The persisted form of a final organization record: a short JSON array holding only what the
 * functions and cards show (score, percentile, ranks, the 14 flags, industry and its mean, the matched
 * organization and its profile link, relationship, status, website, HQ region, external id). Settings
 * storage is small (localStorage allows a few MB per origin), so repeated strings (industry names,
 * regions, the profile links' common prefix) go into a shared table and the flags into one number.
 * Not kept: a record-level industry that differs from the matched organization's. Fields are only
 * ever added at the end: a record stored before one was added reads it back as null.
 * Storage is as untrusted as the service: a record read back is read by the service's field rules.
 */
import { joinedProfileLinkOrNull } from '../../service/profileLink';
import { readField } from '../../service/records';
import { INITIATIVE_KEYS, type Initiatives, type OrganizationRecord } from '../../service/types';

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
  // Own names only: a rank is the service's word, and `constructor` is no code.
  const known = ranks.every((rank) => rank === null || Object.hasOwn(RANK_CODES, rank));
  return known ? ranks.map((rank) => (rank === null ? '-' : RANK_CODES[rank])).join('') : ranks;
}

function decodeRanks(value: CompactValue): (string | null)[] {
  if (Array.isArray(value)) return value;
  const letters = typeof value === 'string' ? value : '---';
  return [0, 1, 2].map((i) => (Object.hasOwn(RANK_WORDS, letters[i] ?? '') ? RANK_WORDS[letters[i]] : null));
}

/** 13 initiatives + reduction_action_present, each null/false/true as a base-3 digit. */
function encodeFlags(initiatives: Initiatives, reduction: boolean | null): number {
  const flags = [...INITIATIVE_KEYS.map((key) => initiatives[key]), reduction];
  return flags.reduce<number>((sum, flag, i) => sum + (flag === null ? 0 : flag ? 2 : 1) * 3 ** i, 0);
}

/** The initiatives and reduction_action_present; a workbook reopened reads a record per supplier here. */
function decodeFlags(value: CompactValue): { initiatives: Initiatives; reduction: boolean | null } {
  let rest = typeof value === 'number' ? value : 0;
  const next = (): boolean | null => {
    const digit = rest % 3;
    rest = Math.floor(rest / 3);
    return digit === 0 ? null : digit === 2;
  };
  const initiatives = {} as Record<string, boolean | null>;
  for (const key of INITIATIVE_KEYS) initiatives[key] = next();
  return { initiatives: initiatives as Initiatives, reduction: next() };
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
  /** updated_at, as whole seconds since 1970. */
  producedAt: 18,
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
    record.updated_at ? Date.parse(record.updated_at) / 1000 : null,
  ];
  while (compact.length > 0 && compact[compact.length - 1] === null) compact.pop();
  return compact;
}

/** The field at `i` (a record stored before it was added has none). */
const at = (c: CompactRecord, i: number): CompactValue => c[i] ?? null;
const { text, fraction, percentile, id: idOrNull, rank: rankOrNull, date } = readField;

/** updated_at back from its seconds, read by the rule the service's is read by. */
function producedAt(seconds: CompactValue): string | null {
  const ms = typeof seconds === 'number' ? seconds * 1000 : NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? date(new Date(ms).toISOString()) : null;
}

/**
 * The record a CompactRecord stands for. Each field is read by the rules an answer of the service is
 * read by (readField): texts are bounded and shown without control characters, scores and percentiles
 * within their ranges, ids whole, ranks words, links meet the profile-link rule, so an edited or
 * damaged store cannot put into a cell what the service could not.
 * Null for a record without an id: no record at all (it is asked for again).
 */
export function expandRecord(c: CompactRecord, table: StringTable): OrganizationRecord | null {
  const id = idOrNull(at(c, AT.id));
  if (id === null) return null;
  const name = text(at(c, AT.name));
  const ranks = decodeRanks(at(c, AT.ranks));
  const [rank, industryRank, regionRank] = [0, 1, 2].map((i) => rankOrNull(ranks[i]));
  const { initiatives, reduction } = decodeFlags(at(c, AT.flags));
  const industryName = text(table.at(at(c, AT.industryName)));
  const industryId = idOrNull(at(c, AT.industryId));
  const industry = industryName === null && industryId === null ? null : { id: industryId, name: industryName };
  const prefix = text(table.at(at(c, AT.linkPrefix)));
  const matchId = at(c, AT.matchId) === 0 ? id : idOrNull(at(c, AT.matchId));
  const matchName = at(c, AT.matchName) === 0 ? name : text(at(c, AT.matchName));
  const tail = at(c, AT.linkTail);
  const fullTail = Array.isArray(tail) ? text(tail[0]) : expandTail(text(tail) ?? '', matchId, matchName);
  const link = prefix === null ? null : joinedProfileLinkOrNull(prefix, fullTail ?? '');
  const meanScore = fraction(at(c, AT.meanScore));
  return {
    id,
    name,
    website: text(at(c, AT.website)),
    external_id: text(at(c, AT.externalId)),
    hq_region: text(table.at(at(c, AT.region))),
    status: text(wordOf(STATUSES, at(c, AT.status))),
    organization_relationship_type: text(wordOf(RELATIONSHIPS, at(c, AT.relationship))),
    matching_organization: at(c, AT.matchId) === null ? null : { id: matchId, name: matchName, link, industry },
    score: fraction(at(c, AT.score)),
    industry_score_percentile: percentile(at(c, AT.percentile)),
    rank,
    industry_rank: industryRank,
    region_rank: regionRank,
    industry:
      meanScore === null && industry === null ? null : { mean_score: meanScore, id: industryId, name: industryName },
    initiatives,
    reduction_action_present: reduction,
    updated_at: producedAt(at(c, AT.producedAt)),
  };
}
