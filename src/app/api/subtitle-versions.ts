import * as v from 'valibot';
import { subtitleVersionSchema as versionContract } from '../../contract/subtitle-version';
import type { ApiClient } from './client';
import { subtitleSchema } from './schemas';
import { ifMatch } from './versioned-write';

/** One version of a track's text (src/contract/subtitle-version.ts); a server that does not name who saved leaves actor out. */
export const subtitleVersionSchema = v.object({ ...versionContract.entries, actor: v.nullish(v.string()) });
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
