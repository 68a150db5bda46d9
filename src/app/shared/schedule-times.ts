/**
 * A schedule's times between the server (ISO-8601 instants) and the editor's date-time inputs, which
 * read and write the operator's own time zone (`YYYY-MM-DDTHH:mm`, as `<input type="datetime-local">`).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The input's value for an instant, in this browser's time zone; '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant an input's value names in this browser's time zone (ISO-8601, UTC); null for an empty or unreadable one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value); // a date-time without an offset is local time (ECMAScript)
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The name of the operator's time zone (IANA, e.g. Asia/Ho_Chi_Minh), shown beside the inputs. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface ScheduleTimes {
  activate_at: string | null;
  deactivate_at: string | null;
}

/**
 * The times an editor's two inputs name, keeping a saved time whose input the operator left as shown: the
 * input shows minutes only, so a saved time with seconds (from the bulk dialog or the API) read back from
 * its untouched input would move up to 59 s earlier, or be refused as past when under a minute away.
 */
export function timesFromInputs(inputs: { activate: string; deactivate: string }, saved: ScheduleTimes): ScheduleTimes {
  const read = (value: string, stored: string | null) => (value === toLocalInput(stored) ? stored : fromLocalInput(value));
  return { activate_at: read(inputs.activate, saved.activate_at), deactivate_at: read(inputs.deactivate, saved.deactivate_at) };
}

/**
 * Why a schedule cannot be saved, as a key of SCHEDULE_TEXTS, or null; the server's rules: a time that
 * changes must be in the future, and the deactivation after the activation.
 */
export function scheduleError(times: ScheduleTimes, saved: ScheduleTimes, now: Date): 'inPast' | 'order' | null {
  for (const key of ['activate_at', 'deactivate_at'] as const) {
    const iso = times[key];
    if (iso !== null && iso !== saved[key] && Date.parse(iso) <= now.getTime()) return 'inPast';
  }
  const { activate_at: on, deactivate_at: off } = times;
  return on !== null && off !== null && Date.parse(off) <= Date.parse(on) ? 'order' : null;
}
