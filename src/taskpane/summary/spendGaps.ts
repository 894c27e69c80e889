/**
 * Suppliers' spend cells that are not a number (text such as an ERP's `€1.234,56`, or an error): the
 * Climate summary counts them as no spend and says how many, on the sheet as a live count over
 * `spendGapFormula`'s helper column and in the pane after building (`spendGaps`, `spendGapMessage`).
 * One rule in its two forms side by side, both built on grid.ts's pair for "says nothing": a row that
 * names a supplier whose spend cell says something (not empty, not `N/A` or `-`) and is not a number.
 * Text is never read as an amount: its value depends on the locale and currency that wrote it
 * (docs/summary-sheet.md, *Spend columns*), and a wrong number is worse than a reported gap.
 */
import { readCell } from '../../functions/arguments/cellInput';
import { t } from '../../i18n/translate';
import { clip } from '../../text/clip';
import { namedFormula, namesNoSupplier, type CellValue } from '../sheet/grid';

export interface SpendGaps {
  /** Rows that name a supplier. */
  suppliers: number;
  /** Their spend cells holding text (or TRUE/FALSE), and those showing an error. */
  text: number;
  errors: number;
  /** The first such cell: its sheet row as Excel numbers rows, and what the pane read there. */
  first: { row: number; value: CellValue } | null;
}

/** The rule over one row as an Excel formula, TRUE or FALSE: `named` the row's name helper cell. */
export function spendGapFormula(named: string, amount: string): string {
  return `=AND(${named},NOT(ISNUMBER(${amount})),${namedFormula(amount)})`;
}

/**
 * The rule over the block's name and spend cells as the pane reads them (an error cell as its code),
 * `firstRow` the block's first 0-based sheet row.
 */
export function spendGaps(names: readonly CellValue[], spend: readonly CellValue[], firstRow: number): SpendGaps {
  const gaps: SpendGaps = { suppliers: 0, text: 0, errors: 0, first: null };
  names.forEach((name, i) => {
    if (namesNoSupplier(name)) return;
    gaps.suppliers++;
    const value = spend[i] ?? null;
    if (typeof value === 'number' || namesNoSupplier(value)) return;
    if (readCell(value).kind === 'error') gaps.errors++;
    else gaps.text++;
    gaps.first ??= { row: firstRow + i + 1, value };
  });
  return gaps;
}

/** Characters of the first cell's text the message quotes. */
const QUOTED = 32;

/** What the pane adds to "Built …" when some spend cells are not numbers; null when every one is. */
export function spendGapMessage({ suppliers, text, errors, first }: SpendGaps): string | null {
  if (first === null) return null;
  const key =
    errors === 0 ? 'summary.spendGap.text' : text === 0 ? 'summary.spendGap.errors' : 'summary.spendGap.mixed';
  const shown = readCell(first.value).kind === 'error' ? String(first.value) : `"${clip(String(first.value), QUOTED)}"`;
  // The row as Excel numbers it, never grouped like an amount.
  return t(key, { count: text + errors, suppliers, row: String(first.row), shown });
}
