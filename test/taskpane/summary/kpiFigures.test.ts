/**
 * Today's KPI row (kpiFigures.ts) is what the summary sheet's own formulas show for the same cells:
 * suppliers, scored, the SBTi share by count and by spend, and the mean score, computed here by the
 * pane's rule and by HyperFormula over the plan's formulas, on the 500-row block of summaryFixture.ts
 * (names that name no supplier, pending and error scores, spend held as text, zero and none).
 */
import { kpiFigures } from '../../../src/taskpane/summary/kpiFigures';
import { planSummary } from '../../../src/taskpane/summary/summaryPlan';
import { BLOCK, compute, rows } from './summaryFixture';

const data = rows();
const plan = planSummary(BLOCK, { dynamicArrays: false, scoreMax: 100, builtOn: '2026-12-06', logo: false });
const { read } = compute(data, plan);
const sbti = plan.shares.find((share) => share.initiative === 'sbti')!;
const columns = {
  names: data.map((r) => r.name),
  scores: data.map((r) => r.score),
  sbti: data.map((r) => r.sbti),
  spend: data.map((r) => r.spend),
};

test("today's row holds the figures the sheet's formulas show", () => {
  const figures = kpiFigures(columns);
  expect(figures.suppliers).toBe(read(plan.figures.suppliers!));
  expect(figures.scored).toBe(read(plan.figures.scored!));
  expect(figures.meanScore).toBeCloseTo(read(plan.figures.meanScore!) as number, 9);
  expect(figures.byCount).toBeCloseTo(read(sbti.byCount) as number, 9);
  expect(figures.bySpend).toBeCloseTo(read(sbti.bySpend!) as number, 9);
  // The sample is no trivial case: some suppliers have the flag, some spend is not counted.
  expect(figures.byCount).toBeGreaterThan(0.1);
  expect(figures.byCount).toBeLessThan(0.9);
  expect(figures.bySpend).not.toBeCloseTo(figures.byCount!, 3);
});

test('no SBTi column: no shares; no spend: no share by spend; nothing scored: no mean', () => {
  expect(kpiFigures({ ...columns, sbti: null })).toMatchObject({ byCount: null, bySpend: null });
  expect(kpiFigures({ ...columns, spend: null }).bySpend).toBeNull();
  const unscored = kpiFigures({
    names: ['Acme', 'Globex'],
    scores: ['#N/A', '#VALUE!'],
    sbti: [true, '#N/A'],
    spend: null,
  });
  expect(unscored).toEqual({ suppliers: 2, scored: 0, byCount: 0.5, bySpend: null, meanScore: null });
  // No supplier at all: a share of 0, as the sheet's IFERROR makes it, never NaN.
  expect(kpiFigures({ names: ['', 'N/A'], scores: [null, null], sbti: [null, null], spend: [5, 5] })).toEqual({
    suppliers: 0,
    scored: 0,
    byCount: 0,
    bySpend: 0,
    meanScore: null,
  });
});
