import { formatVttTime } from '../../../subtitle-text/vtt-document';

/** A time as the editor shows it: `mm:ss.ttt`, with hours from an hour on. */
export const showTime = (ms: number): string => formatVttTime(Math.max(0, Math.round(ms)), false);

/**
 * A time the operator typed, in milliseconds, or null: `[[h:]m:]s[.t]` — `1:02.5` is 62.5 s,
 * `75` is 75 s, `01:00:00.000` an hour. Minutes and seconds after a colon stay below 60.
 */
export function parseTime(typed: string): number | null {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+)(?:[.,](\d{1,3}))?\s*$/.exec(typed);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  if (minutes !== undefined && (Number(minutes) > 59 || Number(seconds) > 59)) return null;
  if (hours !== undefined && Number(minutes) > 59) return null;
  const ms = Number((fraction ?? '').padEnd(3, '0'));
  return ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds)) * 1000 + ms;
}
