import type { BulkCounts, BulkFilter, BulkJobRow, BulkJobsRepository } from '../db/bulk-jobs-repository';
import { DatabaseUnavailableError } from '../db/engine';
import type { FilesRepository } from '../db/files-repository';
import type { ListQuery } from '../db/files';
import type { ClaimedJob } from '../pipeline/job-queue';
import type { JobContext, JobHandler } from '../pipeline/worker';
import { applyFileAction, type FileActionParts, type FileResult } from './apply-file-action';

export const BULK_FILES = 'bulk-files';

export interface BulkJobPayload {
  bulk_job_id: number;
}

export interface BulkRunSettings {
  /** Files read and changed per step (default 100); each file is its own short transaction. */
  batchSize: number;
  /** A pause between steps (default 0): gives the database to other requests on a busy node. */
  pauseMs: number;
  /** Files changed at once within a step (default: 1 on SQLite, 8 on PostgreSQL). */
  concurrency: number;
}

export interface BulkJobParts extends FileActionParts {
  bulkJobs: BulkJobsRepository;
  files: FilesRepository;
}

/** The list query of a job's filter, over the trash for the actions that work there, in file id order. */
export function filterQuery(filter: BulkFilter, action: BulkJobRow['action'], page: number, limit: number): ListQuery {
  return {
    page,
    limit,
    sort_by: 'file_id',
    order: 'asc',
    search: filter.search,
    isActive: filter.isActive,
    file_status: filter.file_status,
    trashed: action === 'restore' || action === 'purge' ? 1 : 0,
  };
}

/** Files of the filter listed per read while collecting. */
const COLLECT_PAGE = 500;
/** Progress events go out at most this often (and when the job ends). */
const ANNOUNCE_EVERY_MS = 250;

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The job as the API and its progress events show it. */
export function bulkJobJson(row: BulkJobRow, counts: BulkCounts) {
  return {
    id: Number(row.job_id),
    action: row.action,
    state: row.state,
    total: Number(row.total),
    counts,
    filter: row.filter === null ? null : (JSON.parse(row.filter) as BulkFilter),
    reason: row.reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
  };
}

/**
 * The worker's side of a bulk job. A job over a filter first lists the filter's files (the list's own
 * query, so it matches what the list showed) into the job's files with their versions; then every file
 * without a result is changed and its result written, in file id order, a step at a time. A node that
 * dies leaves the job to the next claim when its lease ends, which carries on with the files that have
 * no result yet: each file gets exactly one result. Progress goes to the account's event stream.
 */
export function bulkJobHandler(parts: BulkJobParts, settings: BulkRunSettings): JobHandler {
  const { bulkJobs } = parts;

  const announce = async (jobId: number) => {
    const row = (await bulkJobs.getAny(jobId))!;
    await bulkJobs.announce(row, bulkJobJson(row, await bulkJobs.counts(jobId)), parts.now());
  };

  async function collect(job: BulkJobRow, signal: AbortSignal): Promise<void> {
    const filter = JSON.parse(job.filter ?? '{}') as BulkFilter;
    for (let page = 1; ; page++) {
      signal.throwIfAborted();
      const { files } = await parts.files.list(job.account_id, filterQuery(filter, job.action, page, COLLECT_PAGE));
      await bulkJobs.addFiles(
        job,
        files.map((f) => f.file_id),
      );
      if (files.length < COLLECT_PAGE) break;
    }
    await bulkJobs.startRunning(job.job_id);
  }

  async function settleOne(job: BulkJobRow, file: Parameters<typeof applyFileAction>[2]): Promise<void> {
    let result: FileResult;
    try {
      result = await applyFileAction(parts, job, file);
    } catch (err) {
      if (err instanceof DatabaseUnavailableError) throw err; // the whole step waits for the database
      result = { outcome: 'failed', reason: reasonOf(err) };
    }
    await bulkJobs.settle(job.job_id, file.file_id, result.outcome, result.reason);
  }

  async function run(claimed: ClaimedJob, { signal }: JobContext): Promise<void> {
    const jobId = (claimed.payload as BulkJobPayload).bulk_job_id;
    let job = await bulkJobs.getAny(jobId);
    if (!job || job.state === 'done' || job.state === 'failed') return;
    if (job.state === 'collecting') {
      await collect(job, signal);
      job = (await bulkJobs.getAny(jobId))!;
      await announce(jobId);
    }
    let after = 0;
    let announced = performance.now();
    for (;;) {
      signal.throwIfAborted();
      const batch = await bulkJobs.pending(jobId, after, settings.batchSize);
      if (!batch.length) break;
      for (let i = 0; i < batch.length; i += settings.concurrency) {
        await Promise.all(batch.slice(i, i + settings.concurrency).map((file) => settleOne(job, file)));
        // SQLite answers synchronously: without a turn of the event loop the whole job would run in
        // microtasks and no request would be served until it ends.
        await new Promise((resolve) => setImmediate(resolve));
      }
      after = Number(batch[batch.length - 1]!.file_id);
      if (performance.now() - announced >= ANNOUNCE_EVERY_MS) {
        await announce(jobId);
        announced = performance.now();
      }
      if (settings.pauseMs) await new Promise((resolve) => setTimeout(resolve, settings.pauseMs));
    }
    await bulkJobs.finish(jobId, 'done', parts.now());
    await announce(jobId);
  }

  return {
    kind: BULK_FILES,
    run,
    async retrying() {},
    async failed(claimed, reason) {
      const jobId = (claimed.payload as BulkJobPayload).bulk_job_id;
      await bulkJobs.finish(jobId, 'failed', parts.now(), reason);
      await announce(jobId);
    },
  };
}
