import { editChanges, type ActivityAction, type ActivityRepository } from '../db/activity-repository';
import type { BatchFileState, BulkJobRow, BulkJobsRepository } from '../db/bulk-jobs-repository';
import type { Db } from '../db/engine';
import type { BatchChange, FilesRepository, JobBatch } from '../db/files-repository';
import { FILE_NOT_FOUND, NOT_IN_TRASH } from '../schemas/messages';
import { CHANGED_SINCE, DELETED_SINCE, result, type FileResult } from './apply-file-action';

/** The bulk actions a batch changes set-based (a purge goes file by file: see purgeJobFile). */
export type BatchAction = 'activate' | 'deactivate' | 'delete' | 'restore';

export interface BatchParts {
  transaction: Db['transaction'];
  files: Pick<FilesRepository, 'changeBatch'>;
  activity: Pick<ActivityRepository, 'appendEach'>;
  bulkJobs: Pick<BulkJobsRepository, 'batchStates' | 'settleEach'>;
  now(): number;
}

const CHANGES: Record<BatchAction, { change: BatchChange; logged: ActivityAction }> = {
  activate: { change: 'activate', logged: 'update' },
  deactivate: { change: 'deactivate', logged: 'update' },
  delete: { change: 'trash', logged: 'trash' },
  restore: { change: 'restore', logged: 'restore' },
};

/**
 * The result of a file the batch did not change, from what it is now: the same outcomes and reasons
 * as the single-file routes' answers (a failed If-Match is a conflict unless the file is already as
 * the job wants it; a file the job never found fails as the route's 404 would).
 */
export function unchangedResult(action: BatchAction, accountId: number, s: BatchFileState): FileResult {
  const live = s.account_id === accountId;
  const trashed = s.account_id === -accountId;
  const notFound = (reason: string) => (Number(s.taken) === 0 ? result('failed', reason) : result('conflict', DELETED_SINCE));
  switch (action) {
    case 'activate':
    case 'deactivate':
      if (!live) return notFound(FILE_NOT_FOUND);
      return s.is_active === Number(action === 'activate') ? result('unchanged') : result('conflict', CHANGED_SINCE);
    case 'delete':
      if (live) return result('conflict', CHANGED_SINCE);
      return trashed ? result('unchanged') : notFound(FILE_NOT_FOUND);
    case 'restore':
      if (trashed) return result('conflict', CHANGED_SINCE);
      if (Number(s.taken) === 0) return result('failed', NOT_IN_TRASH);
      return live ? result('unchanged') : result('conflict', DELETED_SINCE);
  }
}

/**
 * One batch of a bulk job in one short transaction, set-based (decision D37): one UPDATE changes
 * every file of the batch still at the version the job took it at, one INSERT writes their activity
 * entries (the single-file route's detail, plus the job), one SELECT reads the others as they are
 * now, and their results are written by outcome (and returned). A restart finds each file either changed
 * with its result or neither.
 */
export function applyBatch(parts: BatchParts, job: BulkJobRow, action: BatchAction, batch: JobBatch): Promise<FileResult[]> {
  const { change, logged } = CHANGES[action];
  return parts.transaction(async (tx) => {
    const now = parts.now();
    const changed = await parts.files.changeBatch(tx, batch, change, now);
    const detail =
      logged === 'update' && changed[0]
        ? editChanges({ ...changed[0], is_active: 1 - changed[0].is_active }, changed[0]) // every row flipped the same way
        : {};
    await parts.activity.appendEach(
      tx,
      changed.map((f) => f.file_id),
      {
        accountId: job.account_id,
        at: now,
        actor: job.actor,
        source: job.source,
        action: logged,
        detail: { ...detail, bulk_job: job.job_id },
      },
    );
    const done = new Set(changed.map((f) => f.file_id));
    const states = await parts.bulkJobs.batchStates(tx, batch);
    const results = states.map((s) => ({
      file_id: s.file_id,
      ...(done.has(s.file_id) ? result('done') : unchangedResult(action, job.account_id, s)),
    }));
    await parts.bulkJobs.settleEach(tx, job.job_id, results);
    return results;
  });
}
