import * as v from 'valibot';

/**
 * GET /api/files/{id}/stats and GET /api/stats's data (docs/api.md, View analytics): what the kit's
 * Audience card and dashboard read. Days are UTC (`YYYY-MM-DD`); watch time is in seconds.
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const viewStatsSchema = v.object({
  totals: v.object({ views: count, watch_seconds: v.number(), sessions: count }),
  days: v.array(v.object({ date: v.string(), views: count, watch_seconds: v.number() })),
  sites: v.array(v.object({ host: v.string(), views: count })),
  countries: v.array(v.object({ country: v.string(), views: count })),
  /** The share of views that reached each tenth of the video (0 %, 10 %, … 90 %). */
  retention: v.array(v.number()),
});

export const accountStatsSchema = v.object({
  ...viewStatsSchema.entries,
  top_files: v.array(v.object({ file_id: count, file_title: v.string(), views: count, watch_seconds: v.number() })),
});

export type ViewStats = v.InferOutput<typeof viewStatsSchema>;
export type AccountStats = v.InferOutput<typeof accountStatsSchema>;
