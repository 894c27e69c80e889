/**
 * The copy for others, opened where no CLIMATE function exists: the .xlsx the pane writes
 * (src/taskpane/copy/xlsxFile.ts) is unzipped as another program would (every entry's CRC checked) and
 * calculated by HyperFormula, an engine with Excel's functions and without the add-in's. Every value,
 * the source line with its logo and each profile link shows; no cell shows #NAME?; the SUM under the
 * block adds the copied values; and the file holds no part of the add-in (no web extension, no custom
 * XML, no defined name), no key, no setting. The workbook it was copied from, calculated the same way,
 * shows #NAME? where its CLIMATE cells are: what the copy is for.
 */
import { HyperFormula } from 'hyperformula';
import { planCopy } from '../../../src/taskpane/copy/copyPlan';
import { xlsxFile } from '../../../src/taskpane/copy/xlsxFile';
import { COPY_INPUT, FORMULA_SHEET } from './copyFixture';
import { calculatedWithoutAddin, readXlsx } from './xlsxReading';

/** A PNG's first bytes stand in for the logo: the file carries them as they are. */
const LOGO = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const plan = planCopy(COPY_INPUT)!;
const bytes = Buffer.from(xlsxFile(plan, LOGO));
const book = readXlsx(bytes);
const shown = calculatedWithoutAddin(book);

test('the file holds the workbook, its sheets, styles and the logo: no part of the add-in', () => {
  expect([...book.entries.keys()].sort()).toEqual(
    [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/drawings/_rels/drawing1.xml.rels',
      'xl/drawings/_rels/drawing2.xml.rels',
      'xl/drawings/_rels/drawing3.xml.rels',
      'xl/drawings/drawing1.xml',
      'xl/drawings/drawing2.xml',
      'xl/drawings/drawing3.xml',
      'xl/media/logo.png',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/_rels/sheet1.xml.rels',
      'xl/worksheets/_rels/sheet2.xml.rels',
      'xl/worksheets/_rels/sheet3.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet3.xml',
    ].sort(),
  );
  const text = bytes.toString('latin1');
  expect(text).not.toMatch(/webextension|customXml|definedName|climate\.(apiKey|project|accepted|summary)/i);
  expect(Buffer.compare(book.entries.get('xl/media/logo.png')!, Buffer.from(LOGO))).toBe(0);
  expect(book.sheets.map((sheet) => sheet.name)).toEqual(['About this copy', 'Q3 suppliers', 'Cards']);
});

test('every value shows, and no cell shows #NAME? or holds a formula that needs the add-in', () => {
  for (const sheet of book.sheets) {
    for (const cell of sheet.cells) {
      expect(cell.formula ?? '').not.toMatch(/CLIMATE\.|_xldudf_|\b[A-Z]+\d+\.[[A-Za-z]/i);
      expect(shown.get(sheet.name)!.get(cell.ref)).not.toBe('#NAME?');
    }
  }
  const q3 = shown.get('Q3 suppliers')!;
  expect([q3.get('C3'), q3.get('D3'), q3.get('E3'), q3.get('C4'), q3.get('E6')]).toEqual([
    67.3,
    true,
    'accepted',
    41.5,
    'identifier',
  ]);
  expect([q3.get('C5'), q3.get('C6')]).toEqual(['#N/A', '#N/A']);
  const cards = shown.get('Cards')!;
  expect([cards.get('B3'), cards.get('C3'), cards.get('B4'), cards.get('C5')]).toEqual([
    'Delta Foods plc',
    58.2,
    'Evil Corp',
    3,
  ]);
});

test('formulas kept calculate on the copied values', () => {
  const q3 = shown.get('Q3 suppliers')!;
  expect(q3.get('B7')).toBe(280);
  expect(q3.get('C7')).toBeCloseTo(54.4, 6); // AVERAGE of the two copied scores
  expect(q3.get('D7')).toBe(1);
  expect(q3.get('E7')).toBe('Acme Steel'); // TAKE's value, not TAKE
});

test('the source line with its logo, and each row’s profile link, are in the file', () => {
  for (const sheet of book.sheets) {
    const source = sheet.cells.find((cell) =>
      /^=HYPERLINK\("https:\/\/ditchcarbon\.com","Climate data by/.test(cell.formula ?? ''),
    );
    expect(source).toBeDefined();
    expect(shown.get(sheet.name)!.get(source!.ref)).toBe('Climate data by DitchCarbon');
    expect(sheet.pictures).toEqual([{ row: source!.row, column: source!.column - 1, name: 'DitchCarbon logo' }]);
  }
  const links = book.sheets.flatMap((sheet) =>
    sheet.cells.flatMap((cell) => {
      const link = /^=HYPERLINK\("(https:\/\/ditchcarbon\.com\/organizations\/[^"]*(?:""[^"]*)*)",/.exec(
        cell.formula ?? '',
      );
      return link ? [`${sheet.name}!${cell.ref}`] : [];
    }),
  );
  expect(links.sort()).toEqual(['Cards!B3', 'Cards!D3', 'Q3 suppliers!F3', 'Q3 suppliers!F4', 'Q3 suppliers!F6']);
  expect(shown.get('Q3 suppliers')!.get('F3')).toBe('Profile');
});

test('the workbook it was copied from shows #NAME? there, where its CLIMATE cells are', () => {
  const hf = HyperFormula.buildFromSheets({ sheet: FORMULA_SHEET.formulas }, { licenseKey: 'gpl-v3' });
  const value = hf.getCellValue({ sheet: 0, row: 2, col: 2 });
  expect(typeof value === 'object' && value !== null && 'value' in value ? value.value : value).toBe('#NAME?');
  hf.destroy();
});

test('a cell keeps its number format: its style names the format code the sheet gave it', () => {
  const styles = book.entries.get('xl/styles.xml')!.toString('utf8');
  const codes = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map(([, id, code]) => [id, code]),
  );
  const xfs = [...styles.split('<cellXfs')[1].matchAll(/<xf numFmtId="(\d+)"/g)].map(([, id]) => id);
  const sheet = readXlsx(bytes).sheets[1];
  const codeOf = (ref: string) => {
    const xml = book.entries.get('xl/worksheets/sheet2.xml')!.toString('utf8');
    const style = new RegExp(`<c r="${ref}"(?: s="(\\d+)")?`).exec(xml)?.[1] ?? '0';
    return codes.get(xfs[Number(style)]) ?? 'General';
  };
  expect(sheet.name).toBe('Q3 suppliers');
  expect([codeOf('B3'), codeOf('B7'), codeOf('C3'), codeOf('A3')]).toEqual([
    '#,##0 &quot;€&quot;',
    '#,##0 &quot;€&quot;',
    '0.0',
    'General',
  ]);
});
