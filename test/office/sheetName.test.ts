/**
 * Sheet names: how a reference quotes them, and which names Excel takes for a new sheet (the summary
 * sheet's name is checked so before anything is written).
 */
import { sheetNameProblem, sheetPrefix, unquoteSheet } from '../../src/office/sheetName';

test('a reference quotes every name, apostrophes doubled, and reads it back', () => {
  expect(sheetPrefix("It's Q3")).toBe("'It''s Q3'!");
  expect(unquoteSheet("'It''s Q3'")).toBe("It's Q3");
  expect(unquoteSheet('Sheet1')).toBe('Sheet1');
});

test.each(['Climate summary', 'Q3 – KPIs (draft)', "Supplier's list", 'x'.repeat(31), 'Histories', 'My history'])(
  '%s names a sheet',
  (name) => {
    expect(sheetNameProblem(name)).toBeNull();
  },
);

test.each([
  ['x'.repeat(32), 'up to 31 characters'],
  ['Q3/Q4', 'without : \\ / ? * [ ]'],
  ['[draft]', 'without : \\ / ? * [ ]'],
  ["'quoted'", "leading or trailing '"],
  ['', 'up to 31 characters'],
  ['History', 'Excel keeps History for itself'],
  ['HISTORY', 'Excel keeps History for itself'],
])('%j is refused, saying why', (name, why) => {
  expect(sheetNameProblem(name)).toContain(why);
});
