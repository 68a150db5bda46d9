import { accountStatsSchema, viewStatsSchema } from '../../contract/view-stats';
import type { ApiClient } from './client';

/** `YYYY-MM-DD` of the UTC day `days - 1` before today, and today: the last `days` days. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(now - (days - 1) * 86_400_000), to: day(now) };
}

/** GET /api/files/{id}/stats — a file's views, watch time, sites and retention per UTC day. A module of its own: only the Audience card reads it. */
export const getFileStats = (api: ApiClient, id: number, range: { from: string; to: string }, signal?: AbortSignal) =>
  api.request(`files/${id}/stats`, viewStatsSchema, { searchParams: range, ...(signal ? { signal } : {}) });

/** GET /api/stats — the account's totals and its top files (the dashboard). */
export const getAccountStats = (api: ApiClient, range: { from: string; to: string }, signal?: AbortSignal) =>
  api.request('stats', accountStatsSchema, { searchParams: range, ...(signal ? { signal } : {}) });
