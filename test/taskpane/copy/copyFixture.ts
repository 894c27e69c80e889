/**
 * A workbook as the pane reads it before Share a copy: a supplier sheet scored in the formula layout
 * (score, SBTi flag, match, profile link, a row not found, a row still profiling, totals under the
 * block), one in the card layout (cards, dot fields, the link from the card), and a sheet with no
 * CLIMATE cell; with what the engine holds for each row (matched name, profile link, one hostile).
 */
import type { CopyInput, NoteTexts, RowOrganization, TypedGrid } from '../../../src/taskpane/copy/copyPlan';
import type { CellValue } from '../../../src/taskpane/sheet/grid';

const SOURCE = '=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")';

/**
 * The error texts these sheets show, in the display languages they were read in (German `#NV`, Spanish
 * `#¡VALOR!`): Excel gives each the value type Error (Excel.RangeValueType), whatever its text.
 */
const ERRORS = new Set(['#N/A', '#BUSY!', '#NAME?', '#VALUE!', '#NV', '#¡VALOR!']);

/** Excel's value type of a value read (Excel.RangeValueType). */
const valueType = (value: CellValue): string =>
  value === null || value === ''
    ? 'Empty'
    : typeof value === 'number'
      ? 'Double'
      : typeof value === 'boolean'
        ? 'Boolean'
        : ERRORS.has(value)
          ? 'Error'
          : 'String';

/** A grid from rows of [formula, value] pairs (a constant is its own formula: pass it alone), with value types. */
export function grid(sheet: string, rows: Array<Array<CellValue | [string, CellValue]>>): TypedGrid {
  const width = Math.max(...rows.map((row) => row.length));
  const pad = <T>(row: T[], fill: T): T[] => [...row, ...Array<T>(width - row.length).fill(fill)];
  return {
    sheet,
    rowIndex: 0,
    columnIndex: 0,
    formulas: rows.map((row) =>
      pad(
        row.map((cell) => (Array.isArray(cell) ? cell[0] : cell)),
        '',
      ),
    ),
    values: rows.map((row) =>
      pad(
        row.map((cell) => (Array.isArray(cell) ? cell[1] : cell)),
        '',
      ),
    ),
    valueTypes: rows.map((row) =>
      pad(
        row.map((cell) => valueType(Array.isArray(cell) ? cell[1] : cell)),
        'Empty',
      ),
    ),
  };
}

export const FORMULA_SHEET = grid('Q3 suppliers', [
  [null, [SOURCE, 'Climate data by DitchCarbon']],
  ['Supplier', 'Spend', 'Score', 'SBTi', 'Match', 'Profile'],
  [
    'Acme Steel',
    120,
    ['=CLIMATE.SCORE($A3)', 67.3],
    ['=CLIMATE.FLAG($A3,"sbti")', true],
    ['=CLIMATE.MATCH($A3)', 'accepted'],
    ['=HYPERLINK(CLIMATE.LINK($A3),"Profile")', 'Profile'],
  ],
  [
    'Beta Plastics',
    80,
    ['=IFERROR(CLIMATE.SCORE($A4),"")', 41.5],
    ['=CLIMATE.FLAG($A4,"sbti")', false],
    ['=CLIMATE.MATCH($A4)', 'check'],
    ['=HYPERLINK(CLIMATE.LINK($A4),"Profile")', 'Profile'],
  ],
  [
    'Nowhere Ltd',
    30,
    ['=CLIMATE.SCORE($A5)', '#N/A'],
    ['=CLIMATE.FLAG($A5,"sbti")', '#N/A'],
    ['=CLIMATE.MATCH($A5)', '#N/A'],
    ['=HYPERLINK(CLIMATE.LINK($A5),"Profile")', '#N/A'],
  ],
  [
    'Gamma Freight',
    50,
    ['=CLIMATE.SCORE($A6)', '#BUSY!'],
    ['=_xldudf_CLIMATE_FLAG($A6,"sbti")', '#NAME?'],
    ['=CLIMATE.MATCH($A6)', 'identifier'],
    ['=HYPERLINK(CLIMATE.LINK($A6),"Profile")', 'Profile'],
  ],
  [
    'Total',
    ['=SUM(B3:B6)', 280],
    ['=AVERAGE(C3:C4)', 54.4],
    ['=COUNTIF(E3:E6,"accepted")', 1],
    ['=TAKE(A3:A6,1)', 'Acme Steel'],
    ["='Other notes'!A1", 'see notes'],
  ],
]);

export const CARD_SHEET = grid('Cards', [
  [null, [SOURCE, 'Climate data by DitchCarbon']],
  ['Supplier', 'Organization', 'Score', 'Profile'],
  [
    'Delta Foods',
    ['=CLIMATE.ORG($A3)', '#VALUE!'],
    ['=B3.Score', 58.2],
    ['=HYPERLINK(B3.[Profile link],"Profile")', 'Profile'],
  ],
  [
    'Evil Corp',
    ['=CLIMATE.ORG($A4)', '#VALUE!'],
    ['=B4.Score', 12],
    ['=HYPERLINK(B4.[Profile link],"Profile")', 'Profile'],
  ],
  ['Zeta Mining', ['=CLIMATE.ORG($A5)', '#VALUE!'], ['=B5.[Industry rank]', 3]],
]);

export const PLAIN_SHEET = grid('Other notes', [['see notes'], [['=1+1', 2]]]);

/** What the engine holds for each row's organization, by sheet and 0-based row. */
export const ORGANIZATIONS: Record<string, Record<number, RowOrganization>> = {
  'Q3 suppliers': {
    2: { name: 'Acme Steel Group', link: 'https://ditchcarbon.com/organizations/acme-steel' },
    3: { name: 'Beta Plastics AG', link: 'https://ditchcarbon.com/organizations/beta-plastics' },
    5: { name: 'Gamma Freight', link: 'https://ditchcarbon.com/organizations/gamma?ref="x"' },
  },
  Cards: {
    2: { name: 'Delta Foods plc', link: 'https://ditchcarbon.com/organizations/delta-foods' },
    3: { name: 'Evil Corp', link: 'javascript:alert(document.cookie)' },
    4: { name: 'Zeta Mining', link: 'http://ditchcarbon.com/organizations/zeta' },
  },
};

export const NOTE: NoteTexts = {
  sheet: 'About this copy',
  title: 'Climate data: a snapshot for reading',
  lines: ['A snapshot of 2026-12-06, under the provider’s terms: not for redistribution as a dataset.'],
};

/** Spend in euros and the score to one decimal on the formula sheet (rows 3-7), as the analyst formatted them. */
const FORMATTED_SHEET: TypedGrid = {
  ...FORMULA_SHEET,
  numberFormat: FORMULA_SHEET.formulas.map((row, r) =>
    row.map((_, c) => (r >= 2 && c === 1 ? '#,##0 "€"' : r >= 2 && c === 2 ? '0.0' : 'General')),
  ),
};

export const COPY_INPUT: CopyInput = {
  sheets: [FORMATTED_SHEET, PLAIN_SHEET, CARD_SHEET],
  organization: (sheet, row) => ORGANIZATIONS[sheet]?.[row] ?? null,
  note: (copied) => ({ ...NOTE, lines: [...NOTE.lines, `Sheets copied: ${copied.join(', ')}`] }),
};
