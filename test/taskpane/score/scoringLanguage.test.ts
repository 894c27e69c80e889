/**
 * Score a column in the person's language: the headers it writes, the profile link's words and its
 * refusals are German when the pane speaks German and Japanese when it speaks Japanese, while every
 * formula, the source line and the initiatives' names are the same as in English (Range.formulas is
 * English; the source line is the provider's own words, by which the pane finds it again).
 */
import type { Language } from '../../../src/i18n/languages';
import { setLanguage } from '../../../src/i18n/translate';
import { planColumnScoring } from '../../../src/taskpane/score/scoringPlan';
import { progressText } from '../../../src/taskpane/score/scoringRun';
import { emptySummary } from '../../../src/taskpane/score/scoringProgress';
import type { ColumnSelection } from '../../../src/taskpane/sheet/selectionModel';

const selection: ColumnSelection = {
  nameColumn: 0,
  websiteColumn: null,
  countryColumn: null,
  firstDataRow: 2,
  names: ['Acme Corp', 'Globex', 'Initech'],
  firstFreeColumn: 3,
};

const planIn = (language: Language) => {
  setLanguage(language);
  return planColumnScoring(selection, {
    outputs: ['score', 'match', 'flag:sbti', 'profile:industry_rank'],
    linkRequired: true,
    logo: true,
  });
};

afterEach(() => setLanguage('en'));

test('the headers and the link words follow the language; the formulas and the source line do not', () => {
  const english = planIn('en');
  const german = planIn('de');
  const japanese = planIn('ja');
  expect(english.headers).toEqual(['Climate score', 'Match', 'SBTi', 'Industry rank', 'Profile']);
  expect(german.headers).toEqual(['Klima-Score', 'Zuordnung', 'SBTi', 'Rang in der Branche', 'Profil']);
  expect(japanese.headers).toEqual(['気候スコア', '照合', 'SBTi', '業界内順位', 'プロファイル']);
  // The same calls in every language; only the words a person reads in the link cell differ.
  const withoutLinkWords = (formulas: string[][]) =>
    formulas.map((row) => row.map((formula) => formula.replace(/,"[^"]*"\)$/, ',…)')));
  expect(withoutLinkWords(german.formulas)).toEqual(withoutLinkWords(english.formulas));
  expect(withoutLinkWords(japanese.formulas)).toEqual(withoutLinkWords(english.formulas));
  expect(german.formulas[0].at(-1)).toBe('=HYPERLINK(CLIMATE.LINK($A3),"Profil")');
  expect(german.formulas[0][0]).toBe('=CLIMATE.SCORE($A3)');
  expect(german.attribution).toEqual(english.attribution);
});

test('a refusal is said in the language', () => {
  setLanguage('de');
  expect(() => planColumnScoring(selection, { outputs: [], linkRequired: false, logo: false })).toThrow(
    'Wählen Sie mindestens eine Ausgabe zum Schreiben.',
  );
  setLanguage('fr');
  expect(() =>
    planColumnScoring({ ...selection, names: ['', 'N/A'] }, { outputs: ['score'], linkRequired: false, logo: false }),
  ).toThrow('Chaque cellule de fournisseur sélectionnée est vide');
});

test('the progress line counts in the language, numbers written its way', () => {
  const summary = { ...emptySummary(1234), settled: 1200 };
  expect(progressText(summary)).toBe('1,200 of 1,234 rows settled');
  setLanguage('de');
  expect(progressText(summary)).toBe('1.200 von 1.234 Zeilen abgeschlossen');
  setLanguage('ja');
  expect(progressText(summary)).toBe('1,234 行中 1,200 行が完了');
  setLanguage('en');
  expect(progressText({ ...emptySummary(1), settled: 1 })).toBe('1 of 1 row settled');
});
