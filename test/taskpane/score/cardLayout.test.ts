/**
 * The card layout, pure parts: the plan Score a column writes where Excel renders entities (a
 * CLIMATE.ORG column and each output as a field of it by dot notation), and the card block read back
 * by the match review, the summary and the attribution check (dot references followed to the row's
 * CLIMATE.ORG formula, whose arguments name the organization).
 */
import { PROFILE_FIELDS } from '../../../src/functions/results/fields';
import { findClimateBlocks, planAttributionCheck } from '../../../src/taskpane/attribution/attributionCheck';
import { cardFormula, outputField } from '../../../src/taskpane/score/cardLayout';
import { blockFromPlan, planColumnScoring, writtenRange } from '../../../src/taskpane/score/scoringPlan';
import { argumentCells, organizationsInRows, rowOrganization } from '../../../src/taskpane/sheet/climateCells';
import { withArguments } from '../../../src/taskpane/sheet/formulas';
import type { CellGrid, CellValue } from '../../../src/taskpane/sheet/grid';
import { OUTPUTS } from '../../../src/taskpane/sheet/outputs';
import { blockFromFormulas } from '../../../src/taskpane/summary/summaryBlock';

const selection = {
  nameColumn: 0,
  websiteColumn: 1,
  countryColumn: 2,
  firstDataRow: 2,
  names: ['Acme Corp', '', 'Globex'] as CellValue[],
  firstFreeColumn: 4,
};

describe('the card layout plan', () => {
  const plan = planColumnScoring(selection, {
    outputs: ['score', 'match', 'flag:sbti', 'flag:climate_action_100', 'profile:industry_rank', 'link'],
    layout: 'cards',
    linkRequired: false,
    logo: true,
  });

  test('one CLIMATE.ORG column, then each output read from its card by dot notation', () => {
    expect(plan.headers).toEqual([
      'Organization',
      'Climate score',
      'Match',
      'SBTi',
      'Climate Action 100+',
      'Industry rank',
      'Profile',
    ]);
    expect([plan.firstColumn, plan.outputColumn]).toEqual([4, 5]);
    expect(plan.formulas[0]).toEqual([
      '=CLIMATE.ORG($A3,$B3,$C3)',
      '=E3.Score',
      '=E3.Match',
      '=E3.SBTi',
      '=E3.[Climate Action 100+]',
      '=E3.[Industry rank]',
      '=HYPERLINK(E3.[Profile link],"Profile")',
    ]);
    expect(plan.formulas[1]).toEqual(['', '', '', '', '', '', '']); // blank name
    expect(plan.formulas[2][0]).toBe('=CLIMATE.ORG($A5,$B5,$C5)');
    expect(plan.formulas[2][1]).toBe('=E5.Score');
    expect(plan.scoredRows).toEqual([0, 2]);
    // The attribution line and logo above the headers, over the card column, as in the formula layout.
    expect(plan.attribution).toMatchObject({ row: 0, logoColumn: 4, textColumn: 5 });
  });

  test('without website and country the card takes the name alone', () => {
    const plain = planColumnScoring(
      { ...selection, websiteColumn: null, countryColumn: null },
      { outputs: ['score'], layout: 'cards', linkRequired: false, logo: false },
    );
    expect(plain.formulas[0]).toEqual(['=CLIMATE.ORG($A3)', '=E3.Score']);
  });

  test('the written range (what the review reads) and the summary block count the card column', () => {
    expect(writtenRange('Suppliers', plan).box).toEqual({ rowIndex: 2, columnIndex: 4, rowCount: 3, columnCount: 7 });
    const summary = blockFromPlan('Suppliers', selection, plan, null);
    expect(summary).toMatchObject({ scoreColumn: 5, flags: [{ initiative: 'sbti', column: 7 }, expect.anything()] });
  });

  test('every output of the catalogue is a field of the card, named by its PROFILE header', () => {
    for (const output of OUTPUTS) {
      const header = PROFILE_FIELDS.find((field) => field.key === outputField(output.formula))?.header;
      expect(header).toBeDefined();
      // Bare only where the name reads neither as more than one word nor as a cell reference (RE100 is
      // column RE, row 100): brackets are always read as a field name.
      const readsAsReference = /^[A-Za-z]{1,3}\d+$|^[RC]\d*$|^R\d*C\d*$/i.test(header!);
      expect(cardFormula(output.formula, 'E3')).toContain(
        /^[A-Za-z_]\w*$/.test(header!) && !readsAsReference ? `E3.${header}` : `E3.[${header}]`,
      );
    }
  });
});

/** A card-layout sheet: names in A, websites in B, ORG in E, fields right of it; row 1 headers. */
const cardSheet = (): CellGrid => ({
  sheet: 'Suppliers',
  rowIndex: 0,
  columnIndex: 0,
  values: [],
  formulas: [
    ['Supplier', 'Web', 'Country', 'Spend', 'Organization', 'Climate score', 'SBTi', 'Mean', 'Match'],
    [
      'Acme',
      'acme.com',
      '',
      10,
      '=CLIMATE.ORG($A2,$B2,$C2)',
      '=E2.Score',
      '=E2.sbti',
      '=E2.[industry MEAN score]',
      '=E2.Match',
    ],
    [
      'Globex',
      '',
      'DE',
      20,
      '=CLIMATE.ORG($A3,,$C3)',
      '=E3.Score',
      '=E3.SBTi',
      '=E3.[Industry mean score]',
      '=E3.Match',
    ],
  ],
});

describe('a card block read back', () => {
  test('the summary finds the score, flag and mean columns, and the name, website and country of the cards', () => {
    expect(blockFromFormulas(cardSheet(), 3)).toEqual({
      sheet: 'Suppliers',
      firstRow: 1,
      lastRow: 2,
      nameColumn: 0,
      websiteColumn: 1,
      countryColumn: 2,
      scoreColumn: 5,
      flags: [{ initiative: 'sbti', column: 6 }],
      industryMeanColumn: 7,
      spendColumn: 3,
    });
  });

  test('the attribution check sees the card block (fields show scores), not a lone card column', () => {
    expect(findClimateBlocks(cardSheet())).toEqual([{ top: 1, left: 4, bottom: 2, right: 8 }]);
    const cardsOnly = cardSheet();
    cardsOnly.formulas = cardsOnly.formulas.map((row) => row.slice(0, 5));
    expect(findClimateBlocks(cardsOnly)).toEqual([]);
    expect(planAttributionCheck(cardSheet(), true).fixes).toEqual([
      { block: { top: 1, left: 4, bottom: 2, right: 8 }, place: expect.objectContaining({ row: 3, logoColumn: 4 }) },
    ]);
  });

  test('a row names its organization through the card; Refine rewrites the CLIMATE.ORG cell', () => {
    const grid = { ...cardSheet(), values: cardSheet().formulas };
    const fields = { rowIndex: 1, columnIndex: 5, rowCount: 2, columnCount: 4 }; // the fields only, not the cards
    expect(rowOrganization(grid, 2, fields)).toEqual({ organization: 'Globex', website: null, country: 'DE' });
    expect(organizationsInRows(grid, 1, 2).organizations).toHaveLength(2);
    expect(argumentCells(grid, 2, fields)).toEqual([{ row: 2, column: 4, formula: '=CLIMATE.ORG($A3,,$C3)' }]);
    expect(withArguments('=CLIMATE.ORG($A3,,$C3)', { website: '"globex.example"' })).toBe(
      '=CLIMATE.ORG($A3,"globex.example",$C3)',
    );
  });
});
