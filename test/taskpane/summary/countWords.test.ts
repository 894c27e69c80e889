/**
 * The Climate summary sheet names its counts (scored, still profiling, not found, errors) with the
 * words Score a column's summary shows for the same rows (ROW_COUNT_LABELS), in every language: a
 * German analyst reads one word for one count in the pane and on the sheet.
 */
import { LANGUAGES } from '../../../src/i18n/languages';
import { setLanguage } from '../../../src/i18n/translate';
import { ROW_COUNT_LABELS } from '../../../src/taskpane/common/outcome';
import { cellA1 } from '../../../src/taskpane/sheet/a1';
import { planSummary, type SummaryFigure } from '../../../src/taskpane/summary/summaryPlan';
import { BLOCK } from './summaryFixture';

afterEach(() => setLanguage('en'));

test.each(LANGUAGES)('in %s, the sheet labels its counts as the pane does', (language) => {
  setLanguage(language);
  const plan = planSummary(BLOCK, { dynamicArrays: true, scoreMax: 100, builtOn: '2026-11-23', logo: true });
  const labelOf = (figure: SummaryFigure): unknown => {
    const address = plan.figures[figure];
    const label = plan.cells.find((cell) => cell.column === 0 && cellA1(cell.row, 1) === address);
    return label?.content;
  };
  expect([labelOf('scored'), labelOf('profiling'), labelOf('notFound'), labelOf('errors')]).toEqual([
    ROW_COUNT_LABELS.scored,
    ROW_COUNT_LABELS.profiling,
    ROW_COUNT_LABELS['no value'],
    ROW_COUNT_LABELS.error,
  ]);
});
