/**
 * The supplier sheet of the harness tests: what analysts' columns hold. Rows of suppliers drawn
 * from the sandbox population and written every way people write them (names, full web addresses,
 * bare domains, e-mail addresses, LEIs, ISINs, DUNS as numbers that lost nothing or as dashed
 * text), repeats, suppliers the sandbox has never seen, and inputs the functions must refuse.
 * Deterministic for a seed. Each row knows the request it stands for, so expected cells come from
 * the sandbox's own records.
 */
import { Random } from '../../tools/sandbox/world/random';
import type { Population, SandboxOrganization } from '../../tools/sandbox/server/server';
import type { OrganizationRequest } from '../../src/service/types';
import { BAD_ORGANIZATIONS, type BadInput } from '../functions/badInputs';
import type { InputValue, SheetSpec } from './types';

export type RowKind =
  'name' | 'website' | 'domain' | 'email' | 'lei' | 'isin' | 'duns-number' | 'duns-text' | 'unseen' | 'bad';

export interface SupplierRow {
  input: InputValue;
  kind: RowKind;
  /** What the row stands for (known and unseen rows). */
  request?: OrganizationRequest;
  /** A refused input and its message (bad rows). */
  bad?: BadInput;
  /** True when the same supplier appears in an earlier row. */
  repeat: boolean;
}

export interface SheetMix {
  rows: number;
  repeatShare: number;
  unseenShare: number;
  badShare: number;
}

export const DEFAULT_MIX: SheetMix = { rows: 2000, repeatShare: 0.25, unseenShare: 0.02, badShare: 0.03 };

/** Columns of the sheet: FLAGS spills over F..S, so PROFILE starts at T. */
export const PROFILE_FIELDS_ARG =
  'name,matched_name,relationship,industry,industry_mean,score,percentile,rank,industry_rank,region_rank,status,link';
export const SUPPLIER_FORMULAS = {
  B: '=CLIMATE.SCORE(A{row})',
  C: '=CLIMATE.FLAG(A{row},"SBTi")',
  D: '=CLIMATE.FLAG(A{row},"RE100")',
  E: '=CLIMATE.FLAG(A{row},"Climate Pledge")',
  F: '=CLIMATE.FLAGS(A{row})',
  T: `=CLIMATE.PROFILE(A{row},"${PROFILE_FIELDS_ARG}")`,
} as const;
export type SupplierColumn = keyof typeof SUPPLIER_FORMULAS;

const host = (website: string) => website.replace(/^https?:\/\//, '').replace(/^www\./, '');

/** The ways a known organization can be written, and the request each stands for. */
function writings(org: SandboxOrganization): Array<Pick<SupplierRow, 'input' | 'kind' | 'request'>> {
  const list: Array<Pick<SupplierRow, 'input' | 'kind' | 'request'>> = [
    { kind: 'name', input: org.name, request: { name: org.name } },
    { kind: 'website', input: org.website, request: { website: org.website } },
    { kind: 'domain', input: host(org.website), request: { website: host(org.website) } },
    { kind: 'email', input: `purchasing@${host(org.website)}`, request: { website: host(org.website) } },
    { kind: 'duns-number', input: Number(org.duns), request: { duns_number: org.duns } },
    {
      kind: 'duns-text',
      input: `${org.duns.slice(0, 2)}-${org.duns.slice(2, 5)}-${org.duns.slice(5)}`,
      request: { duns_number: org.duns },
    },
  ];
  if (org.lei) list.push({ kind: 'lei', input: org.lei, request: { lei_number: org.lei } });
  if (org.isin) list.push({ kind: 'isin', input: org.isin, request: { isin_number: org.isin } });
  return list;
}

export function supplierRows(population: Population, mix: SheetMix = DEFAULT_MIX, seed = 11): SupplierRow[] {
  const random = new Random(seed).next;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const badInputs = BAD_ORGANIZATIONS.filter((bad) => bad.input !== undefined);
  const rows: SupplierRow[] = [];
  const used = new Set<number>();
  const seen: Array<{ org: SandboxOrganization | null; row: SupplierRow }> = [];
  let badIndex = 0;
  for (let i = 0; i < mix.rows; i += 1) {
    const roll = random();
    if (roll < mix.badShare) {
      const bad = badInputs[badIndex++ % badInputs.length];
      rows.push({ input: bad.input as InputValue, kind: 'bad', bad, repeat: false });
    } else if (roll < mix.badShare + mix.unseenShare) {
      const name = `Unlisted Supplier ${seed}-${i} Holdings`;
      const row: SupplierRow = { input: name, kind: 'unseen', request: { name }, repeat: false };
      rows.push(row);
      seen.push({ org: null, row });
    } else if (roll < mix.badShare + mix.unseenShare + mix.repeatShare && seen.length > 0) {
      // The same supplier again, written the same way or (for a known one) another way.
      const earlier = pick(seen);
      const again = earlier.org && random() < 0.5 ? pick(writings(earlier.org)) : earlier.row;
      rows.push({ ...again, repeat: true });
    } else {
      let org = pick(population.organizations);
      while (used.has(org.id)) org = pick(population.organizations);
      used.add(org.id);
      const row: SupplierRow = { ...pick(writings(org)), repeat: false };
      rows.push(row);
      seen.push({ org, row });
    }
  }
  return rows;
}

export function supplierSheet(
  rows: readonly SupplierRow[],
  formulas: Partial<Record<SupplierColumn, string>> = SUPPLIER_FORMULAS,
): SheetSpec {
  return { name: 'Suppliers', inputs: rows.map((row) => [row.input]), formulas: { ...formulas } };
}
