import type { FileRow } from '../db/files';

// The rules of a file's schedule (decision D56): times written as ISO-8601 with their offset, in the
// future when set, and a deactivation after the activation when both are set.

export const SCHEDULE_NOT_A_TIME =
  'activate_at and deactivate_at are ISO-8601 date-times with a time zone (2026-12-01T09:00:00Z or 2026-12-01T16:00:00+07:00), or null';
export const SCHEDULE_IN_PAST = 'A schedule time must be in the future';
export const SCHEDULE_ORDER = 'deactivate_at must be after activate_at';

/** YYYY-MM-DDTHH:MM[:SS[.fraction]] and Z or ±HH:MM: an instant, never a local time a server would guess the zone of. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** Whether the written date and time exist (Date.parse reads February 30 as March 2). */
function exists([, y, mo, d, h, mi, sec = '0', zh = '0', zm = '0']: RegExpExecArray): boolean {
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    day.getUTCMonth() === Number(mo) - 1 &&
    day.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(sec) < 60 &&
    Number(zh) < 24 &&
    Number(zm) < 60
  );
}

/** The instant (ms) a schedule field names, null to clear it, undefined when absent; 'invalid' when it is no instant. */
export function scheduleTime(value: string | null | undefined): number | null | undefined | 'invalid' {
  if (value === undefined || value === null) return value;
  const parts = ISO_INSTANT.exec(value);
  const ms = parts && exists(parts) ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : 'invalid';
}

export interface ScheduleChange {
  activate_at?: number | null | undefined;
  deactivate_at?: number | null | undefined;
}

/**
 * Why a schedule change is refused, checked against the file as it is (its row locked), or null: a
 * time it sets must be after `now`, and the deactivation, once both are known, after the activation.
 */
export function scheduleProblem(row: Pick<FileRow, 'activate_at' | 'deactivate_at'>, change: ScheduleChange, now: number): string | null {
  for (const key of ['activate_at', 'deactivate_at'] as const) {
    const value = change[key];
    if (typeof value === 'number' && value !== row[key] && value <= now) return SCHEDULE_IN_PAST;
  }
  const activate = change.activate_at === undefined ? row.activate_at : change.activate_at;
  const deactivate = change.deactivate_at === undefined ? row.deactivate_at : change.deactivate_at;
  return activate !== null && deactivate !== null && deactivate <= activate ? SCHEDULE_ORDER : null;
}
