/**
 * Refine in the match review, pure part: what the analyst typed (website, country, identifier) checked
 * as the functions would read it, the arguments the row asks with next, and the row's formulas with
 * those arguments written in (through the one formula grammar, so a hand-typed block or a card's
 * CLIMATE.ORG cell is rewritten as well as a block the pane wrote).
 */
import { ArgumentError } from '../../functions/arguments/argumentError';
import { t } from '../../i18n/translate';
import { parseOrganization, websiteAddress } from '../../functions/arguments/organizationArgument';
import { argumentCells, type FormulaCell, type OrganizationArgs } from '../sheet/climateCells';
import { literal, withArguments, type ArgumentChange } from '../sheet/formulas';
import type { CellGrid, RangeBox } from '../sheet/grid';

export interface RefineInput {
  website: string;
  country: string;
  identifier: string;
}

export interface RefinePlan {
  /** The arguments the row asks with once refined. */
  args: OrganizationArgs;
  /** The argument texts written into the row's formulas. */
  change: ArgumentChange;
}

const IDENTIFIER_KINDS = ['duns', 'lei', 'isin', 'spg'];

/** Checks what was typed (a bad value is said here and writes nothing) and plans the change. */
export function planRefine(current: OrganizationArgs, typed: RefineInput): RefinePlan {
  if (!typed.website && !typed.country && !typed.identifier) throw new ArgumentError(t('review.giveSomething'));
  // An identifier as the functions read it: any kind they accept, prefixed or recognised by its form.
  if (typed.identifier && !IDENTIFIER_KINDS.includes(parseOrganization(typed.identifier).kind)) {
    throw new ArgumentError(t('review.identifierKind', { identifier: typed.identifier }));
  }
  // A website the functions would leave out (a Gmail address, a LinkedIn page) would refine nothing.
  const borrowed = typed.website ? websiteAddress(typed.website).borrowed : null;
  if (borrowed !== null) throw new ArgumentError(t('review.borrowedWebsite', { website: typed.website, borrowed }));
  const args = {
    organization: typed.identifier || current.organization,
    website: typed.website || current.website,
    country: typed.country || current.country,
  };
  parseOrganization(args.organization, args.website, args.country);
  const change: ArgumentChange = {};
  if (typed.identifier) change.organization = literal(typed.identifier);
  if (typed.website) change.website = literal(typed.website);
  if (typed.country) change.country = literal(typed.country);
  return { args, change };
}

/** The row's formulas (within the block's columns, cards followed) that the change rewrites, rewritten. */
export function refinedCells(grid: CellGrid, row: number, columns: RangeBox, change: ArgumentChange): FormulaCell[] {
  return argumentCells(grid, row, columns)
    .map((cell) => ({ ...cell, rewritten: withArguments(cell.formula, change) }))
    .filter((cell) => cell.rewritten !== cell.formula)
    .map(({ row: at, column, rewritten }) => ({ row: at, column, formula: rewritten }));
}
