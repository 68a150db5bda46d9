import * as v from 'valibot';
import type { ApiClient } from './client';

/**
 * The view stats (GET /api/files/{id}/stats, GET /api/stats; decision D54): totals, one entry per UTC
 * day of the range (days without views too), the top sites and the retention (the share of views that
 * reached each tenth). A module of its own: only the Audience card and the dashboard's views read them.
 */
const count = v.pipe(v.number(), v.minValue(0));
const statsEntries = {
  totals: v.object({ views: count, watch_seconds: count }),
  days: v.array(v.object({ date: v.string(), views: count, watch_seconds: count })),
  sites: v.array(v.object({ host: v.string(), views: count })),
  retention: v.array(v.number()),
};
export const fileStatsSchema = v.object(statsEntries);
export const accountStatsSchema = v.object({
  ...statsEntries,
  top_files: v.array(v.object({ file_id: v.number(), file_title: v.string(), views: count, watch_seconds: count })),
});
export type FileStats = v.InferOutput<typeof fileStatsSchema>;
export type AccountStats = v.InferOutput<typeof accountStatsSchema>;

/** A range of UTC days, YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` UTC days, today included (the server's days). */
export const lastDays = (days: number, now = Date.now()): DayRange => ({ from: dayOf(now - (days - 1) * DAY_MS), to: dayOf(now) });

export const getFileStats = (api: ApiClient, id: number, range: DayRange, signal?: AbortSignal) =>
  api.request(`files/${id}/stats`, fileStatsSchema, { searchParams: { ...range }, ...(signal ? { signal } : {}) });

export const getAccountStats = (api: ApiClient, range: DayRange, signal?: AbortSignal) =>
  api.request('stats', accountStatsSchema, { searchParams: { ...range }, ...(signal ? { signal } : {}) });

/** The CSV of a file's days (fileId) or the account's, and the name it is saved under. */
export function statsCsv(range: DayRange, fileId?: number): { path: string; filename: string } {
  const query = `?from=${range.from}&to=${range.to}`;
  return fileId === undefined
    ? { path: `stats.csv${query}`, filename: `views-${range.from}-${range.to}.csv` }
    : { path: `files/${fileId}/stats.csv${query}`, filename: `views-${fileId}-${range.from}-${range.to}.csv` };
}
