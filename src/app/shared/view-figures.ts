/**
 * How the view stats read in the element's locale (issue 41): watch time in the largest unit that
 * keeps it readable, days as the server counts them (UTC), shares as percentages.
 */

/** Watch time: seconds under a minute, minutes under an hour, then hours with one decimal. */
export function formatWatchTime(seconds: number, locale: string): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'hour' ? 1 : 0,
  }).format(value);
}

/** A UTC day (YYYY-MM-DD) as a short date: '28 Nov' / '28 thg 11'. */
export function formatShortDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** A range of UTC days (YYYY-MM-DD, both included) with the year, as Intl writes ranges: 'Nov 1 – 30, 2026' / '1 – 30 thg 11, 2026'. */
export function formatDayRange(range: { from: string; to: string }, locale: string): string {
  const [from, to] = [range.from, range.to].map((day) => new Date(`${day}T00:00:00Z`));
  if (Number.isNaN(from!.getTime()) || Number.isNaN(to!.getTime())) return `${range.from} – ${range.to}`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(from!, to!);
}

/** A share from 0 to 1 as a whole percentage. */
export const formatShare = (share: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
