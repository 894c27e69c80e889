/**
 * The summary's KPI block and gap list as planned (kpiPlan.ts, summaryPlan.ts): the history's rows are
 * values and the target's line a formula over the target cell; the trend chart is a line chart over
 * the dates and the share by count, with the share by spend and the target added as series where the
 * host has the series API (ExcelApi 1.7) and one block of columns where it has not, and none where it
 * draws no charts; the gap list, computed by HyperFormula over summaryFixture.ts's 500 rows, names the
 * suppliers without an SBTi commitment or target, largest spend first, with the share each adds and the
 * share reached with those above it.
 */
import type { HistoryRow } from '../../../src/taskpane/summary/kpiHistory';
import type { KpiOptions } from '../../../src/taskpane/summary/kpiPlan';
import { GAP_LENGTH, planSummary, type SummaryOptions } from '../../../src/taskpane/summary/summaryPlan';
import { BLOCK, blank, compute, rows, type Row } from './summaryFixture';

const day = (date: string, byCount: number, bySpend: number | null): HistoryRow => ({
  date,
  byCount,
  bySpend,
  suppliers: 480,
  scored: 440,
  meanScore: 51.2,
});
const HISTORY = [day('2026-09-07', 0.25, 0.41), day('2026-12-06', 0.27, 0.44)];
const kpi = (more: Partial<KpiOptions> = {}): KpiOptions => ({
  history: HISTORY,
  target: { share: 0.7, basis: 'spend', year: 2030 },
  sbti: true,
  chartSeries: true,
  ...more,
});
const options = (more: Partial<SummaryOptions> = {}): SummaryOptions => ({
  dynamicArrays: false,
  scoreMax: 100,
  builtOn: '2026-12-06',
  logo: false,
  kpi: kpi(),
  ...more,
});
const at = (plan: ReturnType<typeof planSummary>, a1: string) => {
  const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return plan.cells.find((cell) => cell.row === Number(digits) - 1 && cell.column === column);
};

test('history rows are values, the target beside each a formula over the target cell', () => {
  const plan = planSummary(BLOCK, options());
  // Target by spend: 70% in Q7, the year in Q8.
  expect(at(plan, 'Q7')).toMatchObject({ content: 0.7, numberFormat: '0.0%' });
  expect(at(plan, 'Q6')).toBeUndefined();
  expect(at(plan, 'Q8')?.content).toBe(2030);
  expect(['P28', 'Q28', 'R28', 'S28', 'T28', 'U28', 'V28'].map((a1) => at(plan, a1)?.content)).toEqual([
    '2026-09-07',
    0.25,
    0.41,
    '=$Q$7',
    480,
    440,
    51.2,
  ]);
  // The day as text: a chart reads a text column as its categories, never as a series of numbers.
  expect(at(plan, 'P29')).toMatchObject({ content: '2026-12-06', numberFormat: '@' });
  expect(at(plan, 'P30')).toBeUndefined();
});

test('the trend chart: dates and share by count, the share by spend and the dashed target added as series', () => {
  const { trend } = planSummary(BLOCK, options());
  expect(trend).toEqual({
    name: 'Climate summary: KPI history',
    title: 'Share of suppliers with an SBTi commitment or target (target: 70% by spend by 2030)',
    source: 'P27:Q29',
    series: [
      { name: 'Share by spend', values: 'R28:R29', categories: 'P28:P29', dashed: false },
      { name: 'Target', values: 'S28:S29', categories: 'P28:P29', dashed: true },
    ],
    anchor: { row: 9, column: 15 },
  });
});

test('without the series API (ExcelApi below 1.7), one block of columns; without charts, none', () => {
  expect(planSummary(BLOCK, options({ kpi: kpi({ chartSeries: false }) })).trend).toMatchObject({
    source: 'P27:S29',
    series: [],
  });
  expect(planSummary(BLOCK, options({ kpi: kpi({ chartSeries: false, target: null }) })).trend?.source).toBe('P27:R29');
  const none = planSummary(BLOCK, options({ charts: false }));
  expect([none.trend, none.charts]).toEqual([null, []]);
});

test('no target: no target cells, no target line; no share by spend in any row: no such series', () => {
  const history = HISTORY.map((r) => ({ ...r, bySpend: null }));
  const plan = planSummary(BLOCK, options({ kpi: kpi({ target: null, history }) }));
  expect([at(plan, 'Q6'), at(plan, 'Q7'), at(plan, 'Q8'), at(plan, 'S28')]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(plan.trend).toMatchObject({ title: 'Share of suppliers with an SBTi commitment or target', series: [] });
});

test('no SBTi column: the history still, but no chart and no gap list', () => {
  const block = { ...BLOCK, flags: BLOCK.flags.filter((flag) => flag.initiative !== 'sbti') };
  const plan = planSummary(block, options({ kpi: kpi({ sbti: false }) }));
  expect([plan.trend, plan.gap]).toEqual([null, null]);
  expect(at(plan, 'P28')?.content).toBe('2026-09-07');
});

describe('the gap list, computed', () => {
  const data = rows();
  const positive = (r: Row): number => (typeof r.spend === 'number' && r.spend > 0 ? r.spend : 0);
  const suppliers = data.map((r, i) => ({ r, position: i + 1 })).filter(({ r }) => !blank(r.name));
  const total = suppliers.reduce((sum, { r }) => sum + positive(r), 0);
  const without = suppliers.filter(({ r }) => r.sbti !== true);
  const share = (rs: typeof suppliers, weigh: (r: Row) => number) =>
    suppliers.filter(({ r }) => r.sbti === true).reduce((sum, { r }) => sum + weigh(r), 0) /
    rs.reduce((sum, { r }) => sum + weigh(r), 0);

  test.each(['spend', 'count'] as const)('by %s: the suppliers without, in order, with what each adds', (basis) => {
    const plan = planSummary(BLOCK, options({ kpi: kpi({ target: { share: 0.7, basis, year: 2030 } }) }));
    const { read } = compute(data, plan);
    const cell = (k: number, column: number) =>
      read(`${String.fromCharCode(65 + column)}${plan.gap!.firstRow + k + 1}`);
    // Largest spend first whatever the target's basis (which decides the shares), then sheet order.
    const order = [...without].sort((a, b) => positive(b.r) - positive(a.r) || a.position - b.position);
    const adds = (r: Row) => (basis === 'spend' ? positive(r) / total : 1 / suppliers.length);
    let reached = basis === 'spend' ? share(suppliers, positive) : share(suppliers, () => 1);
    const expected = order.slice(0, GAP_LENGTH).map(({ r, position }) => {
      reached += adds(r);
      return [r.name, r.spend, adds(r), reached, position];
    });
    const got = expected.map((_, k) => [0, 1, 2, 3, 4].map((column) => cell(k, column)));
    got.forEach((row, k) => {
      expect(row[0]).toBe(expected[k][0]);
      expect(row[1]).toBe(expected[k][1]);
      expect(row[2]).toBeCloseTo(expected[k][2] as number, 9);
      expect(row[3]).toBeCloseTo(expected[k][3] as number, 9);
      expect(row[4]).toBe(expected[k][4]);
    });
    expect(without.length).toBeGreaterThan(GAP_LENGTH);
  });

  test('with dynamic arrays: one spilled formula per column, by spend then sheet order', () => {
    const plan = planSummary(BLOCK, options({ dynamicArrays: true }));
    const first = plan.cells.find((c) => c.row === plan.gap!.firstRow && c.column === 0)!.content;
    expect(first).toBe(
      `=IFERROR(INDEX(SORTBY(FILTER('Supplier''s list'!$A$2:$A$501,$AG$2:$AG$501),FILTER($AC$2:$AC$501,$AG$2:$AG$501),-1,` +
        'FILTER(SEQUENCE(500),$AG$2:$AG$501),1),SEQUENCE(MIN(25,COUNTIFS($AG$2:$AG$501,TRUE())))),"")',
    );
  });
});
