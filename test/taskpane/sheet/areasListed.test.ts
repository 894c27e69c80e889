/**
 * A message that names a selection's areas lists the first three the language's way and counts the
 * rest in words of that language: "A2:A3, A4:A5, A6:A7 and 2 more", "… und 2 weitere", "…、ほか 2 件".
 */
import type { Language } from '../../../src/i18n/languages';
import { setLanguage } from '../../../src/i18n/translate';
import { describeSelection } from '../../../src/taskpane/sheet/selectionModel';
import { snapshot } from './selectionSnapshot';

/** Twelve suppliers, each name merged over two rows: five merged areas in the names column. */
const SUPPLIERS = [['Supplier'], ...Array.from({ length: 10 }, (_, i) => [i % 2 === 0 ? `Supplier ${i}` : ''])];
const merged = Array.from({ length: 5 }, (_, i) => ({
  rowIndex: 1 + 2 * i,
  columnIndex: 0,
  rowCount: 2,
  columnCount: 1,
}));

function refusal(language: Language): string {
  setLanguage(language);
  const names = { ...snapshot({ rowIndex: 1, columnIndex: 0, rowCount: 10, columnCount: 1 }, SUPPLIERS), merged };
  try {
    describeSelection(names);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the merged names were not refused');
}

afterAll(() => setLanguage('en'));

test.each([
  ['en', '(A2:A3, A4:A5, A6:A7, and 2 more)'],
  ['de', '(A2:A3, A4:A5, A6:A7 und 2 weitere)'],
  ['fr', '(A2:A3, A4:A5, A6:A7 et 2 autres)'],
  ['ja', '(A2:A3、A4:A5、A6:A7、ほか 2 件)'],
] as const)('in %s the refusal names three merged areas and counts the other two', (language, areas) => {
  expect(refusal(language)).toContain(areas);
});

test('a selection with three areas or fewer names them all, with no count', () => {
  const three = merged.slice(0, 3);
  setLanguage('en');
  expect(() =>
    describeSelection({
      ...snapshot({ rowIndex: 1, columnIndex: 0, rowCount: 10, columnCount: 1 }, SUPPLIERS),
      merged: three,
    }),
  ).toThrow('(A2:A3, A4:A5, and A6:A7)');
});
