/**
 * The reference-data functions' arguments and tables: INDUSTRIES, SBTI and ACTIONS. Tables start
 * with a header row; a text the service left out is an empty cell there (a table of text reads
 * better with blanks), while a single looked-up value that is missing is #N/A.
 */
import { t } from '../i18n/translate';
import type { IdentifierCheck } from '../identifiers';
import { SBTI_FIELDS, type Industry, type RecommendedAction, type SbtiCompany, type SbtiField } from '../service/types';
import { ArgumentError } from './arguments/argumentError';
import { readCell } from './arguments/cellInput';
import { CellFailure } from './results/errors';
import { checkedIdentifier, VALIDATE, writtenIdentifier } from './arguments/identifierText';
import { nameKey } from './arguments/initiatives';
import type { SpillElement } from './results/results';
import { plainText } from './arguments/textArgument';

type Table = SpillElement[][];

/**
 * INDUSTRIES' search text, or null for every industry: Excel's wildcards at its ends read as Excel
 * users mean them (`steel*` is steel, a lone `*` every industry).
 */
export function industrySearch(value: unknown): string | null {
  const input = readCell(value);
  if (input.kind === 'empty') return null;
  const term = withoutWildcards(plainText(input, 'search'));
  return term === '' ? null : term;
}

/** Excel's wildcards at a search's ends dropped (`steel*`): the service matches a part of the name anyway. */
const withoutWildcards = (text: string): string => text.replace(/^[*%?\s]+|[*%?\s]+$/g, '');

export function industriesTable(industries: readonly Industry[], search: string | null): Table {
  if (industries.length === 0) {
    throw new CellFailure('#N/A', search === null ? t('cells.noIndustries') : t('cells.noIndustryMatch', { search }));
  }
  return [['Industry id', 'Industry'], ...industries.map((industry) => [industry.id, industry.name])];
}

export interface SbtiQuery {
  kind: 'isin' | 'lei' | 'name';
  text: string;
  /** The filtered listing to ask for (filters are substring matches). */
  url: string;
}

/**
 * SBTI's company argument: an ISIN or an LEI (the dataset holds both), by the organization argument's
 * rule (identifierText.ts: any case, spaces or dashes when its check digits pass, after its label) or
 * forced with `isin:` or `lei:`, else a company name (`name:` forces it; a DUNS is one too: the
 * dataset has none).
 */
export function parseSbtiCompany(value: unknown): SbtiQuery {
  const text = plainText(readCell(value), 'company');
  const forced = /^(isin|lei|name)\s*:\s*(.+)$/i.exec(text);
  const raw = forced ? forced[2] : text;
  const identifier = sbtiIdentifier(forced?.[1].toLowerCase() ?? null, raw);
  if (identifier) {
    const { kind } = identifier;
    const code = checkedIdentifier(kind, identifier.check);
    return { kind, text: code, url: `/sbti_companies?${kind}=${encodeURIComponent(code)}` };
  }
  const name = withoutWildcards(raw);
  if (name === '') throw new ArgumentError(t('cells.onlyWildcards', { raw }));
  return { kind: 'name', text: name, url: `/sbti_companies?company_name=${encodeURIComponent(name)}` };
}

/** The ISIN or LEI the company argument is, forced by `prefix` or written so; null for a name. */
function sbtiIdentifier(prefix: string | null, text: string): { kind: 'isin' | 'lei'; check: IdentifierCheck } | null {
  if (prefix === 'isin' || prefix === 'lei') return { kind: prefix, check: VALIDATE[prefix](text) };
  if (prefix === 'name') return null;
  const written = writtenIdentifier(text);
  return written && written.kind !== 'duns' ? { kind: written.kind, check: written.check } : null;
}

/** SBTI's optional field argument: one of the SBTi record's field names (case and spacing free). */
export function parseSbtiField(value: unknown): SbtiField | null {
  const input = readCell(value);
  if (input.kind === 'empty') return null;
  const text = plainText(input, 'field');
  const field = SBTI_FIELDS.find((name) => nameKey(name) === nameKey(text));
  if (!field) throw new ArgumentError(t('cells.unknownSbtiField', { text, fields: SBTI_FIELDS.join(', ') }));
  return field;
}

/** The company the query means among the listing's substring matches: exact first, else the only one. */
function pick(companies: readonly SbtiCompany[], query: SbtiQuery): SbtiCompany {
  const wanted = nameKey(query.text);
  const exact = companies.filter((company) =>
    query.kind === 'name'
      ? nameKey(String(company.company_name ?? '')) === wanted
      : String(company[query.kind] ?? '').toUpperCase() === query.text,
  );
  if (exact.length >= 1) return exact[0];
  if (query.kind === 'name' && companies.length === 1) return companies[0];
  if (companies.length === 0 || query.kind !== 'name') {
    const { text } = query;
    throw new CellFailure(
      '#N/A',
      query.kind === 'name'
        ? t('cells.noSbtiByName', { text })
        : t('cells.noSbtiById', { kind: query.kind.toUpperCase(), text }),
    );
  }
  throw new CellFailure('#N/A', t('cells.sbtiMany', { count: companies.length, text: query.text }));
}

export function sbtiResult(companies: readonly SbtiCompany[], query: SbtiQuery, field: SbtiField | null): Table {
  const company = pick(companies, query);
  if (field === null) return SBTI_FIELDS.map((name) => [name, company[name] ?? '']);
  const value = company[field];
  if (value === null || value === undefined || value === '') {
    throw new CellFailure(
      '#N/A',
      t('cells.noSbtiValue', { field, company: String(company.company_name ?? query.text) }),
    );
  }
  return [[value]];
}

const ACTION_COLUMNS: Array<[keyof RecommendedAction, string]> = [
  ['emission_category', 'Emission category'],
  ['recommended_actions', 'Recommended actions'],
  ['approximate_savings', 'Approximate savings'],
  ['case_study', 'Case study'],
  ['case_study_source_url', 'Case study source'],
  ['suggested_contract_term', 'Suggested contract term'],
  ['question_to_ask_at_qbr', 'Question to ask at QBR'],
  ['updated_at', 'Updated'],
];

export function actionsTable(actions: readonly RecommendedAction[], organization: string): Table {
  if (actions.length === 0) throw new CellFailure('#N/A', t('cells.noActions', { organization }));
  return [
    ACTION_COLUMNS.map(([, header]) => header),
    ...actions.map((action) => ACTION_COLUMNS.map(([key]) => action[key] ?? '')),
  ];
}
