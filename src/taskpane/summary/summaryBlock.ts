/**
 * Which scored block the Climate summary reads, pure: either the block "Score a column" just wrote
 * (from its plan) or a selected block of CLIMATE formulas (recognised from the formulas themselves:
 * the SCORE column, FLAG columns and their initiative, an industry-mean PROFILE column, and the names,
 * websites and countries the formulas point at), plus the optional spend column.
 */
import { findFlag, type FlagKey } from '../../functions/initiatives';
import { parseCellRef } from '../sheet/a1';
import type { OutputKey } from '../sheet/outputs';
import type { CellValue, ColumnSelection, ScoringPlan } from '../score/scoringPlan';
import type { SummaryBlock } from './summaryPlan';

/** The block "Score a column" just wrote: its plan, the outputs in column order, and the spend column. */
export function blockFromPlan(
  sheet: string,
  selection: ColumnSelection,
  plan: ScoringPlan,
  outputs: readonly OutputKey[],
  spendColumn: number | null,
): SummaryBlock {
  const at = (key: OutputKey): number | null => {
    const index = outputs.indexOf(key);
    return index < 0 ? null : plan.firstColumn + index;
  };
  const scoreColumn = at('score');
  if (scoreColumn === null)
    throw new Error('The summary needs the Climate score column: tick "Climate score" and write the formulas again.');
  const flags = outputs.flatMap((key, index) =>
    key.startsWith('flag:') ? [{ initiative: key.slice(5) as FlagKey, column: plan.firstColumn + index }] : [],
  );
  return {
    sheet,
    firstRow: plan.firstDataRow,
    lastRow: plan.firstDataRow + plan.formulas.length - 1,
    nameColumn: selection.nameColumn,
    websiteColumn: selection.websiteColumn,
    countryColumn: selection.countryColumn,
    scoreColumn,
    flags,
    industryMeanColumn: at('profile:industry_mean'),
    spendColumn,
  };
}

/** A selected block as read from the workbook: formulas and values of whole used rows. */
export interface FormulaGrid {
  sheet: string;
  /** Sheet row of `formulas[0]` and column of `formulas[r][0]`. */
  rowIndex: number;
  columnIndex: number;
  formulas: CellValue[][];
  /** The sheet's header texts by column (the row above the block), for spend detection. */
  headers: CellValue[];
}

const CALL =
  /^=\s*CLIMATE\.(SCORE|FLAG|PROFILE)\(\s*([^,)]+)(?:\s*,\s*([^,)]+))?(?:\s*,\s*([^,)]+))?(?:\s*,\s*([^,)]+))?/i;

interface Call {
  fn: string;
  args: string[];
}

function callOf(cell: CellValue): Call | null {
  if (typeof cell !== 'string') return null;
  const match = CALL.exec(cell);
  if (!match) return null;
  return {
    fn: match[1].toUpperCase(),
    args: match
      .slice(2)
      .filter((arg): arg is string => arg !== undefined)
      .map((arg) => arg.trim()),
  };
}

function unquote(arg: string | undefined): string | null {
  return arg !== undefined && /^".*"$/.test(arg) ? arg.slice(1, -1).replace(/""/g, '"') : null;
}

/** The column a same-sheet reference points at, null for anything else. */
function columnOf(arg: string | undefined): number | null {
  const ref = arg === undefined ? null : parseCellRef(arg);
  return ref && ref.sheet === null ? ref.column : null;
}

/**
 * Recognises the block in the selected rows. The SCORE column is required; rows are the first to the
 * last with a SCORE formula; the spend column is the analyst's choice or null.
 */
export function blockFromFormulas(grid: FormulaGrid, spendColumn: number | null): SummaryBlock {
  const width = Math.max(0, ...grid.formulas.map((row) => row.length));
  let scoreColumn: number | null = null;
  let firstRow = -1;
  let lastRow = -1;
  let sample: Call | null = null;
  for (let c = 0; c < width && scoreColumn === null; c++) {
    grid.formulas.forEach((row, r) => {
      const call = callOf(row[c]);
      if (call?.fn !== 'SCORE') return;
      scoreColumn = grid.columnIndex + c;
      sample ??= call;
      if (firstRow < 0) firstRow = grid.rowIndex + r;
      lastRow = grid.rowIndex + r;
    });
  }
  const score = sample as Call | null;
  if (scoreColumn === null || score === null) {
    throw new Error(
      'The selection holds no =CLIMATE.SCORE formulas: select the scored block (or score a column first).',
    );
  }
  const nameColumn = columnOf(score.args[0]);
  if (nameColumn === null) throw new Error('The CLIMATE.SCORE formulas do not point at a name cell on this sheet.');

  const flags: SummaryBlock['flags'] = [];
  let industryMeanColumn: number | null = null;
  const firstBlockRow = grid.formulas[firstRow - grid.rowIndex] ?? [];
  firstBlockRow.forEach((cell, c) => {
    const call = callOf(cell);
    const column = grid.columnIndex + c;
    if (call?.fn === 'FLAG') {
      const flag = findFlag(unquote(call.args[1]) ?? '');
      if (flag !== null && !flags.some((f) => f.initiative === flag)) flags.push({ initiative: flag, column });
    } else if (
      call?.fn === 'PROFILE' &&
      (unquote(call.args[1]) ?? '').toLowerCase().replace(/[\s-]+/g, '_') === 'industry_mean'
    ) {
      industryMeanColumn = column;
    }
  });
  return {
    sheet: grid.sheet,
    firstRow,
    lastRow,
    nameColumn,
    websiteColumn: columnOf(score.args[1]),
    countryColumn: columnOf(score.args[2]),
    scoreColumn,
    flags,
    industryMeanColumn,
    spendColumn,
  };
}
