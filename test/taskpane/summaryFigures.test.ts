// The "Climate summary" figures, computed by a real formula engine (HyperFormula, GPL-v3 licence key,
// tests only) from the plan's formulas over a scored 500-row block with known scores, flags, statuses,
// spend and names that name no supplier (empty, only spaces, N/A), and compared with the same figures
// computed here in plain TypeScript; its suppliers compared with the rows Score a column writes formulas for;
// and its count of spend cells that are not a number compared with the count the pane reports.
import { HyperFormula, type RawCellContent } from 'hyperformula';
import type { BlockLayout } from '../../src/taskpane/common/blockScored';
import { planColumnScoring } from '../../src/taskpane/score/scoringPlan';
import { spendGaps } from '../../src/taskpane/summary/spendGaps';
import { planSummary, type SummaryPlan } from '../../src/taskpane/summary/summaryPlan';

const ROWS = 500;
const SOURCE = "Supplier's list";

/** One supplier row as the workbook holds it once the CLIMATE cells have settled. */
interface Row {
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
const blank = (name: Row['name']): boolean =>
  name === null ||
  (typeof name === 'string' &&
    (/^[\x00-\x20\u00a0\u202f\u3000]*$/.test(name) || SAYS_NONE.has(name.trim().toLowerCase().replace(/\s+/g, ' '))));
/** What a list writes for no supplier, as the functions read an empty organization (a few of them). */
const SAYS_NONE = new Set(['n/a', '-', 'tbd', 'not available', 'unknown']);
const BLANKS = [' ', '  ', '\t', '\u00a0', ' \r\n ', '\u3000'];
/** Spend as ERP exports and pasted reports hold it: text, not a number (no-break spaces included), and an error. */
const TEXT_SPEND = [
  '€1.234,56',
  '$12,345.00',
  '12\u00a0345\u00a0€',
  'EUR 12,345',
  '(1,234)',
  '1.2M',
  '12345',
  '#VALUE!',
];

/** A deterministic mix: ties, band edges, errors, pending rows, blank names, odd spend. */
function rows(): Row[] {
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
const BLOCK: BlockLayout = {
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

function compute(
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
function expected(data: Row[]) {
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

describe('Climate summary figures (HyperFormula over a scored 500-row block)', () => {
  const data = rows();
  const want = expected(data);

  test('the sample exercises every case', () => {
    expect(want.profiling).toBeGreaterThan(5);
    expect(want.notFound).toBeGreaterThan(5);
    expect(want.errors).toBeGreaterThan(3);
    expect(data.filter((r) => r.name === null).length).toBeGreaterThan(3);
    expect(data.filter((r) => typeof r.name === 'string' && blank(r.name)).length).toBeGreaterThan(3);
    expect(want.suppliers).toBe(ROWS - data.filter((r) => blank(r.name)).length);
    expect(want.suppliers).toBe(want.scored + want.profiling + want.notFound + want.errors);
    expect(want.spendNotNumber).toBeGreaterThan(TEXT_SPEND.length);
    // Both lists hold equal scores whose spend order is not their sheet order.
    for (const list of [want.lowest, want.highest]) {
      const tied = list.filter((x) => list.filter((y) => y.r.score === x.r.score).length > 1);
      expect(tied.some((x, i) => i > 0 && x.r.score === tied[i - 1].r.score && x.position < tied[i - 1].position)).toBe(
        true,
      );
    }
  });

  describe.each([false, true])('dynamic arrays %s', (dynamicArrays) => {
    const plan = planSummary(BLOCK, { dynamicArrays, scoreMax: 100, builtOn: '2026-11-23', logo: true });
    const { read, list } = compute(data, plan);
    const figure = (key: keyof SummaryPlan['figures']): unknown => read(plan.figures[key]!);

    test('counts: suppliers, scored, still profiling, not found, errors', () => {
      expect(figure('suppliers')).toBe(want.suppliers);
      expect(figure('scored')).toBe(want.scored);
      expect(figure('profiling')).toBe(want.profiling);
      expect(figure('notFound')).toBe(want.notFound);
      expect(figure('errors')).toBe(want.errors);
    });

    test('plain, spend-weighted and industry mean scores', () => {
      expect(figure('meanScore')).toBeCloseTo(want.meanScore, 9);
      expect(figure('weightedMeanScore')).toBeCloseTo(want.weightedMeanScore, 9);
      expect(figure('industryMean')).toBeCloseTo(want.industryMean, 9);
      expect(figure('totalSpend')).toBe(want.totalSpend);
    });

    test('the suppliers whose spend cell is text or an error, not a number, and the first of them, as the pane counts them', () => {
      expect(figure('spendNotNumber')).toBe(want.spendNotNumber);
      expect(figure('spendNotNumberFirst')).toBe(`first: row ${want.firstSpendNotNumber}`);
      // The pane reads an error cell as its code, as Office.js hands it over.
      const pane = spendGaps(
        data.map((r) => r.name),
        data.map((r) => r.spend),
        BLOCK.firstRow,
      );
      expect(pane.text + pane.errors).toBe(want.spendNotNumber);
      expect(pane.errors).toBe(data.filter((r) => !blank(r.name) && r.spend === '#VALUE!').length);
      expect(pane.first?.row).toBe(want.firstSpendNotNumber);
    });

    test('shares with SBTi and CDP by count and by spend', () => {
      const [sbti, cdp] = plan.shares;
      expect(read(sbti.byCount)).toBeCloseTo(want.sbti.count, 9);
      expect(read(sbti.bySpend!)).toBeCloseTo(want.sbti.spend, 9);
      expect(read(cdp.byCount)).toBeCloseTo(want.cdp.count, 9);
      expect(read(cdp.bySpend!)).toBeCloseTo(want.cdp.spend, 9);
    });

    test('ten score bands, 100 in the last and band edges in the upper band', () => {
      expect(plan.bands.map(read)).toEqual(want.bands);
      expect(want.bands.reduce((a, b) => a + b, 0)).toBe(want.scored);
    });

    if (!dynamicArrays) {
      // HyperFormula has no SORTBY or TAKE: only this variant's lists can be computed here.
      test('the ten lowest and highest scores, with supplier, spend and row', () => {
        for (const [where, rows] of [
          [plan.lowest, want.lowest],
          [plan.highest, want.highest],
        ] as const) {
          expect(list(where.firstRow, 0)).toEqual(rows.map((x) => x.r.name));
          expect(list(where.firstRow, 1)).toEqual(rows.map((x) => x.r.score));
          expect(list(where.firstRow, 2)).toEqual(rows.map((x) => x.r.spend));
          expect(list(where.firstRow, 3)).toEqual(rows.map((x) => x.position));
        }
      });
    }
  });

  test('its suppliers are the rows Score a column writes formulas for: a name of only spaces, or N/A, is none', () => {
    // As the pane reads the cells: an error cell's value is its code, a number or TRUE stays itself.
    const names: Row['name'][] = ['Acme', '   ', ' ', null, '  Globex  ', '\u00a0', 12345, true, '#N/A', '', '\t'];
    // Says there is none: N/A in any case and spacing, a dash, TBD; `N/A Holdings` and `*` are names.
    names.push('N/A', ' n/a\u00a0', '-', 'tbd', 'Not \t available', 'N/A Holdings', '*');
    const scoring = planColumnScoring(
      { nameColumn: 0, websiteColumn: null, countryColumn: null, firstDataRow: 1, names, firstFreeColumn: 6 },
      { outputs: ['score'], linkRequired: false, logo: false },
    );
    const written = new Set(scoring.scoredRows);
    const odd = names.map((name, i): Row => ({
      name,
      score: written.has(i) ? 50 : null,
      status: written.has(i) ? 'synced' : '',
      sbti: written.has(i) ? i % 2 === 0 : null,
      cdp: null,
      spend: 10 * (i + 1), // spend is typed in every row, a blank one too
      industryMean: '#N/A',
    }));
    const block = { ...BLOCK, lastRow: odd.length };
    const plan = planSummary(block, { dynamicArrays: false, scoreMax: 100, builtOn: '2026-11-23', logo: false });
    const { read } = compute(odd, plan);
    const want = expected(odd);
    expect(written.size).toBe(7); // Acme, Globex, 12345, TRUE, #N/A, N/A Holdings, *
    expect(want.suppliers).toBe(written.size);
    expect(read(plan.figures.suppliers!)).toBe(written.size);
    expect(read(plan.figures.totalSpend!)).toBe(want.totalSpend);
    expect(read(plan.shares[0].byCount)).toBeCloseTo(want.sbti.count, 9);
    expect(read(plan.shares[0].bySpend!)).toBeCloseTo(want.sbti.spend, 9);
  });
});
