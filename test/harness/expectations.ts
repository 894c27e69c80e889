/**
 * What each cell of the supplier sheet must show, computed from the sandbox's record of the
 * organization (not from the add-in's code): the score as Excel's ROUND(score * 100, 1), each flag
 * as the record says, #N/A (never 0) where the record has no value, and on hosts with data types
 * the provider attribution: the service logo from the add-in's origin, linking to the public profile.
 */
import { INITIATIVE_KEYS, type OrganizationRecord } from '../../src/service/types';
import type { CellOutcome, Outcome } from './types';

/** Excel's ROUND(x, digits): half away from zero on the value read at 15 significant digits. */
export function excelRound(x: number, digits: number): number {
  const shifted = Number((Math.abs(x) * 10 ** digits).toPrecision(15));
  return (Math.sign(x) * Math.round(shifted)) / 10 ** digits;
}

export type Expected =
  | { kind: 'value'; value: number | boolean | string }
  | { kind: 'error'; code: '#VALUE!' | '#N/A'; message: string | RegExp };

export interface ExpectContext {
  /** The host renders data types: values must be attributed cell values. */
  dataTypes: boolean;
  logoUrl: string;
}

export const PENDING =
  /^Profiling \((created|locating|located|enriching|enriched|resolving|unresolved|researching|resolved|calculating|waiting)\) — this cell updates itself$/;

const FLAG_LABELS: Record<string, string> = {
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

function displayName(record: OrganizationRecord, requested: string): string {
  return record.matching_organization?.name ?? record.name ?? requested;
}

function valueOr(
  value: number | boolean | string | null | undefined,
  label: string,
  record: OrganizationRecord,
  requested: string,
): Expected {
  return value === null || value === undefined
    ? { kind: 'error', code: '#N/A', message: `No ${label} published for ${displayName(record, requested)}.` }
    : { kind: 'value', value };
}

export function expectedScore(record: OrganizationRecord, requested: string): Expected {
  return valueOr(record.score === null ? null : excelRound(record.score * 100, 1), 'climate score', record, requested);
}

export function expectedFlag(record: OrganizationRecord, key: string, requested: string): Expected {
  const value =
    key === 'reduction_action'
      ? record.reduction_action_present
      : record.initiatives[key as keyof OrganizationRecord['initiatives']];
  return valueOr(value, FLAG_LABELS[key], record, requested);
}

export function expectedFlags(record: OrganizationRecord, requested: string): Expected[] {
  return [...INITIATIVE_KEYS, 'reduction_action'].map((key) => expectedFlag(record, key, requested));
}

/** The fields of the sheet's PROFILE column, read straight from the record. */
export function expectedProfileRow(record: OrganizationRecord, requested: string): Expected[] {
  const m = record.matching_organization;
  const fields: Array<[string, number | string | null]> = [
    ['Name', record.name],
    ['Matched organization', m?.name ?? null],
    ['Relationship', record.organization_relationship_type],
    ['Industry', m?.industry?.name ?? record.industry?.name ?? null],
    [
      'Industry mean score',
      record.industry?.mean_score == null ? null : excelRound(record.industry.mean_score * 100, 1),
    ],
    ['Score', record.score === null ? null : excelRound(record.score * 100, 1)],
    ['Industry percentile', record.industry_score_percentile],
    ['Rank', record.rank],
    ['Industry rank', record.industry_rank],
    ['Region rank', record.region_rank],
    ['Status', record.status],
    ['Profile link', m?.link ?? null],
  ];
  return fields.map(([label, value]) => valueOr(value, label, record, requested));
}

const TYPE_OF: Record<string, string> = { number: 'Double', boolean: 'Boolean', string: 'String' };

/** Why an outcome differs from what is expected, or null when it matches. */
export function mismatch(
  actual: Outcome,
  expected: Expected,
  record: OrganizationRecord | null,
  ctx: ExpectContext,
): string | null {
  if (expected.kind === 'error') {
    if (actual.kind !== 'error' || actual.code !== expected.code)
      return `expected ${expected.code}, got ${JSON.stringify(actual).slice(0, 160)}`;
    const ok =
      typeof expected.message === 'string'
        ? actual.message === expected.message
        : expected.message.test(actual.message ?? '');
    return ok ? null : `expected message ${expected.message}, got ${actual.message}`;
  }
  if (actual.kind !== 'value')
    return `expected ${JSON.stringify(expected.value)}, got ${JSON.stringify(actual).slice(0, 160)}`;
  if (!ctx.dataTypes)
    return actual.value === expected.value
      ? null
      : `expected plain ${JSON.stringify(expected.value)}, got ${JSON.stringify(actual.value).slice(0, 160)}`;
  const cell = actual.value as { type?: string; basicValue?: unknown; provider?: Record<string, string> };
  if (cell === null || typeof cell !== 'object')
    return `expected a ${TYPE_OF[typeof expected.value]} cell value, got ${JSON.stringify(cell)}`;
  if (cell.type !== TYPE_OF[typeof expected.value] || cell.basicValue !== expected.value) {
    return `expected ${TYPE_OF[typeof expected.value]} ${JSON.stringify(expected.value)}, got ${cell.type} ${JSON.stringify(cell.basicValue)}`;
  }
  // No description beside a logo: Excel shows it only as the logo's tooltip (src/functions/valueCards.ts).
  const provider = { logoSourceAddress: ctx.logoUrl, logoTargetAddress: record?.matching_organization?.link };
  return JSON.stringify(cell.provider) === JSON.stringify(provider)
    ? null
    : `provider ${JSON.stringify(cell.provider)}`;
}

/** Mismatches of a single-value cell. */
export function checkCell(
  outcome: CellOutcome,
  expected: Expected,
  record: OrganizationRecord | null,
  ctx: ExpectContext,
): string | null {
  if (outcome.kind === 'busy' || outcome.kind === 'array') return `expected one value, got ${outcome.kind}`;
  return mismatch(outcome, expected, record, ctx);
}

/** Mismatches of a one-row spill (FLAGS, PROFILE with fields). */
export function checkRow(
  outcome: CellOutcome,
  expected: Expected[],
  record: OrganizationRecord | null,
  ctx: ExpectContext,
): string | null {
  if (outcome.kind !== 'array') return `expected a spilled row, got ${JSON.stringify(outcome).slice(0, 160)}`;
  if (outcome.rows.length !== 1 || outcome.rows[0].length !== expected.length)
    return `expected 1x${expected.length}, got ${outcome.rows.length}x${outcome.rows[0]?.length}`;
  for (let i = 0; i < expected.length; i += 1) {
    const problem = mismatch(outcome.rows[0][i], expected[i], record, ctx);
    if (problem) return `element ${i + 1}: ${problem}`;
  }
  return null;
}

/** What a row's cells must show, column by column: one Expected per cell, or one per spilled element. */
export type RowExpectation = Record<string, Expected | Expected[]>;

export function checkRowCells(
  cells: Record<string, CellOutcome>,
  expected: RowExpectation,
  record: OrganizationRecord | null,
  ctx: ExpectContext,
): string[] {
  const problems: string[] = [];
  for (const [column, want] of Object.entries(expected)) {
    const outcome = cells[column];
    const problem = Array.isArray(want) ? checkRow(outcome, want, record, ctx) : checkCell(outcome, want, record, ctx);
    if (problem) problems.push(`${column}: ${problem}`);
  }
  return problems;
}

/** A cell's value as a plain test compares it (a value outcome's value; anything else as it is). */
export const plainOutcome = (outcome: CellOutcome): unknown => (outcome.kind === 'value' ? outcome.value : outcome);

/** A spilled cell's rows of plain values; anything else as it is. */
export const spilledValues = (outcome: CellOutcome): unknown =>
  outcome.kind === 'array' ? outcome.rows.map((row) => row.map(plainOutcome)) : outcome;
