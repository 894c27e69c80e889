// The "Climate summary" figures, computed by a real formula engine (HyperFormula) from the plan's
// formulas over a scored 500-row block with known scores, flags, statuses, spend and names that name
// no supplier (empty, only spaces, N/A; summaryFixture.ts), and compared with the same figures
// computed in plain TypeScript; its suppliers compared with the rows Score a column writes formulas for;
// and its count of spend cells that are not a number compared with the count the pane reports.
import { planColumnScoring } from '../../../src/taskpane/score/scoringPlan';
import { spendGaps } from '../../../src/taskpane/summary/spendGaps';
import { planSummary, type SummaryPlan } from '../../../src/taskpane/summary/summaryPlan';
import { BLOCK, blank, compute, expected, ROWS, rows, TEXT_SPEND, type Row } from './summaryFixture';

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
      // HyperFormula has no SORTBY: only this variant's lists can be computed here.
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
