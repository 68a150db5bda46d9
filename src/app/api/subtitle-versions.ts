import * as v from 'valibot';
import type { ApiClient } from './client';
import { subtitleSchema } from './schemas';
import { ifMatch } from './versioned-write';

/** One version of a track's text (docs/api.md, D38): 1 is the upload, each save and restore the next. */
export const subtitleVersionSchema = v.object({
  version_no: v.pipe(v.number(), v.integer(), v.minValue(1)),
  kind: v.picklist(['upload', 'edit', 'restore']),
  size: v.pipe(v.number(), v.minValue(0)),
  created_at: v.string(),
  /** Who saved it; null for the upload. */
  actor: v.nullish(v.string()),
});
export type SubtitleVersion = v.InferOutput<typeof subtitleVersionSchema>;

/** GET /api/subs/{sub_id}/versions: newest first, the upload last. */
export const getSubtitleVersions = (api: ApiClient, subId: number, signal?: AbortSignal) =>
  api.request(`subs/${subId}/versions`, v.array(subtitleVersionSchema), signal ? { signal } : {});

/**
 * POST /api/subs/{sub_id}/versions/{n}/restore on the track's version: version n's text saved again as the
 * next version. 412 (with the track as it is now) when someone saved meanwhile.
 */
export const restoreSubtitleVersion = (api: ApiClient, subId: number, versionNo: number, trackVersion: number | null | undefined) =>
  api.request(`subs/${subId}/versions/${versionNo}/restore`, subtitleSchema, { method: 'post', headers: ifMatch(trackVersion) });

/** The path of version n's WebVTT text, and of the original upload's bytes exactly as uploaded. */
export const versionTextPath = (subId: number, versionNo: number) => `subs/${subId}/versions/${versionNo}/vtt`;
export const originalPath = (subId: number) => `subs/${subId}/content`;
