import { editChanges, type ActivityAction, type ActivityEntry } from '../db/activity-repository';
import type { BulkAction, BulkFileRow, BulkJobRow, BulkOutcome } from '../db/bulk-jobs-repository';
import type { FilesRepository } from '../db/files-repository';
import { FILE_NOT_FOUND, NOT_IN_TRASH } from '../routes/files';

export const CHANGED_SINCE = 'Changed by someone else since the job started: left as it is';
export const DELETED_SINCE = 'Moved to the trash or deleted since the job started';
export const RESTORED_SINCE = 'Restored from the trash since the job started';
export const PURGE_BUSY = 'Being deleted for good by another request';

export interface FileActionParts {
  files: FilesRepository;
  purgeFile(accountId: number, fileId: number): Promise<boolean>;
  appendActivity(entry: ActivityEntry): Promise<void>;
  now(): number;
}

export interface FileResult {
  outcome: BulkOutcome;
  reason: string | null;
}

const result = (outcome: BulkOutcome, reason: string | null = null): FileResult => ({ outcome, reason });

/**
 * One file of a bulk job, changed through the repository calls of the single-file routes (PUT,
 * DELETE, restore, purge): its version bumps, its events go out, and its activity entry names the
 * job's actor and source and the job. The version the job took the file at is the precondition
 * (as an If-Match): a file someone edited since is a 'conflict' and is left alone. A file the job
 * never found (version 0: an id that is not the account's) fails as the single-file route would.
 */
export async function applyFileAction(parts: FileActionParts, job: BulkJobRow, file: BulkFileRow): Promise<FileResult> {
  const accountId = job.account_id;
  const fileId = file.file_id;
  const expected = Number(file.version);
  const log = (action: ActivityAction, detail: Record<string, unknown> = {}) =>
    parts.appendActivity({
      fileId,
      accountId,
      at: parts.now(),
      actor: job.actor,
      source: job.source,
      action,
      detail: { ...detail, bulk_job: job.job_id },
    });
  const precondition = (version: number) => version === expected;
  const action: BulkAction = job.action;

  if (action === 'activate' || action === 'deactivate') {
    const isActive = action === 'activate' ? 1 : 0;
    const updated = await parts.files.update(accountId, fileId, { isActive }, { now: parts.now(), precondition });
    switch (updated.kind) {
      case 'updated':
        await log('update', editChanges(updated.before, updated.file));
        return result('done');
      case 'unchanged':
        return result('unchanged');
      case 'stale':
        return updated.file.is_active === isActive ? result('unchanged') : result('conflict', CHANGED_SINCE);
      default:
        return expected === 0 ? result('failed', FILE_NOT_FOUND) : result('conflict', DELETED_SINCE);
    }
  }

  if (action === 'delete') {
    const trashed = await parts.files.trash(accountId, fileId, parts.now(), precondition);
    if (trashed.kind === 'trashed') {
      await log('trash');
      return result('done');
    }
    if (trashed.kind === 'stale') return result('conflict', CHANGED_SINCE);
    if (await parts.files.getTrashed(accountId, fileId)) return result('unchanged');
    return expected === 0 ? result('failed', FILE_NOT_FOUND) : result('conflict', DELETED_SINCE);
  }

  // restore and purge: files of the trash.
  const inTrash = await parts.files.getTrashed(accountId, fileId);
  if (!inTrash) {
    if (expected === 0) return result('failed', NOT_IN_TRASH);
    if (action === 'restore') return (await parts.files.get(accountId, fileId)) ? result('unchanged') : result('conflict', DELETED_SINCE);
    return (await parts.files.get(accountId, fileId)) ? result('conflict', RESTORED_SINCE) : result('unchanged');
  }
  if (!precondition(inTrash.version)) return result('conflict', CHANGED_SINCE);
  if (action === 'restore') {
    if (!(await parts.files.restore(accountId, fileId))) return result('conflict', DELETED_SINCE);
    await log('restore');
    return result('done');
  }
  if (!(await parts.purgeFile(accountId, fileId))) return result('conflict', PURGE_BUSY);
  await log('purge');
  return result('done');
}
