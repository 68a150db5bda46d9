const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A size for people: '0 B', '512 B' (whole bytes), then KB, MB, GB in powers of 1024 with one decimal
 * ('1.5 KB', '2.0 MB', '1.0 GB'). A value that would round to 1024.0 moves up a unit
 * (1,048,575 B → '1.0 MB', not '1024.0 KB'). Sizes past 1024 GB stay in GB. Fractions of a byte are
 * rounded; a negative or non-finite size (a server bug) shows '—' rather than a wrong number.
 * With `locale`, the number is written as that locale writes it ('1,5 MB' in Vietnamese).
 */
export function formatSize(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const whole = Math.round(bytes);
  const number = (value: number, digits: number) =>
    locale ? value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }) : value.toFixed(digits);
  if (whole < 1024) return `${number(whole, 0)} B`;
  let value = whole;
  for (const [index, unit] of UNITS.entries()) {
    value /= 1024;
    const rounded = Math.round(value * 10) / 10;
    if (rounded < 1024 || index === UNITS.length - 1) return `${number(rounded, 1)} ${unit}`;
  }
  return `${whole} B`; // Unreachable: the loop returns at GB.
}
