// The size format is shared with the server's messages (e.g. the storage quota).
export { formatSize } from '../../contract/format-size';

/**
 * Reads a server date. "2024-05-01 12:00:00" (SQL style, no zone) is read as UTC — SQLite's
 * CURRENT_TIMESTAMP is UTC — and with a "T" because Safari refuses the space-separated form.
 */
export function parseServerDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const sql = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  return new Date(sql ? `${sql[1]}T${sql[2]}Z` : value);
}

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;

const relative = new Map<string, Intl.RelativeTimeFormat>();
/** '3 hours ago' in the locale's words (Intl.RelativeTimeFormat): English's are those of docs/spec.md §9. */
function ago(n: number, unit: Intl.RelativeTimeFormatUnit, locale: string): string {
  let format = relative.get(locale);
  if (!format) relative.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  return format.format(-n, unit);
}

/**
 * Relative age: 'Just now' under an hour, then whole hours as docs/spec.md §9 words them ('1 hour ago',
 * 'N hours ago', floored), and from one day on the unit grows with the age — days, then months
 * (30 days) from 30 days, then years (365 days) — so an old track never reads '9600 hours ago'.
 * A date in the future — the server's clock a little ahead of the browser's — is 'Just now' too.
 * An unreadable date gives ''. `justNow` is the first step's text in the element's language.
 */
export function formatAge(createdAt: string | Date, now: Date = new Date(), locale = 'en', justNow = 'Just now'): string {
  const time = parseServerDate(createdAt).getTime();
  if (Number.isNaN(time)) return '';
  const hours = Math.floor((now.getTime() - time) / HOUR_MS);
  if (hours < 1) return justNow;
  if (hours < DAY_HOURS) return ago(hours, 'hour', locale);
  const days = Math.floor(hours / DAY_HOURS);
  if (days < 30) return ago(days, 'day', locale);
  if (days < 365) return ago(Math.floor(days / 30), 'month', locale);
  return ago(Math.floor(days / 365), 'year', locale);
}

/**
 * Date and time in the user's locale (or `locale`), e.g. 'May 1, 2024, 2:00 PM' in en-US.
 * An unreadable date is returned as given rather than as 'Invalid Date'.
 */
export function formatDateTime(iso: string | Date, locale?: string | string[]): string {
  const date = parseServerDate(iso);
  if (Number.isNaN(date.getTime())) return typeof iso === 'string' ? iso : '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A day (the UTC day of `iso`, as the server keeps a key's last use and expiry), e.g. 'Nov 28, 2026' in en-US. */
export function formatDay(iso: string, locale?: string | string[]): string {
  const date = parseServerDate(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
