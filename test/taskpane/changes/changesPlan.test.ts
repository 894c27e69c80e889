/**
 * A refresh's block on the Changes sheet: dated with both states, attributed as every score is, one
 * row per change with a link only to a checked https profile, texts that Excel cannot take for a
 * formula, and words in the pane's language around a title that stays fixed.
 */
import { setLanguage } from '../../../src/i18n/translate';
import {
  CHANGES_SHEET_NAME,
  planChangesBlock,
  planSheetTop,
  type ChangesBlock,
} from '../../../src/taskpane/changes/changesPlan';
import { compareRows, type ShownRow } from '../../../src/taskpane/changes/rowChanges';
import { SOURCE_LINE_FORMULA } from '../../../src/taskpane/sheet/sourceLine';

const LINK = 'https://profiles.example/organizations/7';
const row = (organization: string, overrides: Partial<ShownRow> = {}): ShownRow => ({
  organization,
  row: 2,
  matchedId: null,
  matchedName: null,
  link: LINK,
  score: 61.2,
  ranks: { industry_rank: 'high' },
  profiled: true,
  initiatives: { sbti: true },
  ...overrides,
});

function block(before: ShownRow[], after: ShownRow[]): ChangesBlock {
  return { sheet: 'Suppliers', report: compareRows(before, after), before: '2026-09-07', after: '2026-12-06' };
}

/** The block's cells as a grid of contents, row by row from its top. */
function grid(plan: ReturnType<typeof planChangesBlock>, top: number): Array<Array<string | number | boolean>> {
  const rows: Array<Array<string | number | boolean>> = Array.from({ length: plan.rows }, () => []);
  for (const cell of plan.cells) rows[cell.row - top][cell.column] = cell.content;
  return rows;
}

afterEach(() => setLanguage('en'));

test('dated with both states, the source line beside the logo, headers, then one row per change', () => {
  const plan = planChangesBlock(
    block([row('Acme'), row('Globex')], [row('Acme', { initiatives: { sbti: false }, score: 70 }), row('Globex')]),
    10,
    true,
  );
  expect(grid(plan, 10)).toEqual([
    ['="Refresh of 2026-12-06 on “Suppliers”: before = values as of 2026-09-07; after = values as of 2026-12-06."'],
    ['="2 changes in 1 of 2 organizations compared."'],
    [undefined, SOURCE_LINE_FORMULA],
    ['="Organization"', '="What changed"', '="Before"', '="After"', '="Profile"', '="To review"'],
    ['="Acme"', '="Left SBTi"', true, false, `=HYPERLINK("${LINK}","Profile")`],
    ['="Acme"', '="Score moved"', 61.2, 70, `=HYPERLINK("${LINK}","Profile")`],
  ]);
  expect(plan.logo).toEqual({ row: 12, column: 0 });
  expect(plan.cells.filter((cell) => cell.numberFormat === '0.0').map((cell) => cell.content)).toEqual([61.2, 70]);
});

test('a refresh of selected rows says which rows its block compared, in the pane’s language', () => {
  const rows = { ...block([row('Acme')], [row('Acme')]), rows: { first: 2, last: 57 } };
  expect(planChangesBlock(rows, 0, false).cells[0].content).toBe(
    '="Refresh of 2026-12-06 of rows 2–57 on “Suppliers”: before = values as of 2026-09-07; after = values as of 2026-12-06."',
  );
  setLanguage('de');
  expect(planChangesBlock(rows, 0, false).cells[0].content).toBe(
    '="Aktualisierung vom 2026-12-06 der Zeilen 2–57 auf „Suppliers“: vorher = Werte mit Stand 2026-09-07; nachher = Werte mit Stand 2026-12-06."',
  );
});

test('a row matched to another organization is marked for review; no logo on a host without images', () => {
  const plan = planChangesBlock(
    block([row('Elm', { matchedName: 'Elm Group' })], [row('Elm', { matchedName: 'Elm Timber' })]),
    2,
    false,
  );
  expect(plan.logo).toBeNull();
  const rows = grid(plan, 2);
  expect(rows[2]).toEqual([SOURCE_LINE_FORMULA]);
  expect(rows[4]).toEqual([
    '="Elm"',
    '="Now matched to another organization"',
    '="Elm Group"',
    '="Elm Timber"',
    `=HYPERLINK("${LINK}","Profile")`,
    '="Check the match"',
  ]);
});

test('texts from the workbook stay texts, and only a checked https link becomes a link', () => {
  const hostile = '=HYPERLINK("https://evil.example","x")';
  const before = [row(hostile, { link: 'javascript:alert(1)' }), row('Long', { link: `${LINK}?${'q'.repeat(400)}` })];
  const after = before.map((r) => ({ ...r, score: 90 }));
  const rows = grid(planChangesBlock(block(before, after), 0, false), 0);
  expect(rows[4][0]).toBe('="=HYPERLINK(""https://evil.example"",""x"")"');
  expect(rows[4][4]).toBeUndefined();
  // A link longer than Excel's 255 characters of a text in a formula goes in parts joined with &.
  const long = `${LINK}?${'q'.repeat(400)}`;
  expect(rows[5][4]).toBe(`=HYPERLINK("${long.slice(0, 255)}"&"${long.slice(255)}","Profile")`);
});

test('no change is said as such; an unknown before date is said too', () => {
  const plan = planChangesBlock({ ...block([row('Acme')], [row('Acme')]), before: null }, 2, false);
  const rows = grid(plan, 2);
  expect(rows[0][0]).toContain('before = values as of an unknown date');
  expect(rows[4]).toEqual(['="No change."']);
});

test("the words follow the pane's language; the sheet's title, read back, does not", () => {
  setLanguage('de');
  const rows = grid(
    planChangesBlock(block([row('Acme')], [row('Acme', { ranks: { industry_rank: 'low' } })]), 2, false),
    2,
  );
  expect(rows[3].slice(0, 2)).toEqual(['="Organisation"', '="Was sich geändert hat"']);
  expect(rows[4][1]).toBe('="Rang in der Branche geändert"'); // the rank named as its column's header
  expect(planSheetTop()[0]).toEqual({ row: 0, column: 0, content: CHANGES_SHEET_NAME, bold: true });
  expect(CHANGES_SHEET_NAME).toBe('Climate changes');
});
