import type { ActivityEntry } from '../db/activity-repository';
import type { BulkFileRow, BulkJobRow, BulkOutcome } from '../db/bulk-jobs-repository';
import type { FilesRepository } from '../db/files-repository';
import { NOT_IN_TRASH } from '../schemas/messages';

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

export const result = (outcome: BulkOutcome, reason: string | null = null): FileResult => ({ outcome, reason });

/**
 * One file of a bulk purge, deleted for good through the single-file route's call (its media go
 * after that call's own commit, so a purge is never part of a batch's transaction): its activity
 * entry names the job's actor and source and the job. The version the job took the file at is the
 * precondition (as an If-Match): a file someone changed since is a 'conflict' and is left alone. A
 * file the job never found (version 0: an id that is not in the account's trash) fails as the
 * single-file route would.
 */
export async function purgeJobFile(parts: FileActionParts, job: BulkJobRow, file: BulkFileRow): Promise<FileResult> {
  const accountId = job.account_id;
  const fileId = file.file_id;
  const expected = Number(file.version);
  const inTrash = await parts.files.getTrashed(accountId, fileId);
  if (!inTrash) {
    if (expected === 0) return result('failed', NOT_IN_TRASH);
    return (await parts.files.get(accountId, fileId)) ? result('conflict', RESTORED_SINCE) : result('unchanged');
  }
  if (inTrash.version !== expected) return result('conflict', CHANGED_SINCE);
  if (!(await parts.purgeFile(accountId, fileId))) return result('conflict', PURGE_BUSY);
  await parts.appendActivity({
    fileId,
    accountId,
    at: parts.now(),
    actor: job.actor,
    source: job.source,
    action: 'purge',
    detail: { bulk_job: job.job_id },
  });
  return result('done');
}
