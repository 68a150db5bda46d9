import * as v from 'valibot';

/**
 * A file's activity log (docs/api.md, Activity): GET /api/files/{id}/activity's entries and page. The
 * kit reads it (the editor's activity card, the conflict dialogs); the server writes the entries and
 * derives its JSON schemas from here. The keys are in the order the server writes them.
 */

/**
 * Where a change came from: a request (`X-VP-Source`), an account's API key (`key`: the actor is the
 * key's name, decision D55), or the server's own trash retention or schedules (D56).
 */
export const ACTIVITY_SOURCES = ['panel', 'api', 'pipeline', 'cli', 'retention', 'key', 'schedule'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/**
 * `create`: the file was added (`detail.via`: how its video came); `complete` and `fail`: its processing
 * ended (`fail` with `detail.reason`); `subtitle_edit`: a text saved in the cue editor;
 * `subtitle_version_restore`: an earlier text saved again (D38); `schedule_activate` and
 * `schedule_deactivate`: a file's schedule ran (`detail.due_at`, `detail.isActive` before → after; D56);
 * `poster_set`: the operator chose the poster (`detail.from`: `time` with `detail.time`, or `image` with
 * `detail.format`), `poster_reset`: back to the automatic one (D65).
 * `chapters_add`, `chapters_edit` and `chapters_trash`: its chapters track (`detail.sub_id`, `detail.chapters`: how many; D66).
 * `downloads_fail`: its downloads (D67) could not be made, after the job's retries (`detail.reason`; source `pipeline`).
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'complete',
  'fail',
  'update',
  'trash',
  'restore',
  'purge',
  'subtitle_add',
  'subtitle_update',
  'subtitle_trash',
  'subtitle_restore',
  'subtitle_purge',
  'subtitle_edit',
  'subtitle_version_restore',
  'schedule_activate',
  'schedule_deactivate',
  'poster_set',
  'poster_reset',
  'chapters_add',
  'chapters_edit',
  'chapters_trash',
  'downloads_fail',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const activityEntrySchema = v.object({
  activity_id: v.pipe(v.number(), v.integer()),
  /** ISO-8601. */
  at: v.string(),
  /** The account that made the change, or the API key's name (source `key`), or the worker that processed the file, or 'retention'. */
  actor: v.string(),
  /** One of ACTIVITY_SOURCES; any text to a reader (a newer server may add some). */
  source: v.string(),
  /** One of ACTIVITY_ACTIONS; any text to a reader (a newer server may add some). */
  action: v.string(),
  /** Depends on the action (docs/api.md). */
  detail: v.record(v.string(), v.unknown()),
});
export type ActivityEntryJson = v.InferOutput<typeof activityEntrySchema>;

/** A page of the log, newest first. */
export const activityPageSchema = v.object({
  activity: v.array(activityEntrySchema),
  /** The file was deleted for good: its log stays readable by its account for a while. */
  purged: v.boolean(),
});
