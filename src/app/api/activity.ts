import * as v from 'valibot';
import type { ApiClient } from './client';

/**
 * One entry of a file's activity log (docs/api.md, Activity): `detail` depends on the action, read by
 * the card. A module of its own: only the editor's activity card and conflict dialog read the log.
 */
export const activitySchema = v.object({
  activity_id: v.pipe(v.number(), v.integer()),
  at: v.string(),
  actor: v.string(),
  source: v.string(),
  action: v.string(),
  detail: v.record(v.string(), v.unknown()),
});
export type ActivityEntry = v.InferOutput<typeof activitySchema>;

/** GET /api/files/{id}/activity — newest first, a page of `limit` before the entry `before`. */
export const getFileActivity = (api: ApiClient, id: number, limit: number, before?: number, signal?: AbortSignal) =>
  api.request(`files/${id}/activity`, v.object({ activity: v.array(activitySchema) }), {
    searchParams: { limit, ...(before ? { before } : {}) },
    ...(signal ? { signal } : {}),
  });
