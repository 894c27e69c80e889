/**
 * What a sheet's CLIMATE rows show, read from the cells as the pane reads them (values, formulas,
 * value types and, where the host has it, values as JSON), in both layouts: formula columns, and
 * CLIMATE.ORG cards with dot fields. Nothing read is trusted: errors in any language, links that are
 * not https, dates that are none.
 */
import { shownRows } from '../../../src/taskpane/changes/shownRows';
import type { CellGrid } from '../../../src/taskpane/sheet/grid';

const LINK = 'https://profiles.example/organizations/7';
const scoreCard = (score: number, link = LINK) => ({
  type: 'Double',
  basicValue: score,
  properties: { 'Profile link': { type: 'String', basicValue: link } },
});

/** The formula layout as Score a column writes it: name, score, match, SBTi, CDP, industry rank, link. */
function formulaSheet(
  rows: Array<{ name: string; score: unknown; sbti: unknown; rank: unknown; type?: string }>,
): CellGrid {
  const header = ['Supplier', 'Climate score', 'Match', 'SBTi', 'CDP', 'Industry rank', 'Profile'];
  const formulas = [
    header,
    ...rows.map((row, i) => {
      const r = i + 2;
      return [
        row.name,
        `=CLIMATE.SCORE($A${r})`,
        `=CLIMATE.MATCH($A${r})`,
        `=CLIMATE.FLAG($A${r},"sbti")`,
        `=CLIMATE.FLAG($A${r},"cdp")`,
        `=CLIMATE.PROFILE($A${r},"industry_rank")`,
        `=HYPERLINK(CLIMATE.LINK($A${r}),"Profile")`,
      ];
    }),
  ];
  const values = [
    header,
    ...rows.map((row) => [row.name, row.score, 'exact', row.sbti, false, row.rank, 'Profile']),
  ] as CellGrid['values'];
  const valueTypes = [
    header.map(() => 'String'),
    ...rows.map((row) => ['String', row.type ?? 'Double', 'String', 'Boolean', 'Boolean', 'String', 'String']),
  ];
  return { sheet: 'Suppliers', rowIndex: 0, columnIndex: 0, values, formulas, valueTypes };
}

describe('the formula layout', () => {
  test('each row shows its organization, score (0-100), flags and ranks, paired by the name cell', () => {
    const { rows, asOf } = shownRows(
      formulaSheet([
        { name: 'Acme', score: 61.24, sbti: true, rank: 'high' },
        { name: 'Globex', score: 40, sbti: false, rank: 'low' },
      ]),
      100,
    );
    expect(rows).toEqual([
      {
        organization: 'Acme',
        row: 1,
        matchedId: null,
        matchedName: null,
        link: null,
        score: 61.2,
        ranks: { industry_rank: 'high' },
        profiled: true,
        initiatives: { sbti: true, cdp: false },
      },
      expect.objectContaining({ organization: 'Globex', row: 2, score: 40, initiatives: { sbti: false, cdp: false } }),
    ]);
    expect(asOf).toBeNull(); // values carry no As of: the pane takes the workbook's last update instead
  });

  test('the raw 0-1 scale compares on 0-100', () => {
    const { rows } = shownRows(formulaSheet([{ name: 'Acme', score: 0.612, sbti: true, rank: 'high' }]), 1);
    expect(rows[0].score).toBe(61.2);
  });

  test('an error in any language (#NV in German) is nothing shown, and the row is not yet profiled', () => {
    const grid = formulaSheet([{ name: 'Acme', score: '#NV', sbti: '#NV', rank: '#NV', type: 'Error' }]);
    grid.valueTypes![1] = ['String', 'Error', 'Error', 'Error', 'Error', 'Error', 'Error'];
    grid.values[1] = ['Acme', '#NV', '#NV', '#NV', '#NV', '#NV', '#NV'];
    expect(shownRows(grid, 100).rows[0]).toMatchObject({ score: null, profiled: false, initiatives: {}, ranks: {} });
  });

  test("with values as JSON, a score's card gives the profile link and MATCH's the matched name", () => {
    const grid = formulaSheet([{ name: 'Acme', score: 61.2, sbti: true, rank: 'high' }]);
    grid.valuesAsJson = [
      [],
      [
        null,
        scoreCard(61.2),
        {
          type: 'String',
          basicValue: 'exact',
          properties: { 'Matched organization': { type: 'String', basicValue: 'Acme Ltd' } },
        },
      ],
    ];
    expect(shownRows(grid, 100).rows[0]).toMatchObject({ matchedName: 'Acme Ltd', link: LINK });
  });

  test('a link that is not an https address is not kept', () => {
    const grid = formulaSheet([{ name: 'Acme', score: 61.2, sbti: true, rank: 'high' }]);
    grid.valuesAsJson = [[], [null, scoreCard(61.2, 'javascript:alert(1)')]];
    expect(shownRows(grid, 100).rows[0].link).toBeNull();
  });

  test('rows without CLIMATE formulas, and the header, are not rows of the reading', () => {
    const grid = formulaSheet([{ name: 'Acme', score: 61.2, sbti: true, rank: 'high' }]);
    grid.formulas.push(['Total', '=SUM(B2:B2)']);
    grid.values.push(['Total', 61.2]);
    expect(shownRows(grid, 100).rows.map((row) => row.organization)).toEqual(['Acme']);
  });
});

describe('the card layout', () => {
  const AS_OF = 46_000.5; // 2025-12-09 12:00, local time
  // The card's text is the matched organization's name (the row asked for "Acme").
  const card = (score: unknown, sbti: boolean, matched = 'Acme Ltd') => ({
    type: 'Entity',
    text: matched,
    properties: {
      Score:
        typeof score === 'number'
          ? { type: 'Double', basicValue: score }
          : { type: 'Error', errorType: 'NotAvailable' },
      SBTi: { type: 'Boolean', basicValue: sbti },
      'Region rank': { type: 'String', basicValue: 'medium' },
      'Profile link': { type: 'String', basicValue: LINK },
      'As of': { type: 'FormattedNumber', basicValue: AS_OF, numberFormat: 'yyyy-mm-dd hh:mm' },
    },
  });
  /** Name, the card, its Score and CDP as dot fields. */
  const cardSheet = (json: unknown, dots: CellGrid['values'][number]): CellGrid => ({
    sheet: 'Suppliers',
    rowIndex: 0,
    columnIndex: 0,
    formulas: [
      ['Supplier', 'Organization', 'Climate score', 'CDP'],
      ['Acme', '=CLIMATE.ORG($A2)', '=B2.Score', '=B2.CDP'],
    ],
    values: [
      ['Supplier', 'Organization', 'Climate score', 'CDP'],
      ['Acme', '#VALUE!', ...dots],
    ],
    valueTypes: [
      ['String', 'String', 'String', 'String'],
      ['String', 'Richvalue', typeof dots[0] === 'number' ? 'Double' : 'Error', 'Boolean'],
    ],
    valuesAsJson: [[], [null, json]],
  });

  test("the card's properties give the whole row, its dot fields what the card lacks, and its As of the reading's date", () => {
    const { rows, asOf } = shownRows(cardSheet(card(72.5, true), [72.5, true]), 100);
    expect(rows).toEqual([
      {
        organization: 'Acme',
        row: 1,
        matchedId: null,
        matchedName: 'Acme Ltd',
        link: LINK,
        score: 72.5,
        ranks: { region_rank: 'medium' },
        profiled: true,
        initiatives: { sbti: true, cdp: true },
      },
    ]);
    const local = new Date(asOf!);
    expect([local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours()]).toEqual([2025, 12, 9, 12]);
  });

  test('without values as JSON (an older host) the dot fields alone are read', () => {
    const grid = cardSheet(null, [72.5, true]);
    delete grid.valuesAsJson;
    expect(shownRows(grid, 100)).toEqual({
      rows: [expect.objectContaining({ score: 72.5, initiatives: { cdp: true }, link: null, matchedName: null })],
      asOf: null,
    });
  });

  test('a card whose score is #N/A shows no score; an As of that is no date is none', () => {
    const json = card(null, false);
    json.properties['As of'] = { type: 'FormattedNumber', basicValue: -5, numberFormat: 'yyyy-mm-dd' };
    const grid = cardSheet(json, ['#N/A', false]);
    grid.valueTypes![1][2] = 'Error';
    const { rows, asOf } = shownRows(grid, 100);
    expect(rows[0]).toMatchObject({ score: null, initiatives: { sbti: false, cdp: false } });
    expect(asOf).toBeNull();
  });
});
