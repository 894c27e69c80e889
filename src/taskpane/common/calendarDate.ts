/**
 * Dates the pane writes for a person to read (the summary's "Built", the default of "Changes since"):
 * the calendar day in the computer's own time zone, as the analyst reads it. The UTC date is a day
 * off for hours every evening west of Greenwich and every night east of it.
 */
import { currentLanguage, t } from '../../i18n/translate';

/**
 * The calendar date `daysBefore` days before `when` (default: now) in `timeZone` (default: this
 * computer's), as YYYY-MM-DD.
 */
export function calendarDate(when: Date = new Date(), daysBefore = 0, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone })
    .formatToParts(when)
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  // Counted on the calendar, not in 24-hour spans: a change to or from summer time moves no date.
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day - daysBefore)).toISOString().slice(0, 10);
}

/**
 * A day as a person types it, as YYYY-MM-DD: ISO (`2026-01-31`, `2026/1/31`), day.month.year as much of
 * Europe writes it (`31.1.2026`), or with slashes when only one order makes a date (`31/01/2026`,
 * `01/31/2026`). Slashes either order could read (`03/04/2026`) are refused, naming both days; so is
 * anything that names no day of the calendar.
 */
export function readDate(text: string): string {
  const typed = text.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(typed);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(typed);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed);
  let day: [number, number, number] | null = null; // year, month, day
  if (iso) day = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dotted) day = [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
  else if (slashed) {
    const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
    if (first <= 12 && second <= 12 && first !== second) {
      const [a, b] = [isoDay(year, first, second), isoDay(year, second, first)];
      throw new Error(
        t('common.date.ambiguous', {
          typed,
          first: spoken(a),
          second: spoken(b),
          firstIso: a ?? '',
          secondIso: b ?? '',
        }),
      );
    }
    day = first > 12 ? [year, second, first] : [year, first, second];
  }
  const found = day === null ? null : isoDay(...day);
  if (found === null) throw new Error(t('common.date.invalid', { typed }));
  return found;
}

/** YYYY-MM-DD of a day of the calendar, or null when there is no such day (31 April). */
export function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1000 ? date.toISOString().slice(0, 10) : null;
}

/** `2026-04-03` -> `April 3, 2026`, `3. April 2026`, `2026年4月3日`: the month named, in the pane's language. */
const spoken = (iso: string | null): string =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
