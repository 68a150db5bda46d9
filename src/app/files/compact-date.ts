/**
 * Dates for the list, short enough for a narrow column: this year's dates without the year and with
 * the time ('Mar 4, 14:05'), older ones with the year and no time ('Mar 4, 2025'). `full` is the
 * complete date and time, for a tooltip. SQL-style dates without a zone are UTC (SQLite's clock).
 */
export function compactDate(value: string, now: Date = new Date(), locale?: string): { short: string; full: string } {
  const sql = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  const date = new Date(sql ? `${sql[1]}T${sql[2]}Z` : value);
  if (Number.isNaN(date.getTime())) return { short: value, full: value };
  const thisYear = date.getFullYear() === now.getFullYear();
  const short = new Intl.DateTimeFormat(locale, thisYear ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(date);
  return { short, full };
}
