/**
 * The mnemonics of CLIMATE.PROFILE and CLIMATE.HEADERS: one per field of the organization record
 * (BDP/CIQ style: entity first, field second). Names match like initiative names (case, spaces and
 * punctuation ignored) and the initiative aliases work too, so "SBTi" and "Industry Rank" are fields.
 * Two group words expand in place: "flags" (the 14 flags, FLAGS order) and "all" (every field).
 */
import { t } from '../../i18n/translate';
import type { ScoreScale } from '../../settings/settings';
import type { OrganizationRecord } from '../../service/types';
import { ArgumentError } from '../arguments/argumentError';
import { readCell } from '../arguments/cellInput';
import { FLAG_KEYS, FLAG_LABELS, findFlag, flagOf, nameKey, type FlagKey } from '../arguments/initiatives';
import type { MatchReading } from './nameMatch';
import { checkedText } from '../arguments/textArgument';
import { scaleScore } from './scoreScale';

export type FieldValue = string | number | boolean | null;

export interface ProfileField {
  key: string;
  header: string;
  /** `match` reads the row's match verdict (it depends on what was asked, not only on the record). */
  read(record: OrganizationRecord, scale: ScoreScale, match: () => MatchReading): FieldValue;
}

const matched = (r: OrganizationRecord) => r.matching_organization;

const RECORD_FIELDS: ProfileField[] = [
  { key: 'id', header: 'Id', read: (r) => r.id },
  { key: 'name', header: 'Name', read: (r) => r.name },
  { key: 'website', header: 'Website', read: (r) => r.website },
  { key: 'hq_region', header: 'HQ region', read: (r) => r.hq_region },
  { key: 'external_id', header: 'External id', read: (r) => r.external_id },
  { key: 'matched_id', header: 'Matched id', read: (r) => matched(r)?.id ?? null },
  { key: 'matched_name', header: 'Matched organization', read: (r) => matched(r)?.name ?? null },
  { key: 'relationship', header: 'Relationship', read: (r) => r.organization_relationship_type },
  { key: 'match', header: 'Match', read: (_r, _scale, match) => match().verdict },
  { key: 'match_similarity', header: 'Match similarity', read: (_r, _scale, match) => match().similarity },
  { key: 'industry', header: 'Industry', read: (r) => matched(r)?.industry?.name ?? r.industry?.name ?? null },
  { key: 'industry_id', header: 'Industry id', read: (r) => matched(r)?.industry?.id ?? r.industry?.id ?? null },
  {
    key: 'industry_mean',
    header: 'Industry mean score',
    read: (r, scale) => scaleScore(r.industry?.mean_score ?? null, scale),
  },
  { key: 'score', header: 'Score', read: (r, scale) => scaleScore(r.score, scale) },
  { key: 'percentile', header: 'Industry percentile', read: (r) => r.industry_score_percentile },
  { key: 'rank', header: 'Rank', read: (r) => r.rank },
  { key: 'industry_rank', header: 'Industry rank', read: (r) => r.industry_rank },
  { key: 'region_rank', header: 'Region rank', read: (r) => r.region_rank },
  { key: 'status', header: 'Status', read: (r) => r.status },
  { key: 'link', header: 'Profile link', read: (r) => matched(r)?.link ?? null },
];

const FLAG_FIELDS: ProfileField[] = FLAG_KEYS.map((key: FlagKey) => ({
  key,
  header: FLAG_LABELS[key],
  read: (r: OrganizationRecord) => flagOf(r, key),
}));

/** Every field, in the order of PROFILE's full table. */
export const PROFILE_FIELDS: readonly ProfileField[] = [...RECORD_FIELDS, ...FLAG_FIELDS];

/** Other names people use for record fields (flag names come from initiatives.ts). */
const FIELD_ALIASES: Record<string, string[]> = {
  hq_region: ['country', 'region', 'hq'],
  matched_id: ['matching_organization_id'],
  matched_name: ['matched', 'matching_organization', 'matched organization'],
  match: ['verdict', 'match_verdict'],
  match_similarity: ['similarity', 'name_similarity'],
  relationship: ['organization_relationship_type', 'relationship_type'],
  industry_mean: ['industry_mean_score', 'mean_score'],
  score: ['climate_score'], // what the pane's column and the title of SCORE's card call it
  percentile: ['industry_score_percentile', 'industry_percentile'],
  link: ['profile', 'profile_link', 'url'],
};

const GROUPS: ReadonlyMap<string, readonly ProfileField[]> = new Map([
  ['flags', FLAG_FIELDS],
  ['all', PROFILE_FIELDS],
]);

const BY_NAME = new Map<string, ProfileField>();
for (const field of RECORD_FIELDS) {
  for (const name of [field.key, field.header, ...(FIELD_ALIASES[field.key] ?? [])]) BY_NAME.set(nameKey(name), field);
}

function findField(name: string): readonly ProfileField[] | null {
  const group = GROUPS.get(nameKey(name));
  if (group) return group;
  const field = BY_NAME.get(nameKey(name));
  if (field) return [field];
  const flag = findFlag(name);
  return flag === null ? null : FLAG_FIELDS.filter((f) => f.key === flag);
}

/**
 * The fields argument: omitted (null), a comma/semicolon-separated text, or a range of names (blank
 * cells skipped). Returns null when nothing was given.
 */
export function parseFields(value: unknown): ProfileField[] | null {
  const names = fieldNames(value);
  if (names.length === 0) return null;
  return names.flatMap((name) => {
    const found = findField(name);
    if (found === null) {
      throw new ArgumentError(t('cells.unknownField', { name, fields: PROFILE_FIELDS.map((f) => f.key).join(', ') }));
    }
    return [...found];
  });
}

function fieldNames(value: unknown): string[] {
  const cells = Array.isArray(value) ? (value as unknown[]).flat() : [value];
  return cells.flatMap((cell) => {
    const input = readCell(cell);
    if (input.kind === 'empty') return [];
    if (input.kind !== 'text') {
      const given = input.kind === 'error' ? input.code : String(cell);
      throw new ArgumentError(t('cells.fieldsNotNames', { given }));
    }
    return checkedText(input.text, 'fields')
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  });
}

export const FLAG_HEADERS: readonly string[] = FLAG_FIELDS.map((f) => f.header);
