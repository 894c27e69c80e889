/**
 * The dates the pane writes for a person (the summary's "Built", the default of "Changes since" when the workbook records no refresh) are
 * the local calendar day: checked on a fake clock in named time zones, never the machine's own. And a
 * day as a person types it ("Changes since"), sent as YYYY-MM-DD or refused before anything is asked.
 */
import { calendarDate, readDate } from '../../../src/taskpane/common/calendarDate';
import { setLanguage } from '../../../src/i18n/translate';

afterEach(() => jest.useRealTimers());

test('Los Angeles at 17:30: still today there, though UTC has moved on to tomorrow', () => {
  jest.useFakeTimers({ now: new Date('2026-03-05T01:30:00Z') });
  expect(calendarDate(new Date(), 0, 'America/Los_Angeles')).toBe('2026-03-04');
});

test('Berlin at 00:30: already today there, though UTC is still yesterday', () => {
  jest.useFakeTimers({ now: new Date('2026-03-04T23:30:00Z') });
  expect(calendarDate(new Date(), 0, 'Europe/Berlin')).toBe('2026-03-05');
});

test('by default, the computer’s own zone: the date its clock shows', () => {
  jest.useFakeTimers({ now: new Date(2026, 2, 4, 23, 59) }); // 23:59 on 4 March, local time
  expect(calendarDate()).toBe('2026-03-04');
});

test('days before are counted on the calendar, across a month, a year and summer time', () => {
  const afterSpringForward = new Date('2026-03-30T00:30:00+02:00');
  expect(calendarDate(afterSpringForward, 1, 'Europe/Berlin')).toBe('2026-03-29');
  expect(calendarDate(afterSpringForward, 30, 'Europe/Berlin')).toBe('2026-02-28');
  expect(calendarDate(new Date('2026-01-01T00:30:00+01:00'), 1, 'Europe/Berlin')).toBe('2025-12-31');
});

test.each([
  ['ISO', '2026-01-31', '2026-01-31'],
  ['ISO without leading zeros, with slashes', '2026/1/5', '2026-01-05'],
  ['day.month.year, as much of Europe writes it', '31.1.2026', '2026-01-31'],
  ['day/month/year when the day is past 12', '31/01/2026', '2026-01-31'],
  ['month/day/year when the day is past 12', '01/31/2026', '2026-01-31'],
  ['slashes either order reads the same', '05/05/2026', '2026-05-05'],
  ['spaces around it', ' 2026-11-29 ', '2026-11-29'],
])('%s: %s is %s', (_label, typed, iso) => {
  expect(readDate(typed)).toBe(iso);
});

test.each([
  [
    'slashes either order could read',
    '03/04/2026',
    '03/04/2026 could be March 4, 2026 or April 3, 2026: write it as 2026-03-04 or 2026-04-03.',
  ],
  ['a day no calendar has', '2026-02-30', '"2026-02-30" is not a date: write it as YYYY-MM-DD, such as 2026-01-31.'],
  ['a thirteenth month', '31.13.2026', '"31.13.2026" is not a date: write it as YYYY-MM-DD, such as 2026-01-31.'],
  ['words', 'last week', '"last week" is not a date: write it as YYYY-MM-DD, such as 2026-01-31.'],
  ['a two-digit year', '31.1.26', '"31.1.26" is not a date: write it as YYYY-MM-DD, such as 2026-01-31.'],
])('%s (%s) is refused, saying what to write', (_label, typed, message) => {
  expect(() => readDate(typed)).toThrow(message);
});

test.each([
  ['de', '03/04/2026 kann 4. März 2026 oder 3. April 2026 sein: Schreiben Sie 2026-03-04 oder 2026-04-03.'],
  ['ja', '「last week」は日付ではありません。2026-01-31 のように YYYY-MM-DD の形で入力してください。'],
] as const)('in %s, the refusal is in the pane’s language, the months named its way', (language, message) => {
  setLanguage(language);
  try {
    expect(() => readDate(language === 'de' ? '03/04/2026' : 'last week')).toThrow(message);
  } finally {
    setLanguage('en');
  }
});
