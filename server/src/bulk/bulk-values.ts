import { editChanges, type ActivityRepository } from '../db/activity-repository';
import type { BatchFileState, BulkJobRow, BulkJobsRepository } from '../db/bulk-jobs-repository';
import type { Db } from '../db/engine';
import type { FileRow } from '../db/files';
import type { FilesRepository, JobBatch, StoredValues } from '../db/files-repository';
import { FILE_NOT_FOUND } from '../schemas/messages';
import { CHANGED_SINCE, DELETED_SINCE, result, type FileResult } from './apply-file-action';

// The bulk jobs that write values (decision D63): set_player_access and set_schedule write the request's
// values to every file, as PUT /api/files/{id} would; revert (an undo's) writes back each file's own
// values from before the job it undoes. Each changed file keeps its values from before (`prior`).

/** The actions that write values. */
export const VALUE_ACTIONS = ['set_player_access', 'set_schedule', 'revert'] as const;
export const writesValues = (action: BulkJobRow['action']): action is (typeof VALUE_ACTIONS)[number] =>
  (VALUE_ACTIONS as readonly string[]).includes(action);

type ValueKey = keyof StoredValues;
const VALUE_KEYS: readonly ValueKey[] = ['player_access', 'activate_at', 'deactivate_at'];

/** The values a file should get: the job's own, or (a revert) the file's values from before the undone job. */
const wanted = (job: BulkJobRow, target: string | null): StoredValues => JSON.parse((job.params ?? target) || '{}') as StoredValues;

/** The wanted values that differ from what the file has. */
function differing(row: Pick<FileRow, ValueKey>, values: StoredValues): StoredValues {
  const out: Record<string, unknown> = {};
  for (const key of VALUE_KEYS) {
    if (values[key] !== undefined && values[key] !== (row[key] ?? null)) out[key] = values[key];
  }
  return out as StoredValues;
}

/** The file's values of the keys a change writes: what its undo writes back. */
const priorOf = (row: FileRow, values: StoredValues): string =>
  JSON.stringify(Object.fromEntries(Object.keys(values).map((key) => [key, row[key as ValueKey] ?? null])));

/**
 * The result of a file the batch did not change, from what it is now: not found or moved to the trash
 * as the other actions say it; already as the job wants it is 'unchanged'; changed since the job took
 * it is a conflict, left as it is.
 */
export function valuesUnchangedResult(job: BulkJobRow, s: BatchFileState): FileResult {
  if (s.account_id !== job.account_id) return Number(s.taken) === 0 ? result('failed', FILE_NOT_FOUND) : result('conflict', DELETED_SINCE);
  const values = wanted(job, s.target);
  return Object.keys(differing(s as Pick<FileRow, ValueKey>, values)).length === 0
    ? result('unchanged')
    : result('conflict', CHANGED_SINCE);
}

export interface ValuesBatchParts {
  transaction: Db['transaction'];
  files: Pick<FilesRepository, 'setValues'>;
  activity: Pick<ActivityRepository, 'appendAll'>;
  bulkJobs: Pick<BulkJobsRepository, 'takenRows' | 'keepPriors' | 'batchStates' | 'settleEach'>;
  /** Why the schedule a change leaves is refused, as PUT /api/files/{id} says it (schedules/schedule-times.ts), or null. */
  scheduleProblem(row: FileRow, change: StoredValues, now: number): string | null;
  now(): number;
}

/**
 * One batch of a set_… or revert job in one short transaction: the files still at the version the job
 * took them at are read, each one's change worked out (nothing to change: 'unchanged'; a schedule the
 * single-file route would refuse: 'failed' with its reason), and the files wanting the same change are
 * changed by one statement (a set_… job: all of them). Each changed file's activity entry names the
 * job and says before → after; its values from before are kept for the undo. The others are read as
 * they are now and settled as valuesUnchangedResult says.
 */
export function applyValuesBatch(parts: ValuesBatchParts, job: BulkJobRow, batch: JobBatch): Promise<FileResult[]> {
  return parts.transaction(async (tx) => {
    const now = parts.now();
    const settled: Array<{ file_id: number } & FileResult> = [];
    const groups = new Map<string, { values: StoredValues; rows: FileRow[] }>();
    for (const { target, ...row } of await parts.bulkJobs.takenRows(tx, batch)) {
      const changes = differing(row, wanted(job, target));
      const problem = parts.scheduleProblem(row, changes, now);
      if (!Object.keys(changes).length || problem) {
        settled.push({ file_id: row.file_id, ...(problem ? result('failed', problem) : result('unchanged')) });
        continue;
      }
      const key = JSON.stringify(changes);
      (groups.get(key) ?? groups.set(key, { values: changes, rows: [] }).get(key)!).rows.push(row);
    }
    const changed: Array<{ before: FileRow; after: FileRow; values: StoredValues }> = [];
    for (const { values, rows } of groups.values()) {
      const before = new Map(rows.map((r) => [Number(r.file_id), r]));
      const after = await parts.files.setValues(
        tx,
        batch,
        rows.map((r) => r.file_id),
        values,
      );
      for (const file of after) changed.push({ before: before.get(Number(file.file_id))!, after: file, values });
    }
    await parts.bulkJobs.keepPriors(
      tx,
      job.job_id,
      changed.map(({ before, values }) => ({ file_id: before.file_id, prior: priorOf(before, values) })),
    );
    await parts.activity.appendAll(
      tx,
      changed.map(({ before, after }) => ({
        fileId: after.file_id,
        accountId: job.account_id,
        at: now,
        actor: job.actor,
        source: job.source,
        action: 'update' as const,
        detail: { ...editChanges(before, after), bulk_job: job.job_id },
      })),
    );
    settled.push(...changed.map(({ after }) => ({ file_id: after.file_id, ...result('done') })));
    await parts.bulkJobs.settleEach(tx, job.job_id, settled);
    const rest = (await parts.bulkJobs.batchStates(tx, batch)).map((s) => ({ file_id: s.file_id, ...valuesUnchangedResult(job, s) }));
    await parts.bulkJobs.settleEach(tx, job.job_id, rest);
    return [...settled, ...rest];
  });
}
