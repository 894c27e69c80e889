/**
 * The pane's rooms say nothing in English of their own: every sentence, label and word they show
 * comes from t() (src/i18n/messages), so a room that writes a status line, a button or an error as a
 * string literal fails here, by the rule of test/i18n/literalWords.ts (two words apart by a space, or
 * one capitalised word). The few literals that read like words but are names an API or the service
 * defines are listed below with what defines them.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isWords as wordsByRule, literals as literalsOf, sourceFiles, type Literal } from '../../i18n/literalWords';

const PANE = join(__dirname, '../../../src/taskpane');

/** The rooms whose words are all in src/i18n/messages, and the pane's entry files. */
const ROOMS = readdirSync(PANE).filter((name) => statSync(join(PANE, name)).isDirectory());
const ENTRY = ['app.ts', 'taskpane.ts', 'outsideExcel.ts', 'paneActions.ts'];

/** Files of the rooms that hold no words by their subject. */
const NOT_WORDS: Record<string, string> = {
  'ui/styles.ts': 'the style sheet (CSS text)',
  'copy/xlsxFile.ts': "the copy's file format (SpreadsheetML parts)",
  'copy/xlsxPortable.ts': 'the names of the worksheet functions every Excel calculates',
};

/** Literals that read like words but are names an API or the service defines, or a kind the code keys by. */
const CODE_NAMES: Record<string, string> = {
  Custom: 'Excel.ConditionalFormatType (common/reviewMark.ts)',
  Escape: 'KeyboardEvent.key (firstRun/firstRun.ts)',
  Yes: "the service's net_zero_committed value (reference/reference.ts)",
  'noopener noreferrer': "a link's rel (ui/view.ts)",
  'no value': 'a FailedRow kind other rooms key by (common/outcome.ts)',
  // SbtiOutcome kinds (reference/sheetSbtiChanges.ts), each shown through its sbti.label.* and sbti.outcome.* messages.
  'commitment removed': 'an SbtiOutcome kind',
  'targets expired': 'an SbtiOutcome kind',
  'not in the SBTi list': 'an SbtiOutcome kind',
  'targets set': 'an SbtiOutcome kind',
  // ChangeKind kinds (changes/rowChanges.ts), each shown through its changes.kind.* message.
  'matched another organization': 'a ChangeKind',
  'initiative lost': 'a ChangeKind',
  'initiative gained': 'a ChangeKind',
  'score moved': 'a ChangeKind',
  'rank changed': 'a ChangeKind',
  'profile finished': 'a ChangeKind',
  // The card's dot-field names, the same in every language (functions/results/entityFields.ts).
  Score: 'a card field name',
  Rank: 'a card field name',
  'Industry rank': 'a card field name',
  'Region rank': 'a card field name',
  Match: 'a card field name',
  Profile:
    "a card field's name (changes/rowChanges.ts); the copy's link label when the pane's own cannot be read (copy/copyPlan.ts)",
  'profile link': "the card's Profile link field, compared without case (copy/copyPlan.ts)",
  // Excel's enumerations.
  Double: 'Excel.RangeValueType (changes/shownRows.ts)',
  Boolean: 'Excel.RangeValueType',
  String: 'Excel.RangeValueType',
  Empty: 'Excel.RangeValueType',
  Error: 'Excel.RangeValueType',
  Richvalue: 'Excel.RangeValueType',
  All: 'Excel.ClearApplyTo',
  General: "Excel's General number format (copy/copyPlan.ts)",
  Down: 'Excel.InsertShiftDirection (score/scoreWriter.ts)',
  Columns: 'Excel.ChartSeriesBy (summary/summarySheet.ts)',
  Line: 'Excel.ChartType',
  Dash: 'Excel.ChartLineStyle',
  // Names the pane finds its own things by, the same in every language.
  'Climate changes': "the Changes sheet's name and fixed title, read back (changes/changesPlan.ts)",
  'Climate summary':
    "the summary sheet's default name, by which the ribbon's Summary finds it (summary/summaryPlan.ts)",
  'Climate summary: KPI history': "a chart's name the pane finds it by; its title is localized (summary/kpiPlan.ts)",
  'Climate summary: initiatives': "a chart's name (summary/summaryPlan.ts)",
  'Climate summary: score distribution': "a chart's name (summary/summaryPlan.ts)",
  // The review's row controls and focus targets (review/reviewView.ts: data-control, the same in every language; their words are review.control.*).
  'Go to row': 'a RowControl',
  Accept: 'a RowControl',
  Refine: 'a RowControl',
  Clear: 'a RowControl',
  'refine form': "the review's focus target (review/matchReview.ts)",
  'accepted with the file': 'a review row state, shown through review.state.* (review/reviewModel.ts)',
  'to review': 'a review filter value (review/reviewModel.ts)',
  // CSS classes and selectors.
  'grow stack tight': 'CSS classes (review/reviewView.ts)',
  'stack tight card': 'CSS classes',
  'form fluent-text-input': 'a CSS selector',
  // Errors only a bug can raise, never shown to a person: the pane checks the value before.
  'The score threshold is points >= 0': 'a RangeError for a caller passing a bad threshold (changes/rowChanges.ts)',
  'The organization card has no field for "{}".':
    'a bug: every output the card layout offers has a field (score/cardLayout.ts)',
};

const FILES = [...ROOMS.flatMap((room) => sourceFiles(join(PANE, room))), ...ENTRY.map((file) => join(PANE, file))]
  .map((path) => relative(PANE, path))
  .filter((file) => !(file in NOT_WORDS));

/** Words by the shared rule (test/i18n/literalWords.ts), unless a name the code uses. */
const isWords = (text: string): boolean => !Object.hasOwn(CODE_NAMES, text) && wordsByRule(text);
const literals = (file: string): Literal[] => literalsOf(join(PANE, file));

test('the rule tells words from the names code uses', () => {
  expect(['key refused', 'Remove', 'Not now', 'Saved.', '{} · no API key', 'Starting…'].map(isWords)).toEqual([
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  const names = ['success', 'fluent-button', 'aria-label', 'climate.pane.projects', 'connection.saved', 'ExcelApi'];
  expect([...names, '#{} ({})', 'M5.5 8.3l1.7 1.7', '0 0 16 16', 'Custom', 'Escape'].map(isWords)).toEqual(
    Array(11).fill(false),
  );
});

test('the rooms are read: each listed room has code, and literals are found in it', () => {
  for (const room of ROOMS) expect(FILES.some((file) => file.startsWith(`${room}/`))).toBe(true);
  expect(FILES.flatMap(literals).length).toBeGreaterThan(100);
});

test('no room writes words of its own: what a person reads comes from t()', () => {
  const written = FILES.flatMap((file) =>
    literals(file)
      .filter(({ text }) => isWords(text))
      .map(({ text, line }) => `${file}:${line}: ${text}`),
  );
  expect(written).toEqual([]);
});
