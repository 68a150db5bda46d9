import * as v from 'valibot';
import { activityEntrySchema } from '../../contract/activity';
import type { ApiClient } from './client';

/**
 * One entry of a file's activity log (src/contract/activity.ts): `detail` depends on the action, read by
 * the card. An action or source newer than this kit is still an entry. A module of its own: only the
 * editor's activity card and conflict dialog read the log.
 */
export const activitySchema = activityEntrySchema;
export type ActivityEntry = v.InferOutput<typeof activitySchema>;

/** GET /api/files/{id}/activity — newest first, a page of `limit` before the entry `before`. */
export const getFileActivity = (api: ApiClient, id: number, limit: number, before?: number, signal?: AbortSignal) =>
  api.request(`files/${id}/activity`, v.object({ activity: v.array(activitySchema) }), {
    searchParams: { limit, ...(before ? { before } : {}) },
    ...(signal ? { signal } : {}),
  });
