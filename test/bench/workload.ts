/**
 * The "supplier sheet" workload: R rows drawn from the sandbox population with 30% repeats, mixed
 * identifier kinds and 2% organizations the sandbox has never seen; per row SCORE and three FLAGs.
 * Deterministic for a given seed, so every strategy in a run scores the very same sheet.
 */
import { Random } from '../../tools/sandbox/world/random';
import type { OrganizationRequest } from '../../src/service/types';
import type { SandboxOrganization } from '../../tools/sandbox/server/server';

export type IdentifierKind = 'name' | 'website' | 'lei' | 'isin' | 'duns';

export interface SupplierRow {
  /** What the analyst typed in column A (a DUNS arrives as a number, as Excel stores it). */
  input: string | number;
  kind: IdentifierKind | 'unseen';
  /** The registration request this input stands for. */
  request: OrganizationRequest;
}

export const FLAG_COLUMNS = ['sbti', 're100', 'cdp'] as const;

export interface Workload {
  rows: SupplierRow[];
  /** Distinct registration requests among the rows: the fewest any client must ask about. */
  distinct: number;
}

export const KINDS: IdentifierKind[] = ['name', 'website', 'lei', 'isin', 'duns'];

export function rowFor(org: SandboxOrganization, kind: IdentifierKind): SupplierRow {
  switch (kind) {
    case 'name':
      return { input: org.name, kind, request: { name: org.name } };
    case 'website':
      return { input: org.website, kind, request: { website: org.website } };
    case 'lei':
      return { input: org.lei, kind, request: { lei_number: org.lei } };
    case 'isin':
      return { input: org.isin, kind, request: { isin_number: org.isin } };
    case 'duns':
      return { input: Number(org.duns), kind, request: { duns_number: org.duns } };
  }
}

export function supplierSheet(population: readonly SandboxOrganization[], rows: number, seed = 7): Workload {
  const random = new Random(seed).next;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sheet: SupplierRow[] = [];
  const used = new Set<number>();
  for (let i = 0; i < rows; i += 1) {
    const roll = random();
    if (sheet.length > 0 && roll < 0.3) {
      sheet.push(pick(sheet));
    } else if (roll < 0.32) {
      const name = `Unlisted Supplier ${seed}-${i} Holdings`;
      sheet.push({ input: name, kind: 'unseen', request: { name } });
    } else {
      let org = pick(population);
      while (used.has(org.id)) org = pick(population);
      used.add(org.id);
      sheet.push(rowFor(org, pick(KINDS)));
    }
  }
  const distinct = new Set(sheet.map((row) => JSON.stringify(row.request))).size;
  return { rows: sheet, distinct };
}
