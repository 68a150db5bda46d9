import type { ActivityRepository } from '../db/activity-repository';
import type { BulkCounts, BulkFileRow, BulkFilter, BulkJobRow, BulkJobsRepository } from '../db/bulk-jobs-repository';
import { DatabaseUnavailableError } from '../db/engine';
import type { FilesRepository } from '../db/files-repository';
import type { ListQuery } from '../db/files';
import { BULK_FILES, type BulkJobPayload } from '../db/job-kinds';
import type { ClaimedJob } from '../db/jobs-repository';
import type { JobContext, JobHandler } from '../jobs/worker';
import { applyBatch, type BatchParts } from './apply-batch';
import { purgeJobFile, type FileActionParts, type FileResult } from './apply-file-action';
import { applyValuesBatch, writesValues, type ValuesBatchParts } from './bulk-values';

export interface BulkRunSettings {
  /**
   * Files per batch, one transaction each: the first batch's size, then, when `batchMs` is set, sized
   * so that a batch's transaction takes about `batchMs` (default 200, adapting to 5 ms on SQLite, 100 ms on PostgreSQL).
   */
  batchSize: number;
  /** The time one batch's transaction should take (0: every batch is `batchSize` files). */
  batchMs: number;
  /** A pause between batches (0: a turn of the event loop), in which other requests run (default: 2 ms on SQLite, 0 on PostgreSQL). */
  pauseMs: number;
  /**
   * The pause is also at least this share of the batch's own time (default: 1 on SQLite, so a job
   * takes at most half of the event loop's time even when a busy machine stretches its batches; 0 on
   * PostgreSQL).
   */
  pauseShare: number;
  /** Files of a filter copied into its job per statement, one transaction each (default 10,000: tens of milliseconds). */
  collectChunk: number;
}

export interface BulkJobParts extends FileActionParts, Omit<BatchParts, 'activity'>, Omit<ValuesBatchParts, 'activity'> {
  bulkJobs: BulkJobsRepository;
  files: FilesRepository;
  activity: Pick<ActivityRepository, 'appendEach' | 'appendAll'>;
}

/** The actions that work on the trash: their filter selects files there. */
export const inTrash = (action: BulkJobRow['action']): boolean => action === 'restore' || action === 'purge';

/** The list query of a job's filter (its first page: the count a client saw), in the trash for the actions that work there. */
export function filterQuery(filter: BulkFilter, action: BulkJobRow['action']): ListQuery {
  return { ...filter, page: 1, limit: 1, sort_by: 'file_id', order: 'asc', trashed: inTrash(action) ? 1 : 0 };
}

/** Batches stay within these sizes however fast or slow the last one was. */
const MIN_BATCH = 20;
const MAX_BATCH = 2_000;

/**
 * The size of the next batch, so that it takes about `targetMs`: the last one's rate, followed by at
 * most a quarter down or a half up a step (a batch that lost the CPU for a moment on a busy machine
 * does not shrink the next ones to nothing, whose fixed costs would then dominate).
 */
export function nextBatchSize(size: number, files: number, elapsedMs: number, targetMs: number): number {
  if (files < size) return size; // the job's last files: their time says nothing of a full batch
  const fitting = (files * targetMs) / Math.max(elapsedMs, 0.1);
  return Math.round(Math.min(MAX_BATCH, Math.max(MIN_BATCH, size * 0.75, Math.min(size * 1.5, fitting))));
}

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
 * without a result is changed and its result written, in file id order, a batch (one transaction) at a time. A node that
 * dies leaves the job to the next claim when its lease ends, which carries on with the files that have
 * no result yet: each file gets exactly one result. Progress goes to the account's event stream.
 */
export function bulkJobHandler(parts: BulkJobParts, settings: BulkRunSettings): JobHandler {
  const { bulkJobs } = parts;

  /** Progress to the event stream, with the job's counts (read from its results unless the run is keeping them). */
  const announce = async (jobId: number, counts?: BulkCounts) => {
    const row = (await bulkJobs.getAny(jobId))!;
    await bulkJobs.announce(row, bulkJobJson(row, counts ?? (await bulkJobs.counts(jobId))));
  };

  async function collect(job: BulkJobRow, signal: AbortSignal): Promise<void> {
    const filter = JSON.parse(job.filter ?? '{}') as BulkFilter;
    for (let after = await bulkJobs.lastFile(job.job_id); ;) {
      signal.throwIfAborted();
      const select = parts.files.matching(job.account_id, filter, inTrash(job.action), after, settings.collectChunk);
      const { copied, last } = await bulkJobs.collect(job, select);
      if (copied < settings.collectChunk) break;
      after = last;
    }
    await bulkJobs.startRunning(job.job_id);
  }

  /** A purge, file by file (its media go after each file's own commit), with each file's result after it. */
  async function purgeEach(job: BulkJobRow, files: readonly BulkFileRow[]): Promise<FileResult[]> {
    const results: FileResult[] = [];
    for (const file of files) {
      let outcome: FileResult;
      try {
        outcome = await purgeJobFile(parts, job, file);
      } catch (err) {
        if (err instanceof DatabaseUnavailableError) throw err; // the whole job waits for the database
        outcome = { outcome: 'failed', reason: reasonOf(err) };
      }
      await bulkJobs.settle(job.job_id, file.file_id, outcome.outcome, outcome.reason);
      results.push(outcome);
    }
    return results;
  }

  /**
   * A batch, set-based. A batch that throws is rolled back and split in halves, down to the one file
   * that throws, whose error is its `failed` result: every other file still changes with its batch.
   * Resolves to the results it wrote.
   */
  async function settleBatch(job: BulkJobRow, files: readonly BulkFileRow[]): Promise<FileResult[]> {
    if (job.action === 'purge') return purgeEach(job, files);
    const batch = { jobId: job.job_id, accountId: job.account_id, from: files[0]!.file_id, to: files[files.length - 1]!.file_id };
    try {
      return await (writesValues(job.action) ? applyValuesBatch(parts, job, batch) : applyBatch(parts, job, job.action, batch));
    } catch (err) {
      if (err instanceof DatabaseUnavailableError) throw err;
      if (files.length === 1) {
        const failed = { outcome: 'failed' as const, reason: reasonOf(err) };
        await bulkJobs.settle(job.job_id, files[0]!.file_id, failed.outcome, failed.reason);
        return [failed];
      }
    }
    const half = Math.ceil(files.length / 2);
    return [...(await settleBatch(job, files.slice(0, half))), ...(await settleBatch(job, files.slice(half)))];
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
    // Counted once, then kept from each batch's results: counting a 100,000-file job's results took
    // ~30 ms on SQLite's event loop, four times a second. Only this run writes them while it holds the job.
    const counts = await bulkJobs.counts(jobId);
    let after = 0;
    let size = settings.batchSize;
    let announced = performance.now();
    for (;;) {
      signal.throwIfAborted();
      const files = await bulkJobs.pending(jobId, after, size);
      if (!files.length) break;
      const started = performance.now();
      for (const { outcome } of await settleBatch(job, files)) {
        counts.pending--;
        counts[outcome]++;
      }
      const took = performance.now() - started;
      if (settings.batchMs) size = nextBatchSize(size, files.length, took, settings.batchMs);
      after = Number(files[files.length - 1]!.file_id);
      if (performance.now() - announced >= ANNOUNCE_EVERY_MS) {
        await announce(jobId, counts);
        announced = performance.now();
      }
      // SQLite answers synchronously and its one connection makes every statement wait while a batch
      // is open: without a turn of the event loop no request would be served until the job ends.
      const pause = Math.max(settings.pauseMs, took * settings.pauseShare);
      await (pause ? new Promise((resolve) => setTimeout(resolve, pause)) : new Promise((resolve) => setImmediate(resolve)));
    }
    await bulkJobs.finish(jobId, 'done', parts.now(), null, bulkJobJson);
  }

  return {
    kind: BULK_FILES,
    run,
    async retrying() {},
    async failed(claimed, reason) {
      const jobId = (claimed.payload as BulkJobPayload).bulk_job_id;
      await bulkJobs.finish(jobId, 'failed', parts.now(), reason, bulkJobJson);
    },
  };
}
