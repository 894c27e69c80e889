// Which block the Climate summary reads: recognised from a selection's CLIMATE formulas, or taken from
// the plan Score a column just wrote; and what the plan leaves out when the block has no spend or flags.
import { blockFromPlan, planColumnScoring } from '../../../src/taskpane/score/scoringPlan';
import { blockFromFormulas } from '../../../src/taskpane/summary/summaryBlock';
import { planSummary } from '../../../src/taskpane/summary/summaryPlan';

describe('blockFromFormulas', () => {
  const grid = {
    sheet: 'Vendors',
    rowIndex: 4,
    columnIndex: 0,
    values: [],
    formulas: [
      ['Vendor', 'Web', 'Score', 'SBTi', 'Mean', 'Note'],
      [
        'Acme',
        'acme.com',
        '=CLIMATE.SCORE($A6,$B6)',
        '=CLIMATE.FLAG($A6,"SBTi",$B6)',
        '=CLIMATE.PROFILE($A6,"industry mean")',
        '=CLIMATE.FLAG($A6,"nonsense")',
      ],
      ['', '', '', '', '', ''],
      ['Globex', '', '=climate.score($A8)', '=CLIMATE.FLAG($A8,"sbti")', '', ''],
    ],
  };

  test('finds the score, flag and industry-mean columns and the cells the formulas point at', () => {
    expect(blockFromFormulas(grid, 7)).toEqual({
      sheet: 'Vendors',
      firstRow: 5,
      lastRow: 7,
      nameColumn: 0,
      websiteColumn: 1,
      countryColumn: null,
      scoreColumn: 2,
      flags: [{ initiative: 'sbti', column: 3 }],
      industryMeanColumn: 4,
      spendColumn: 7,
    });
  });

  test('a selection without SCORE formulas says what to select', () => {
    expect(() => blockFromFormulas({ ...grid, formulas: [['Acme', 12]] }, null)).toThrow(
      'The selection holds no =CLIMATE.SCORE formulas: select the scored block (or score a column first).',
    );
  });
});

describe('blockFromPlan', () => {
  const selection = {
    nameColumn: 0,
    websiteColumn: null,
    countryColumn: 2,
    firstDataRow: 1,
    names: ['Acme', '', 'Globex'],
    firstFreeColumn: 4,
  };

  test('the columns of the outputs as written, the spend the analyst chose', () => {
    const plan = planColumnScoring(selection, {
      outputs: ['score', 'flag:cdp', 'profile:industry_mean'],
      linkRequired: true,
      logo: false,
    });
    const block = blockFromPlan('Suppliers', selection, plan, 3);
    expect(block).toMatchObject({
      firstRow: plan.firstDataRow,
      lastRow: plan.firstDataRow + 2,
      scoreColumn: 4,
      spendColumn: 3,
      countryColumn: 2,
    });
    expect(block.flags).toEqual([{ initiative: 'cdp', column: 5 }]);
    expect(block.industryMeanColumn).toBe(6);
  });

  test('without a score column there is nothing to summarize', () => {
    const plan = planColumnScoring(selection, { outputs: ['flag:cdp'], linkRequired: false, logo: false });
    expect(() => blockFromPlan('Suppliers', selection, plan, null)).toThrow(/needs the Climate score column/);
  });
});

describe('planSummary without spend or flags', () => {
  const block = {
    sheet: 'S',
    firstRow: 1,
    lastRow: 20,
    nameColumn: 0,
    websiteColumn: null,
    countryColumn: null,
    scoreColumn: 1,
    flags: [],
    industryMeanColumn: null,
    spendColumn: null,
  };

  test('no spend figures, no initiative section or bar chart, no logo on a host without images', () => {
    const plan = planSummary(block, { dynamicArrays: true, scoreMax: 100, builtOn: '2026-11-23', logo: false });
    const labels = plan.cells.map((cell) => cell.content);
    expect(labels).not.toContain('Spend-weighted mean score');
    expect(labels).not.toContain('Initiatives');
    expect(plan.charts.map((chart) => chart.type)).toEqual(['ColumnClustered']);
    expect(plan.logo).toBeNull();
    expect(plan.figures.weightedMeanScore).toBeUndefined();
  });

  test('the raw 0-1 scale gets bands of 0.1', () => {
    const plan = planSummary(block, { dynamicArrays: false, scoreMax: 1, builtOn: '2026-11-23', logo: false });
    const labels = plan.cells
      .filter((cell) => typeof cell.content === 'string' && /–/.test(cell.content))
      .map((cell) => cell.content);
    expect(labels[0]).toBe('0–0.1');
    expect(labels[9]).toBe('0.9–1');
  });
});

describe('planSummary on hosts without dynamic arrays', () => {
  test('no figure needs Ctrl+Shift+Enter: no IF or IFERROR over ranges inside SUMPRODUCT', () => {
    const block = {
      sheet: 'S',
      firstRow: 1,
      lastRow: 30,
      nameColumn: 0,
      websiteColumn: null,
      countryColumn: null,
      scoreColumn: 2,
      flags: [{ initiative: 'sbti' as const, column: 3 }],
      industryMeanColumn: 4,
      spendColumn: 1,
    };
    const plan = planSummary(block, { dynamicArrays: false, scoreMax: 100, builtOn: '2026-11-23', logo: true });
    const formulas = plan.cells.map((cell) => String(cell.content)).filter((content) => content.startsWith('='));
    const sumproducts = formulas.filter((formula) => formula.includes('SUMPRODUCT('));
    expect(sumproducts.length).toBeGreaterThan(3);
    for (const formula of sumproducts)
      expect(formula.slice(formula.indexOf('SUMPRODUCT('))).not.toMatch(/IF(ERROR)?\(/);
    expect(plan.figures.weightedMeanScore).toBeDefined();
  });
});
