import * as v from 'valibot';

/**
 * A bulk job as GET /api/jobs/{id}, POST /api/files/bulk and the file stream's `event: job` send it, and
 * the page of its per-file results (docs/api.md, Bulk jobs). The kit reads it (the list's bulk bar); the
 * server derives its JSON schemas from here. The keys are in the order the server writes them.
 */

/**
 * What a bulk job does to each of its files (the same change as the single-file routes):
 * `set_player_access` and `set_schedule` write the request's value (PUT /api/files/{id}'s fields), and
 * `revert`, only ever an undo's, writes back each file's value from before the job it undoes (D63).
 */
export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'delete',
  'restore',
  'purge',
  'set_player_access',
  'set_schedule',
  'revert',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `collecting`: the filter's files are being listed (a job over ids skips it); `running`: files are
 * being changed; `done`: every file has its result; `failed`: the job gave up (`reason`).
 */
export const BULK_JOB_STATES = ['collecting', 'running', 'done', 'failed'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** A file's result: changed, already so, edited by someone else since the job took it, or an error. */
export const BULK_OUTCOMES = ['done', 'unchanged', 'conflict', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/** A result, or `pending` while the job has not reached the file. */
export const BULK_RESULT_OUTCOMES = ['pending', ...BULK_OUTCOMES] as const;

const integer = v.pipe(v.number(), v.integer());

export const bulkJobSchema = v.object({
  id: integer,
  action: v.picklist(BULK_ACTIONS),
  state: v.picklist(BULK_JOB_STATES),
  /** Files of the job (while collecting: the count the filter matched). */
  total: integer,
  /** Files by outcome. */
  counts: v.object({ pending: integer, done: integer, unchanged: integer, conflict: integer, failed: integer }),
  /** The filter the job runs over (a BulkFilter, as the job stored it); null for a job over ids. */
  filter: v.nullable(v.record(v.string(), v.unknown())),
  /** Why the job failed. */
  reason: v.nullable(v.string()),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
});
export type BulkJobJson = v.InferOutput<typeof bulkJobSchema>;

export const bulkResultSchema = v.object({
  file_id: integer,
  outcome: v.picklist(BULK_RESULT_OUTCOMES),
  reason: v.nullable(v.string()),
});

/** GET /api/jobs/{id}: the job and a page of its results in file_id order. */
export const bulkJobPageSchema = v.object({
  job: bulkJobSchema,
  results: v.array(bulkResultSchema),
  /** Pass as `after` for the next page; null on the last. */
  next_after: v.nullable(integer),
});
