import * as v from 'valibot';

/**
 * A version of a subtitle track's text (docs/api.md, D38): GET /api/subs/{sub_id}/versions lists them.
 * The kit reads it (the versions dialog); the server derives its JSON schema from it. A module of its
 * own: only the kit's versions dialog, loaded when opened, reads it.
 */

/** How a version of a track's text came: the upload, a save of the cue editor, or an earlier version saved again. */
export const SUBTITLE_VERSION_KINDS = ['upload', 'edit', 'restore'] as const;

/** One version of a track's text (GET /api/subs/{sub_id}/versions, D38): 1 is the upload, each save the next. */
export const subtitleVersionSchema = v.object({
  version_no: v.pipe(v.number(), v.integer()),
  kind: v.picklist(SUBTITLE_VERSION_KINDS),
  /** Bytes stored (the upload: its original file). */
  size: v.pipe(v.number(), v.integer()),
  created_at: v.string(),
  /** Who saved it; null for the upload. */
  actor: v.nullable(v.string()),
});
export type SubtitleVersionJson = v.InferOutput<typeof subtitleVersionSchema>;
