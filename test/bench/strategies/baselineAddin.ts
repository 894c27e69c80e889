/**
 * The baselines as the add-ins they stand for: their own SCORE and FLAG functions associated into
 * the same workbook harness that runs our built bundle, so that Excel's share of the work (formulas
 * parsed, 4 x R invocations, results kept) is the same for every strategy. The baselines are handed
 * each input's registration request (ours works it out from the cell), so they are not charged for
 * parsing arguments either.
 */
import { CustomFunctionsError } from '../../harness/officeGlobals';
import { builtFunctions } from '../../harness/dist';
import { Workbook } from '../../harness/workbook';
import { pendingFailure } from '../../../src/functions/results/errors';
import type { OrganizationRecord, OrganizationRequest } from '../../../src/service/types';
import { cellValue, type CellField, type CellOutcome } from '../cells';
import { outcomesOf, sheetOf } from '../sheet';
import type { SupplierRow } from '../workload';

/** How a baseline reaches the service: one call per cell, answered with that cell's record. */
export interface BaselineAddin {
  lookup(request: OrganizationRequest): Promise<OrganizationRecord>;
  /** Resolves once the add-in has sent everything and heard every answer it is going to hear. */
  idle(): Promise<void>;
}

/** What the cell shows for a record: the value, or the #N/A / #VALUE! any add-in would show. */
function shown(record: OrganizationRecord, field: CellField): number | boolean {
  const cell = cellValue(record, field);
  if (cell.kind === 'value') return cell.value;
  if (cell.kind === 'pending') throw new CustomFunctionsError('#N/A', pendingFailure(record.status).message);
  throw new CustomFunctionsError('#VALUE!', (cell as Extract<CellOutcome, { kind: 'error' }>).message);
}

export async function runBaselineAddin(
  addin: BaselineAddin,
  rows: readonly SupplierRow[],
): Promise<{ outcomes: CellOutcome[]; wallMs: number }> {
  const requests = new Map(rows.map((row) => [row.input, row.request]));
  const workbook = new Workbook({ metadata: builtFunctions().metadata });
  const { associate } = workbook.globals.CustomFunctions;
  const call = async (organization: unknown, field: CellField): Promise<number | boolean> => {
    const request = requests.get(organization as SupplierRow['input']);
    if (!request) throw new CustomFunctionsError('#VALUE!', 'not a supplier of the sheet');
    return shown(await addin.lookup(request), field);
  };
  associate('SCORE', (organization: unknown) => call(organization, 'score'));
  associate('FLAG', (organization: unknown, initiative: unknown) => call(organization, initiative as CellField));
  const start = performance.now();
  workbook.enter(sheetOf(rows));
  await addin.idle();
  const wallMs = performance.now() - start;
  // Answers heard are in the cells a turn later (the harness settles them from the promises).
  await new Promise((resolve) => setImmediate(resolve));
  return { outcomes: outcomesOf(workbook.report(), rows.length), wallMs };
}
