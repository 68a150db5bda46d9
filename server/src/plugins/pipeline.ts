import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UrlPolicy } from '../ingest/url-policy';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../media/media-limits';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import type { MediaStore } from '../media/media-store';
import { openMediaStore } from '../media/open-media-store';
import { FileStatusWriter } from '../pipeline/file-status';
import { JobQueue } from '../pipeline/job-queue';
import { processFileHandler } from '../pipeline/process-file';
import { Worker } from '../pipeline/worker';

export interface WorkerSettings {
  /** `file_server` of the files it processes (default `<host name>-<process id>`). */
  name?: string | undefined;
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: number;
  /** What one video may cost (VP_MAX_VIDEO_* and VP_MAX_JOB_SECONDS; the defaults for the rest). */
  limits?: Partial<MediaLimits>;
}

export interface PipelinePluginOptions {
  /** Run a worker inside this server (false: API only; workers run elsewhere). */
  worker: WorkerSettings | false;
}

export const defaultWorkerName = (): string => `${os.hostname()}-${process.pid}`;

export interface WorkerParts {
  jobs: JobQueue;
  media: MediaStore;
  fileStatus: FileStatusWriter;
  urlPolicy: UrlPolicy;
  videoStorage: VideoStorageRepository;
  videoQuotaBytes: number;
  onError: (err: unknown) => void;
}

/** A worker of the reference pipeline (the server's own, or the CLI's `worker`). */
export function createWorker(parts: WorkerParts, settings: WorkerSettings): Worker {
  return new Worker({
    name: settings.name ?? defaultWorkerName(),
    queue: parts.jobs,
    handlers: [
      processFileHandler({
        media: parts.media,
        status: parts.fileStatus,
        urlPolicy: parts.urlPolicy,
        limits: { ...DEFAULT_MEDIA_LIMITS, ...settings.limits },
        videoStorage: parts.videoStorage,
        videoQuotaBytes: parts.videoQuotaBytes,
      }),
    ],
    ...(settings.leaseMs ? { leaseMs: settings.leaseMs } : {}),
    ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
    ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
    onError: parts.onError,
  });
}

/**
 * The media store (`app.media`), the jobs queue (`app.jobs`), the pipeline's status writer
 * (`app.fileStatus`) and, unless disabled, one worker in this process (`app.worker`), started when
 * the server is ready and stopped (its job left to the lease) when it closes.
 */
async function pipeline(app: FastifyInstance, options: PipelinePluginOptions): Promise<void> {
  app.decorate('media', openMediaStore(app.settings));
  app.decorate('jobs', new JobQueue(app.db));
  app.decorate('fileStatus', new FileStatusWriter(app.db, app.clock));
  const urlPolicy = {
    allowHosts: app.settings.ingestAllowHosts,
    maxBytes: app.settings.maxVideoBytes,
    timeoutMs: app.settings.downloadTimeoutMs,
  };
  const worker = options.worker
    ? createWorker(
        {
          jobs: app.jobs,
          media: app.media,
          fileStatus: app.fileStatus,
          urlPolicy,
          videoStorage: app.videoStorage,
          videoQuotaBytes: app.settings.accountVideoQuotaBytes,
          onError: (err) => app.log.error({ err }, 'pipeline worker'),
        },
        options.worker,
      )
    : null;
  app.decorate('worker', worker);
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  }
}

export default fp(pipeline, { name: 'pipeline', dependencies: ['database'] });
