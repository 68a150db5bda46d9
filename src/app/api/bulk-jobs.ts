import * as v from 'valibot';
import { bulkJobSchema as bulkJobContract, bulkResultSchema } from '../../contract/bulk-job';
import type { BulkFilter, BulkSchedule } from '../../contract/bulk-request';
import type { PlayerAccess } from '../../contract/player-access';
import type { ApiClient } from './client';
import { downloadAsFile } from './download';

/**
 * Bulk jobs (docs/api.md, Bulk jobs): one action over every file a filter matches, run by the server.
 * A module of its own: only the list's "all matching" bulk bar, loaded when it is chosen, calls it.
 */

const { id, state, total, counts } = bulkJobContract.entries;

/**
 * The job of the contract (src/contract/bulk-job.ts): what the bar shows of it; an action newer than
 * this kit is still a job. Its entries taken by name (v.pick's code would join the kit's core chunk).
 */
export const bulkJobSchema = v.object({ id, action: v.string(), state, total, counts, reason: v.nullish(v.string()) });
export type BulkJob = v.InferOutput<typeof bulkJobSchema>;

export type { BulkFilter };

/** A new Idempotency-Key: a retried POST with it never starts a second job. */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a job acts on: every file a filter matches (with the count the list showed), or files by id. */
export type BulkTarget = { filter: BulkFilter; expectedCount: number } | { ids: readonly number[] };

/** POST /api/files/bulk; a 409 (the filter's count moved) carries the new count in the error's data. */
export const startBulkJob = (api: ApiClient, action: string, target: BulkTarget, key: string) =>
  api.request('files/bulk', v.object({ job: bulkJobSchema }), {
    method: 'post',
    json: 'ids' in target ? { action, ids: target.ids } : { action, filter: target.filter, expected_count: target.expectedCount },
    headers: { 'idempotency-key': key },
  });

/** What POST /api/files/bulk/set writes to every file: a player access setting (null: the account's default) or schedule times. */
export type BulkValues = { player_access: PlayerAccess | null } | { schedule: BulkSchedule };

/** POST /api/files/bulk/set: one value over files by id or a filter (decision D63); errors as startBulkJob's. */
export const startBulkSet = (api: ApiClient, values: BulkValues, target: BulkTarget, key: string) =>
  api.request('files/bulk/set', v.object({ job: bulkJobSchema }), {
    method: 'post',
    json: { ...('ids' in target ? { ids: target.ids } : { filter: target.filter, expected_count: target.expectedCount }), ...values },
    headers: { 'idempotency-key': key },
  });

/** POST /api/jobs/{id}/undo: a new job with the inverse action over the files this ended job changed. */
export const undoBulkJob = (api: ApiClient, id: number, key: string) =>
  api.request(`jobs/${id}/undo`, v.object({ job: bulkJobSchema }), { method: 'post', headers: { 'idempotency-key': key } });

/** The files a job failed on (at most 1,000: one retry job's worth), from GET /api/jobs/{id}?outcome=failed. */
export async function failedFileIds(api: ApiClient, id: number): Promise<number[]> {
  const reply = await api.request(`jobs/${id}`, v.object({ results: v.array(v.object({ file_id: bulkResultSchema.entries.file_id })) }), {
    searchParams: { outcome: 'failed', limit: 1000 },
  });
  return reply.data.results.map((r) => r.file_id);
}

/** GET /api/jobs/{id}: the job's state and counts (no results: the CSV has them). */
export const getBulkJob = (api: ApiClient, id: number) =>
  api.request(`jobs/${id}`, v.object({ job: bulkJobSchema }), { searchParams: { limit: 1 } });

/** The job of an `event: job` of the file stream, or null when it does not match the contract. */
export function bulkJobOf(data: unknown): BulkJob | null {
  const parsed = v.safeParse(bulkJobSchema, data);
  return parsed.success ? parsed.output : null;
}

/** GET /api/jobs/{id}/results.csv, saved as a file by the browser. */
export const downloadBulkResults = (api: ApiClient, id: number, root: Node): Promise<void> =>
  downloadAsFile(api, `jobs/${id}/results.csv`, `bulk-job-${id}.csv`, root);
