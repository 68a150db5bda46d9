import * as v from 'valibot';
import { BULK_ACTIONS, type BulkAction } from './bulk-job';
import { listQuerySchema } from './list-query';

/**
 * The body of POST /api/files/bulk (docs/api.md, Bulk jobs): one action over files named by id, or over
 * every file a filter of the list matches (with the count the client showed). The kit builds it; the
 * server validates it with the JSON schema derived from it.
 */

export { BULK_ACTIONS, type BulkAction };

/** Ids one bulk request may name (the list's page holds at most 100); a larger set goes as a filter. */
export const MAX_BULK_IDS = 1000;

/** The list's filter (GET /api/files's own parameters); the trash follows from the action. */
export const bulkFilterSchema = v.strictObject(v.pick(listQuerySchema, ['search', 'isActive', 'file_status']).entries);
export type BulkFilter = v.InferOutput<typeof bulkFilterSchema>;

const fileId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

export const bulkRequestSchema = v.strictObject({
  action: v.picklist(BULK_ACTIONS),
  ids: v.optional(v.pipe(v.array(fileId), v.minLength(1), v.maxLength(MAX_BULK_IDS))),
  filter: v.optional(bulkFilterSchema),
  expected_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type BulkRequest = v.InferOutput<typeof bulkRequestSchema>;
