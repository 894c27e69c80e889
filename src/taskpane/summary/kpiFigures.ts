/**
 * The summary's KPI as of now, from the block's cells as the pane reads them: suppliers, scored,
 * the share with an SBTi commitment or target by count and by spend, and the mean score. These are
 * the figures a history row keeps as values (kpiHistory.ts); the sheet's own figures are formulas
 * (summaryPlan.ts), and the two follow one rule each, side by side (test/taskpane/summary/kpiFigures.test.ts
 * computes the formulas with HyperFormula over the same cells and compares).
 */
import { namesNoSupplier, type CellValue } from '../sheet/grid';

/** One history row's figures; a share or the mean is null where it has no meaning (no spend, nothing scored). */
export interface KpiFigures {
  suppliers: number;
  scored: number;
  /** Suppliers whose SBTi flag is TRUE, over all suppliers (no answer counts as no). */
  byCount: number | null;
  /** Their positive spend over the suppliers' positive spend. */
  bySpend: number | null;
  meanScore: number | null;
}

/** The block's columns, one value per row, as the pane reads them (an error cell as its code). */
export interface KpiColumns {
  names: readonly CellValue[];
  scores: readonly CellValue[];
  /** The SBTi flag column; null when the block has none. */
  sbti: readonly CellValue[] | null;
  /** The spend column; null without one. */
  spend: readonly CellValue[] | null;
}

const positive = (value: CellValue | undefined): number => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * The figures by the formulas' rules: a supplier is a row whose name names one (namesNoSupplier);
 * scored counts the score cells holding a number; the mean is over scores of 0 and more; spend
 * counts only where it is a positive number. Without suppliers a share is 0, as IFERROR makes it.
 */
export function kpiFigures({ names, scores, sbti, spend }: KpiColumns): KpiFigures {
  let suppliers = 0;
  let withTarget = 0;
  let totalSpend = 0;
  let targetSpend = 0;
  names.forEach((name, i) => {
    if (namesNoSupplier(name)) return;
    suppliers++;
    totalSpend += positive(spend?.[i]);
    if (sbti?.[i] === true) {
      withTarget++;
      targetSpend += positive(spend?.[i]);
    }
  });
  const numbers = scores.filter((score): score is number => typeof score === 'number');
  const counted = numbers.filter((score) => score >= 0);
  return {
    suppliers,
    scored: numbers.length,
    byCount: sbti === null ? null : suppliers > 0 ? withTarget / suppliers : 0,
    bySpend: sbti === null || spend === null ? null : totalSpend > 0 ? targetSpend / totalSpend : 0,
    meanScore: counted.length > 0 ? counted.reduce((sum, score) => sum + score, 0) / counted.length : null,
  };
}
