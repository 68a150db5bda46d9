import * as v from 'valibot';
import { BULK_ACTIONS, type BulkAction } from './bulk-job';
import { listQuerySchema } from './list-query';
import { playerAccessSchema } from './player-access';

/**
 * The bodies of POST /api/files/bulk and POST /api/files/bulk/set (docs/api.md, Bulk jobs): one action
 * (or one value to set) over files named by id, or over every file a filter of the list matches (with
 * the count the client showed). The kit builds them; the server validates them with the JSON schemas
 * derived from them.
 */

export { BULK_ACTIONS, type BulkAction };

/** The actions of POST /api/files/bulk; the set_… ones go through POST /api/files/bulk/set, `revert` only through an undo. */
export const REQUEST_ACTIONS = ['activate', 'deactivate', 'delete', 'restore', 'purge'] as const;

/** Ids one bulk request may name (the list's page holds at most 100); a larger set goes as a filter. */
export const MAX_BULK_IDS = 1000;

/** The list's filter (GET /api/files's own parameters); the trash follows from the action. */
export const bulkFilterSchema = v.strictObject(v.pick(listQuerySchema, ['search', 'isActive', 'file_status', 'scheduled']).entries);
export type BulkFilter = v.InferOutput<typeof bulkFilterSchema>;

const fileId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** The files of a request: ids, or a filter with the count the client showed. */
const target = {
  ids: v.optional(v.pipe(v.array(fileId), v.minLength(1), v.maxLength(MAX_BULK_IDS))),
  filter: v.optional(bulkFilterSchema),
  expected_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
};

export const bulkRequestSchema = v.strictObject({ action: v.picklist(REQUEST_ACTIONS), ...target });
export type BulkRequest = v.InferOutput<typeof bulkRequestSchema>;

/** The times a schedule's bulk set writes: a key absent is left as each file has it, null clears it (PUT /api/files/{id}'s rules). */
export const bulkScheduleSchema = v.strictObject({
  activate_at: v.optional(v.nullable(v.string())),
  deactivate_at: v.optional(v.nullable(v.string())),
});
export type BulkSchedule = v.InferOutput<typeof bulkScheduleSchema>;

/** POST /api/files/bulk/set: one of player_access or schedule, written to every file as PUT /api/files/{id} would (decision D63). */
export const bulkSetRequestSchema = v.strictObject({
  ...target,
  /** The setting every file gets; null: each follows the account's default. */
  player_access: v.optional(v.nullable(playerAccessSchema)),
  /** At least one of the two times. */
  schedule: v.optional(bulkScheduleSchema),
});
export type BulkSetRequest = v.InferOutput<typeof bulkSetRequestSchema>;
