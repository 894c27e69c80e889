/**
 * Share a copy's plan (src/taskpane/copy/copyPlan.ts), pure: which sheets are copied, what each CLIMATE
 * cell becomes (its value; a card its matched name; a link a plain HYPERLINK to a checked https link,
 * never a hostile one), which other formulas stay formulas, where the logo goes, and the note first.
 */
import { planCopy, type CopyCell, type CopySheet } from '../../../src/taskpane/copy/copyPlan';
import { portableFormula } from '../../../src/taskpane/copy/xlsxPortable';
import { COPY_INPUT, grid, PLAIN_SHEET } from './copyFixture';

const plan = planCopy(COPY_INPUT)!;
const sheet = (name: string): CopySheet => plan.sheets.find((s) => s.name === name)!;
const at = (name: string, ref: string): CopyCell | undefined => {
  const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(ref)!;
  return sheet(name).cells.find(
    (cell) => cell.row === Number(digits) - 1 && cell.column === letters.charCodeAt(0) - 65,
  );
};
const formulas = (s: CopySheet) => s.cells.flatMap((cell) => ('formula' in cell ? [cell.formula] : []));

test('copies the sheets with CLIMATE cells, after a dated note, and leaves the others out', () => {
  expect(plan.copied).toEqual(['Q3 suppliers', 'Cards']);
  expect(plan.sheets.map((s) => s.name)).toEqual(['About this copy', 'Q3 suppliers', 'Cards']);
  const note = sheet('About this copy');
  const texts = note.cells.flatMap((cell) => ('value' in cell ? [String(cell.value)] : []));
  expect(texts).toContain('A snapshot of 2026-12-06, under the provider’s terms: not for redistribution as a dataset.');
  expect(texts).toContain('Sheets copied: Q3 suppliers, Cards');
  expect(formulas(note)).toEqual(['=HYPERLINK("https://ditchcarbon.com","Climate data by DitchCarbon")']);
  expect(note.logos).toEqual([{ row: 1, column: 0 }]);
});

test('no copied formula needs the add-in: no CLIMATE call, no _xldudf_, no field of a card', () => {
  for (const name of plan.copied) {
    for (const formula of formulas(sheet(name))) {
      expect(formula).not.toMatch(/CLIMATE\.|_xldudf_/i);
      expect(formula).not.toMatch(/[A-Z]+\d+\.(\[|[A-Za-z])/);
    }
  }
  expect(plan.values).toBe(4 * 4 + 3 * 2 + 2);
});

test('every CLIMATE cell shows its value; an error it showed is #N/A, not the add-in’s #BUSY! or #NAME?', () => {
  expect(at('Q3 suppliers', 'C3')).toMatchObject({ value: 67.3 });
  expect(at('Q3 suppliers', 'D3')).toMatchObject({ value: true });
  expect(at('Q3 suppliers', 'E4')).toMatchObject({ value: 'check' });
  expect(at('Q3 suppliers', 'C4')).toMatchObject({ value: 41.5 }); // inside IFERROR
  expect(at('Q3 suppliers', 'C5')).toMatchObject({ error: '#N/A' });
  expect(at('Q3 suppliers', 'C6')).toMatchObject({ error: '#N/A' }); // was #BUSY!
  expect(at('Q3 suppliers', 'D6')).toMatchObject({ error: '#N/A' }); // was #NAME?
  expect(at('Cards', 'C3')).toMatchObject({ value: 58.2 });
  expect(at('Cards', 'C5')).toMatchObject({ value: 3 });
});

test('profile links are plain HYPERLINK formulas to the checked https link; a hostile or http link gives none', () => {
  expect(at('Q3 suppliers', 'F3')).toMatchObject({
    formula: '=HYPERLINK("https://ditchcarbon.com/organizations/acme-steel","Profile")',
    shown: 'Profile',
  });
  // A quote in a link is doubled inside the formula's text, not an end of it.
  expect(at('Q3 suppliers', 'F6')).toMatchObject({
    formula: '=HYPERLINK("https://ditchcarbon.com/organizations/gamma?ref=""x""","Profile")',
  });
  expect(at('Q3 suppliers', 'F5')).toMatchObject({ error: '#N/A' }); // not found: no link
  // Cards: the card is its matched name, linked to its profile.
  expect(at('Cards', 'B3')).toMatchObject({
    formula: '=HYPERLINK("https://ditchcarbon.com/organizations/delta-foods","Delta Foods plc")',
    shown: 'Delta Foods plc',
  });
  expect(at('Cards', 'B4')).toMatchObject({ value: 'Evil Corp' });
  expect(at('Cards', 'D4')).toMatchObject({ error: '#N/A' });
  expect(at('Cards', 'B5')).toMatchObject({ value: 'Zeta Mining' });
  const everyFormula = plan.sheets.flatMap(formulas).join('\n');
  expect(everyFormula).not.toMatch(/javascript:|http:\/\//i);
});

test('a link longer than a formula text may be (255) is joined from pieces', () => {
  const long = `https://ditchcarbon.com/organizations/${'x'.repeat(400)}`;
  const wide = planCopy({ ...COPY_INPUT, organization: () => ({ name: 'Acme', link: long }) })!;
  const cell = wide.sheets[1].cells.find((c) => c.row === 2 && c.column === 5) as { formula: string };
  const pieces = [...cell.formula.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]);
  expect(pieces.slice(0, -1).join('')).toBe(long);
  expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(255);
});

test('other formulas stay when the copy can carry them, else they show their value', () => {
  expect(at('Q3 suppliers', 'B7')).toMatchObject({ formula: '=SUM(B3:B6)', shown: 280 });
  expect(at('Q3 suppliers', 'C7')).toMatchObject({ formula: '=AVERAGE(C3:C4)' });
  expect(at('Q3 suppliers', 'D7')).toMatchObject({ formula: '=COUNTIF(E3:E6,"accepted")' });
  expect(at('Q3 suppliers', 'E7')).toMatchObject({ value: 'Acme Steel' }); // TAKE: saved with _xlfn. in files
  expect(at('Q3 suppliers', 'F7')).toMatchObject({ value: 'see notes' }); // a sheet not copied
  expect(plan.kept).toBe(3 + 2); // and the two source lines
  expect(plan.frozen).toBe(2);
});

test.each([
  ['=SUM(B3:B6)', true],
  ['=IF(C3>50,"high","low")', true],
  ["='Q3 suppliers'!B3*2", true],
  ['=FILTER(A3:A6,C3:C6>50)', false],
  ['=XLOOKUP(A3,A3:A6,C3:C6)', false],
  ['=SUM(Suppliers[Spend])', false],
  ['=Spend*2', false],
  ['=B3:B6*2', false],
  ['=[Budget.xlsx]Sheet1!A1', false],
  ["='Other notes'!A1", false],
  ['=#REF!+1', false],
  ['=SUM("Other notes!A1")', true],
])('%s is carried as a formula: %s', (formula, portable) => {
  expect(portableFormula(formula, ['Q3 suppliers'])).toBe(portable);
});

test('the logo floats left of each source line, where the pane put it', () => {
  expect(sheet('Q3 suppliers').logos).toEqual([{ row: 0, column: 0 }]);
  expect(sheet('Cards').logos).toEqual([{ row: 0, column: 0 }]);
});

test('a workbook without CLIMATE cells has nothing to copy', () => {
  expect(planCopy({ ...COPY_INPUT, sheets: [PLAIN_SHEET] })).toBeNull();
});

test('the note’s sheet never takes the name of a copied sheet', () => {
  const clash = planCopy({ ...COPY_INPUT, note: (copied) => ({ sheet: 'q3 SUPPLIERS', title: 't', lines: copied }) })!;
  expect(clash.sheets[0].name).toBe('q3 SUPPLIERS (2)');
});

test('number formats travel with the cells (spend in euros, scores to one decimal); errors keep none', () => {
  expect(at('Q3 suppliers', 'B3')).toMatchObject({ value: 120, format: '#,##0 "€"' });
  expect(at('Q3 suppliers', 'B7')).toMatchObject({ formula: '=SUM(B3:B6)', format: '#,##0 "€"' });
  expect(at('Q3 suppliers', 'C3')).toMatchObject({ value: 67.3, format: '0.0' });
  expect(at('Q3 suppliers', 'C5')).not.toHaveProperty('format');
  expect(at('Q3 suppliers', 'A3')).not.toHaveProperty('format');
});

test('an error is told by its value type, not its text: a text like #1 stays text, a German or Spanish error is one', () => {
  const ranks = grid('Ranks', [
    ['Supplier', 'Score', 'Rank', 'Lookup'],
    ['Acme', ['=CLIMATE.SCORE(A2)', 67.3], ['=IF(B2>50,"#1","")', '#1'], ['=XLOOKUP(A2,A2:A3,B2:B3)', '#NV']],
    ['Beta', ['=CLIMATE.SCORE(A3)', '#¡VALOR!'], ['=IF(B3>50,"#1","")', '#¡VALOR!'], '#TODO'],
  ]);
  const copy = planCopy({ ...COPY_INPUT, sheets: [ranks] })!;
  const cell = (row: number, column: number) => copy.sheets[1].cells.find((c) => c.row === row && c.column === column);
  expect(cell(1, 2)).toMatchObject({ formula: '=IF(B2>50,"#1","")', shown: '#1' });
  expect(cell(2, 3)).toMatchObject({ value: '#TODO' });
  // Errors in the file are Excel 2007's English codes: one the file format lacks reads #N/A.
  expect(cell(1, 3)).toMatchObject({ error: '#N/A' });
  expect(cell(2, 1)).toMatchObject({ error: '#N/A' });
  expect(cell(2, 2)).toMatchObject({ formula: '=IF(B3>50,"#1","")', shown: { error: '#N/A' } });
});
