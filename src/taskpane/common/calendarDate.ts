/**
 * Dates the pane writes for a person to read (the summary's "Built", the default of "Changes since"):
 * the calendar day in the computer's own time zone, as the analyst reads it. The UTC date is a day
 * off for hours every evening west of Greenwich and every night east of it.
 */

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
