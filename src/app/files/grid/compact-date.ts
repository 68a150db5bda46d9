/** Formatters are costly to build and a page shows up to 30 dates: one of each per locale. */
const formatters = new Map<string, { thisYear: Intl.DateTimeFormat; older: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

function formattersFor(locale: string | undefined) {
  const key = locale ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = {
      thisYear: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      older: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
    };
    formatters.set(key, found);
  }
  return found;
}

/** The short texts already made, per formatter and instant: a page of rows is often shown again (paging back, a live change). */
const shorts = new WeakMap<Intl.DateTimeFormat, Map<number, string>>();
function shortOf(format: ReturnType<typeof formattersFor>, date: Date, thisYear: boolean): string {
  const formatter = thisYear ? format.thisYear : format.older;
  let made = shorts.get(formatter);
  if (!made) shorts.set(formatter, (made = new Map()));
  let text = made.get(date.getTime());
  if (text === undefined) {
    if (made.size >= 2000) made.clear();
    made.set(date.getTime(), (text = formatter.format(date)));
  }
  return text;
}

/**
 * The local bounds of the year of `now`, kept while `now` stays in it: whether a date is of this year
 * is then two comparisons, not two time-zone look-ups per date (issue 44: a page formats 30 dates).
 */
let year = { from: 0, to: 0 };
function yearOf(now: number) {
  if (now < year.from || now >= year.to) {
    const y = new Date(now).getFullYear();
    year = { from: new Date(y, 0, 1).getTime(), to: new Date(y + 1, 0, 1).getTime() };
  }
  return year;
}

/**
 * Dates for the list, short enough for a narrow column: this year's dates without the year and with
 * the time ('Mar 4, 14:05'), older ones with the year and no time ('Mar 4, 2025'). `full` is the
 * complete date and time, for a tooltip, formatted when read: the grid's Created column reads only
 * `short`, for every row of each page. SQL-style dates without a zone are UTC (SQLite's clock).
 */
export function compactDate(value: string, now: Date = new Date(), locale?: string): { short: string; full: string } {
  const sql = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  const date = new Date(sql ? `${sql[1]}T${sql[2]}Z` : value);
  if (Number.isNaN(date.getTime())) return { short: value, full: value };
  const format = formattersFor(locale);
  const { from, to } = yearOf(now.getTime());
  const short = shortOf(format, date, date.getTime() >= from && date.getTime() < to);
  return {
    short,
    get full() {
      return format.full.format(date);
    },
  };
}
