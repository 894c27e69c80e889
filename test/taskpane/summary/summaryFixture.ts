/**
 * The scored block the Climate summary's figure tests compute over (summaryFigures.test.ts): 500 rows
 * of known names, scores, flags, statuses, spend and industry means; the plan's formulas run over it
 * by HyperFormula (GPL-v3 licence key, tests only); and the same figures computed here directly.
 */
import { HyperFormula, type RawCellContent } from 'hyperformula';
import type { BlockLayout } from '../../../src/taskpane/common/blockScored';
import type { SummaryPlan } from '../../../src/taskpane/summary/summaryPlan';
import { SPEND_AS_TEXT } from '../sheet/spendTexts';

export const ROWS = 500;
const SOURCE = "Supplier's list";

/** One supplier row as the workbook holds it once the CLIMATE cells have settled. */
export interface Row {
  /** The name cell: text, a number or TRUE as typed, '#N/A' an error, null empty. */
  name: string | number | boolean | null;
  /** A number, or the error the cell shows. */
  score: number | '#N/A' | '#VALUE!' | null;
  /** What CLIMATE.STATUS answers for the row ('' when it cannot say). */
  status: string;
  sbti: boolean | '#N/A' | null;
  cdp: boolean | '#N/A' | null;
  spend: number | string | null;
  industryMean: number | '#N/A';
}

/**
 * No supplier in the row: an empty name cell, or one of only spaces, tabs, line breaks and no-break
 * spaces (Score a column writes nothing there). Written out here, not imported: the test checks the rule.
 */
export const blank = (name: Row['name']): boolean =>
  name === null ||
  (typeof name === 'string' &&
    (/^[\x00-\x20\u00a0\u202f\u3000]*$/.test(name) || SAYS_NONE.has(name.trim().toLowerCase().replace(/\s+/g, ' '))));
/** What a list writes for no supplier, as the functions read an empty organization (a few of them). */
const SAYS_NONE = new Set(['n/a', '-', 'tbd', 'not available', 'unknown']);
const BLANKS = [' ', '  ', '\t', '\u00a0', ' \r\n ', '\u3000'];
/** Spend cells that are no number: text as ERP exports hold it, and an error. */
export const TEXT_SPEND = [...SPEND_AS_TEXT, '#VALUE!'];

/** A deterministic mix: ties, band edges, errors, pending rows, blank names, odd spend. */
export function rows(): Row[] {
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const edges = [0, 10, 20, 50, 90, 100, 99.9, 9.9, 0, 100, 0, 100, 0];
  return Array.from({ length: ROWS }, (_, i): Row => {
    const name =
      i % 97 === 13
        ? null
        : i % 83 === 5
          ? BLANKS[i % BLANKS.length]
          : i % 83 === 5
            ? ['N/A', 'tbd', '-'][i % 3]
            : `Supplier ${i}`;
    const roll = random();
    let score: Row['score'] = i < edges.length ? edges[i] : Math.round(random() * 1000) / 10;
    let status = 'synced';
    if (roll < 0.06) [score, status] = ['#N/A', ['researching', 'enriching', 'created'][i % 3]];
    else if (roll < 0.09) [score, status] = ['#N/A', i % 2 ? 'errored' : ''];
    else if (roll < 0.11) [score, status] = ['#VALUE!', ''];
    else if (roll < 0.2) score = [12.5, 77.7, 3.3][i % 3]; // ties
    if (blank(name)) [score, status] = [null, '']; // a blank name gets no formulas
    const spendRoll = random();
    const amount =
      spendRoll < 0.05 ? null : spendRoll < 0.07 ? 'n/a' : spendRoll < 0.08 ? 0 : Math.round(random() * 1e6);
    // Drawn after the random numbers, so the rest of the sample stays as it was.
    const spend = i % 23 === 4 ? TEXT_SPEND[i % TEXT_SPEND.length] : amount;
    const flag = (p: number): Row['sbti'] => (score === null ? null : score === '#N/A' ? '#N/A' : random() < p);
    return {
      name,
      score,
      status,
      sbti: flag(0.3),
      cdp: flag(0.55),
      spend,
      industryMean: random() < 0.1 ? '#N/A' : Math.round(random() * 900) / 10,
    };
  });
}

const cell = (value: Row[keyof Row]): RawCellContent =>
  value === '#N/A' ? '=NA()' : value === '#VALUE!' ? '="x"*1' : value;
/** A spend cell: text stays text (HyperFormula, like Excel, would read `12345` typed in as a number). */
const spendCell = (value: Row['spend']): RawCellContent =>
  typeof value === 'string' && !value.startsWith('#') ? `'${value}` : cell(value);

/** Block columns: A name, B spend, C score, D SBTi, E CDP, F industry mean; header in row 1. */
export const BLOCK: BlockLayout = {
  sheet: SOURCE,
  firstRow: 1,
  lastRow: ROWS,
  nameColumn: 0,
  websiteColumn: null,
  countryColumn: null,
  spendColumn: 1,
  scoreColumn: 2,
  flags: [
    { initiative: 'sbti', column: 3 },
    { initiative: 'cdp', column: 4 },
  ],
  industryMeanColumn: 5,
};

export function compute(
  data: Row[],
  plan: SummaryPlan,
): { read(address: string): unknown; list(top: number, column: number): unknown[] } {
  const source: RawCellContent[][] = [['Supplier', 'Spend', 'Climate score', 'SBTi', 'CDP', 'Industry mean score']];
  for (const row of data)
    source.push([
      cell(row.name),
      spendCell(row.spend),
      cell(row.score),
      cell(row.sbti),
      cell(row.cdp),
      cell(row.industryMean),
    ]);
  const summary: RawCellContent[][] = [];
  const set = (r: number, c: number, content: RawCellContent): void => {
    summary[r] ??= [];
    summary[r][c] = content;
  };
  for (const c of plan.cells) set(c.row, c.column, c.content);
  for (const helper of plan.helpers) {
    expect(helper.formulas).toHaveLength(data.length);
    // CLIMATE.STATUS answers from the engine: each call is given here as the row's known answer (an
    // error where it has none), inside the helper's own formula, whose guards HyperFormula computes.
    if (helper.kind === 'status') expect(helper.formulas[0]).toContain(`CLIMATE.STATUS('Supplier''s list'!$A2)`);
    const answer = (i: number): string => (data[i].status ? `"${data[i].status}"` : 'NA()');
    helper.formulas.forEach((formula, i) =>
      set(1 + i, helper.column, formula.replace(/CLIMATE\.STATUS\([^)]*\)/, answer(i))),
    );
  }
  for (let r = 0; r < summary.length; r++) summary[r] ??= [];
  const hf = HyperFormula.buildFromSheets(
    { [SOURCE]: source, 'Climate summary': summary },
    { licenseKey: 'gpl-v3', useArrayArithmetic: true },
  );
  const sheet = hf.getSheetId('Climate summary')!;
  const read = (address: string): unknown => {
    const at = hf.simpleCellAddressFromString(address, sheet)!;
    return hf.getCellValue(at);
  };
  const list = (top: number, column: number): unknown[] =>
    Array.from({ length: 10 }, (_, k) => hf.getCellValue({ sheet, row: top + k, col: column }));
  return { read, list };
}

/** The same figures, computed directly from the rows. */
export function expected(data: Row[]) {
  const suppliers = data.filter((r) => !blank(r.name));
  const numeric = suppliers.filter((r): r is Row & { score: number } => typeof r.score === 'number');
  const positiveSpend = (r: Row): number => (typeof r.spend === 'number' && r.spend > 0 ? r.spend : 0);
  const final = ['synced', 'errored', ''];
  const totalSpend = suppliers.reduce((sum, r) => sum + positiveSpend(r), 0);
  const share = (key: 'sbti' | 'cdp') => ({
    count: suppliers.filter((r) => r[key] === true).length / suppliers.length,
    spend: suppliers.filter((r) => r[key] === true).reduce((sum, r) => sum + positiveSpend(r), 0) / totalSpend,
  });
  const bands = Array.from(
    { length: 10 },
    (_, i) => numeric.filter((r) => r.score >= i * 10 && (i === 9 ? r.score <= 100 : r.score < i * 10 + 10)).length,
  );
  const ordered = numeric.map((r) => ({ r, position: data.indexOf(r) + 1 }));
  // Equal scores: the larger spend first (the one to engage first), then sheet order.
  const byScore = (direction: number) =>
    [...ordered]
      .sort(
        (a, b) =>
          direction * (a.r.score - b.r.score) || positiveSpend(b.r) - positiveSpend(a.r) || a.position - b.position,
      )
      .slice(0, 10);
  // Spend that says something (not empty, not N/A) but is no number: counted as no spend, and reported.
  const spendNotNumber = suppliers.filter(
    (r) => typeof r.spend === 'string' && !blank(r.spend) && !SAYS_NONE.has(r.spend.toLowerCase()),
  );
  const industry = data.filter((r): r is Row & { industryMean: number } => typeof r.industryMean === 'number');
  return {
    suppliers: suppliers.length,
    scored: numeric.length,
    profiling: suppliers.filter((r) => r.score === '#N/A' && !final.includes(r.status)).length,
    notFound: suppliers.filter((r) => r.score === '#N/A' && final.includes(r.status)).length,
    errors: suppliers.filter((r) => r.score === '#VALUE!').length,
    meanScore: numeric.reduce((sum, r) => sum + r.score, 0) / numeric.length,
    weightedMeanScore:
      numeric.reduce((sum, r) => sum + r.score * positiveSpend(r), 0) /
      numeric.reduce((sum, r) => sum + positiveSpend(r), 0),
    industryMean: industry.reduce((sum, r) => sum + r.industryMean, 0) / industry.length,
    totalSpend,
    spendNotNumber: spendNotNumber.length,
    firstSpendNotNumber: spendNotNumber.length ? data.indexOf(spendNotNumber[0]) + 2 : null,
    sbti: share('sbti'),
    cdp: share('cdp'),
    bands,
    lowest: byScore(1),
    highest: byScore(-1),
  };
}
