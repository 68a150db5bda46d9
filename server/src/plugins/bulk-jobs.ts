import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bulkJobHandler, type BulkRunSettings } from '../bulk/bulk-job';
import { BulkJobsRepository } from '../db/bulk-jobs-repository';
import { Worker } from '../jobs/worker';
import { fileDownloadsHandler } from '../pipeline/file-downloads';
import { defaultWorkerName } from '../jobs/worker-name';
import { scheduleProblem } from '../schedules/schedule-times';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Days an ended bulk job (its results, its Idempotency-Key) is kept. */
export const BULK_JOB_DAYS = 7;

export interface BulkWorkerSettings extends Partial<BulkRunSettings> {
  /** A claimed bulk job is this node's for this long, renewed while it runs (default 60 s). */
  leaseMs?: number;
  /** How often an idle node looks for bulk jobs (default 1 s; a node that takes one pokes itself). */
  pollMs?: number;
  /** A failed attempt's first retry waits this long (default: the worker's, 10 s). */
  backoffMs?: number;
}

export interface BulkJobsPluginOptions {
  /** Run bulk jobs on this node (false: only other nodes run them). */
  worker: BulkWorkerSettings | false;
}

/**
 * Bulk jobs (`app.bulkJobs`, POST /api/files/bulk): every API node runs a worker of its own for them
 * (the pipeline's worker, which runs ffmpeg, may be elsewhere or absent), claiming from the same
 * `jobs` table with leases, so any node takes a job and a job whose node died goes on elsewhere. The
 * same worker runs the jobs of changed downloads settings (pipeline/file-downloads.ts).
 */
async function bulkJobs(app: FastifyInstance, options: BulkJobsPluginOptions): Promise<void> {
  const repository = new BulkJobsRepository(app.db);
  app.decorate('bulkJobs', repository);
  const settings = options.worker;
  const worker = settings
    ? new Worker({
        name: defaultWorkerName(),
        queue: app.jobs,
        handlers: [
          bulkJobHandler(
            {
              bulkJobs: repository,
              files: app.files,
              activity: app.activity,
              transaction: (fn) => app.db.backgroundTransaction(fn),
              purgeFile: (accountId, fileId) => app.purgeFile(accountId, fileId),
              appendActivity: (entry) => app.activity.append(entry),
              scheduleProblem,
              now: () => app.clock(),
            },
            {
              batchSize: settings.batchSize ?? 200,
              // A batch size given (tests) is kept; by default batches adapt to the engine's transaction time.
              batchMs: settings.batchMs ?? (settings.batchSize === undefined ? app.db.jobPacing.batchMs : 0),
              pauseMs: settings.pauseMs ?? app.db.jobPacing.pauseMs,
              pauseShare: settings.pauseShare ?? app.db.jobPacing.pauseShare,
              collectChunk: settings.collectChunk ?? 10_000,
            },
          ),
          // Remuxing a file's downloads copies its top rung (no encode): light enough for every API node.
          fileDownloadsHandler({
            db: app.db,
            files: app.files,
            media: app.media,
            videoStorage: app.videoStorage,
            activity: app.activity,
            clock: app.clock,
            jobs: app.jobs,
          }),
        ],
        ...(settings.leaseMs ? { leaseMs: settings.leaseMs } : {}),
        ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
        ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
        onError: (err) => app.log.error({ err }, 'bulk job worker'),
      })
    : null;
  app.decorate('bulkWorker', worker);

  // Ended jobs, their results and their keys go after BULK_JOB_DAYS (every node, at start and hourly).
  const prune = () => {
    repository.prune(app.clock() - BULK_JOB_DAYS * DAY_MS).catch((err: unknown) => app.log.warn({ err }, 'pruning ended bulk jobs failed'));
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => prune());
  app.addHook('onClose', async () => clearInterval(timer));
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  }
}

export default fp(bulkJobs, { name: 'bulk-jobs', dependencies: ['database', 'pipeline', 'activity', 'trash'] });
