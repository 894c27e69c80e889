/**
 * The dates the pane writes for a person (the summary's "Built", the default of "Changes since") are
 * the local calendar day: checked on a fake clock in named time zones, never the machine's own.
 */
import { calendarDate } from '../../src/taskpane/common/calendarDate';
import { sinceDate } from '../../src/taskpane/reference/reference';

afterEach(() => jest.useRealTimers());

test('Los Angeles at 17:30: still today there, though UTC has moved on to tomorrow', () => {
  jest.useFakeTimers({ now: new Date('2026-03-05T01:30:00Z') });
  expect(calendarDate(new Date(), 0, 'America/Los_Angeles')).toBe('2026-03-04');
  expect(sinceDate(new Date(), 'America/Los_Angeles')).toBe('2025-03-04');
});

test('Berlin at 00:30: already today there, though UTC is still yesterday', () => {
  jest.useFakeTimers({ now: new Date('2026-03-04T23:30:00Z') });
  expect(calendarDate(new Date(), 0, 'Europe/Berlin')).toBe('2026-03-05');
  expect(sinceDate(new Date(), 'Europe/Berlin')).toBe('2025-03-05');
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
